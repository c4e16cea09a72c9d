// The in-page collector (`globalThis.__sightline`, one per isolated world and document): the
// methods Node calls (CollectorApi, page/wire/collector-api.ts), each handed to the module that
// does the job. Node calls them through src/page-call/ only.
import { activationKey } from './actions/activation-key.js';
import { centreInView } from './actions/centre-in-view.js';
import { coveringElement, plainDescription } from './actions/covering-element.js';
import { EffectProbes } from './actions/effect-probe.js';
import { focusInFrame, isFocused, selectContent } from './actions/focus.js';
import { framePresented } from './actions/frame-presented.js';
import { hitInside } from './actions/hit-inside.js';
import { scrollBy } from './actions/scroll-by.js';
import { missingOptions, optionElements, selectKind, selectOptions } from './actions/select-options.js';
import { SpaceGuard } from './actions/space-guard.js';
import { DocumentCapture } from './document-capture.js';
import { DragWatch } from './drag-watch.js';
import { HandleRegistry } from './handles.js';
import { LabelOverlay } from './screenshot-labels.js';
import { findSecretBoxes } from './secret-boxes.js';
import { secretValues } from './secret-values.js';
import { documentLoaded, refWaitState, visibleTextIncludes } from './wait-checks.js';
import type { Activation, PlainDescription, ProbeReading, RefWaitState, SelectKind, SelectOutcome } from './wire/action-answers.js';
import type { CollectorApi } from './wire/collector-api.js';
import type { LabelBox, SecretBoxes } from './wire/screenshot-wire.js';
import type { CaptureOptions, ClosedRootRequest, ShipResult, WarmUpOptions } from './wire/ship-result.js';

/** State of this isolated world for its document's life. */
export class Collector implements CollectorApi<Node> {
  private readonly handles = new HandleRegistry();
  /** Walks, rankings and the caches that let the next walk reuse this one (document-capture.ts). */
  readonly document = new DocumentCapture(this.handles);
  private readonly overlay = new LabelOverlay();
  private readonly probes = new EffectProbes();
  private readonly spaceGuard = new SpaceGuard();
  /** SPEC §12 drag: whether a press-and-move started an HTML5 drag (see drag-watch.ts). */
  private readonly dragWatch = new DragWatch();
  /** The frame owners of the last `secretBoxes()`, in its order. */
  private maskOwners: Element[] = [];

  // ── Handles
  prove(handle: number): 'live' | 'detached' {
    return this.handles.liveNode(handle) ? 'live' : 'detached';
  }
  elements(handles: number[]): Array<Node | null> {
    return this.handles.nodes(handles);
  }
  liveNode(handle: number): Node | null {
    return this.handles.liveNode(handle);
  }

  // ── Capture
  capture(options: CaptureOptions): ShipResult | ClosedRootRequest {
    return this.document.capture(options);
  }
  warmUp(options: WarmUpOptions): number | ClosedRootRequest {
    return this.document.warmUp(options);
  }
  storeSegments(): void {
    this.document.storePending();
  }
  rankedKeys(token: string): number[] | null {
    return this.document.rankedKeys(token);
  }
  shipRecords(token: string, records: number[]): ShipResult | null {
    return this.document.shipRecords(token, records);
  }
  shipRanked(token: string, from: number, count: number): ShipResult | null {
    return this.document.shipRanked(token, from, count);
  }
  axTargets(handles: number[]): Array<Node | null> {
    const nodes = this.handles.nodes(handles);
    this.document.markAxFetched(nodes);
    return nodes;
  }

  // ── Closed shadow roots (page/closed-roots.ts)
  takeClosedCandidates(limit: number): Element[] {
    return this.document.closed.takeCandidates(limit);
  }
  takeClosedScan(): Node[] {
    return this.document.closed.takeScan();
  }
  closedScanned(complete: boolean, ...pairs: Array<Element | ShadowRoot>): void {
    this.document.addClosedRoots(pairs);
    this.document.closed.scanDone(complete);
  }
  addClosedRoots(...pairs: Array<Element | ShadowRoot>): void {
    this.document.addClosedRoots(pairs);
  }

  // ── SPEC §12 browser_wait (wait-checks.ts)
  waitText(text: string): boolean {
    return visibleTextIncludes(text);
  }
  waitRef(handle: number): RefWaitState {
    return refWaitState(this.handles.node(handle));
  }
  waitLoaded(): boolean {
    return documentLoaded();
  }

  // ── Screenshots and console redaction
  labels(list: LabelBox[]): void {
    this.overlay.draw(list);
  }
  secretBoxes(): SecretBoxes {
    const found = findSecretBoxes((host) => this.document.closedRoots.get(host));
    this.maskOwners = found.ownerElements;
    return found.result;
  }
  secretFrameOwners(): Element[] {
    const owners = this.maskOwners;
    this.maskOwners = [];
    return owners;
  }
  secretValues(): string[] {
    return secretValues((host) => host.shadowRoot ?? this.document.closedRoots.get(host) ?? null);
  }

  // ── Action path (SPEC §6): each rule lives in its own module under page/actions/.
  hitInside(target: Node, hit: Node): boolean {
    return hitInside(target, hit);
  }
  coveringElement(hit: Node, target: Node | null): Node {
    return coveringElement(hit, target);
  }
  plainDescription(node: Node): PlainDescription {
    return plainDescription(node);
  }
  centreInView(node: Node, hit: Node | null): { moved: boolean } {
    return centreInView(node, hit);
  }
  installProbe(target: Node | null): number {
    return this.probes.install(target);
  }
  readProbe(token: number): ProbeReading {
    return this.probes.read(token);
  }
  selectContent(node: Node): boolean {
    return selectContent(node);
  }
  isFocused(node: Node): boolean {
    return isFocused(node);
  }
  focusInFrame(): boolean {
    return focusInFrame();
  }
  selectKind(node: Node): SelectKind {
    return selectKind(node);
  }
  selectOptions(node: Node, values: string[]): SelectOutcome {
    return selectOptions(node, values);
  }
  missingOptions(listbox: Node, values: string[]): string[] {
    return missingOptions(listbox, values);
  }
  optionElements(listbox: Node, values: string[]): Node[] {
    return optionElements(listbox, values);
  }
  scrollBy(node: Node | null, dx: number, dy: number): { moved: boolean } {
    return scrollBy(node, dx, dy);
  }
  activationKey(node: Node): Activation | null {
    return activationKey(node);
  }
  guardSpace(node: Node): boolean {
    return this.spaceGuard.guard(node);
  }
  releaseSpaceGuard(): boolean {
    return this.spaceGuard.release();
  }
  armDragWatch(): void {
    this.dragWatch.arm();
  }
  dragStarted(): Promise<boolean> {
    return this.dragWatch.result();
  }
  framePresented(timeoutMs: number): Promise<boolean> {
    return framePresented(timeoutMs);
  }
}
