import { documentLoaded, refWaitState, visibleTextIncludes } from './wait-checks.js';
import { elementEvidence, insideSensitive, isSensitive } from './evidence.js';
import { hitTest } from './hit-test.js';
import { closedDetailsContent } from './ua-hidden.js';
import { NAME_FROM_CONTENT_ROLES, repeatsName } from '@sightline/semantic-core/page-safe';
import { collapse, nameOf } from './roles.js';
import { rankWalk, type RankFunction } from './rank.js';
import { NOT_SEMANTIC, V_HIDDEN, V_IN, V_OCCLUDED, VIS_NAMES, type Ranking, type Walk } from './types.js';
import { walkDocument } from './walk.js';
import { SegmentCache } from './segments.js';
import { MutationLog } from './mutation-log.js';
import { AxFreshness } from './ax-freshness.js';
import { DragWatch } from './drag-watch.js';
import { findSecretBoxes } from './secret-boxes.js';
import { ClosedRootTracker } from './closed-roots.js';
import type { Activation, PlainDescription, ProbeReading, RefWaitState, SelectKind, SelectOutcome } from './wire/action-answers.js';
import type { CollectorApi } from './wire/collector-api.js';
import type { CaptureOptions, ClosedRootRequest, ShippedNode, ShipResult } from './wire/ship-result.js';
import type { LabelBox, SecretBoxes } from './wire/screenshot-wire.js';
import { activationKey } from './actions/activation-key.js';
import { centreInView } from './actions/centre-in-view.js';
import { coveringElement, plainDescription } from './actions/covering-element.js';
import { EffectProbes } from './actions/effect-probe.js';
import { focusInFrame, isFocused, selectContent } from './actions/focus.js';
import { hitInside } from './actions/hit-inside.js';
import { scrollBy } from './actions/scroll-by.js';
import { missingOptions, optionElements, selectKind, selectOptions } from './actions/select-options.js';
import { SpaceGuard } from './actions/space-guard.js';
import { secretValues } from './secret-values.js';

const HIT = ['clear', 'clear', 'covered', 'unknown'] as const;
const MAX_STORED_RANKINGS = 8;

/** State of this isolated world for its document's life. */
export class Collector implements CollectorApi<Node> {
  private readonly handles = new WeakMap<Node, number>();
  private readonly byHandle = new Map<number, WeakRef<Node>>();
  private nextHandle = 1;
  private nextToken = 1;
  private readonly rankings = new Map<string, Ranking>();
  private readonly closedRoots = new WeakMap<Element, ShadowRoot>();
  private readonly checkedHosts = new WeakSet<Element>();
  private readonly closed = new ClosedRootTracker(this.checkedHosts);
  /** Created at the first capture: caches valid while the DOM they cover is unchanged. */
  private watch: { log: MutationLog; segments: SegmentCache; ax: AxFreshness } | null = null;
  rank: RankFunction = rankWalk;
  /** SPEC §12 drag: whether a press-and-move started an HTML5 drag (see drag-watch.ts). */
  private readonly dragWatch = new DragWatch();
  /** Phase timings (ms) of the last capture, for benchmarks. */
  timings: Record<string, number> = {};

  handleOf(node: Node): number {
    let handle = this.handles.get(node);
    if (handle === undefined) {
      handle = this.nextHandle++;
      this.handles.set(node, handle);
      this.byHandle.set(handle, new WeakRef(node));
    }
    return handle;
  }

  node(handle: number): Node | null {
    return this.byHandle.get(handle)?.deref() ?? null;
  }

  prove(handle: number): 'live' | 'detached' {
    const node = this.node(handle);
    return node && node.isConnected && node.ownerDocument === document ? 'live' : 'detached';
  }

  elements(handles: number[]): Array<Node | null> {
    return handles.map((h) => this.node(h));
  }

  // --- SPEC §12 browser_wait: checks the Node side polls (wait-checks.ts) ---

  waitText(text: string): boolean {
    return visibleTextIncludes(text);
  }

  waitRef(handle: number): RefWaitState {
    return refWaitState(this.node(handle));
  }

  waitLoaded(): boolean {
    return documentLoaded();
  }

  /** Elements whose AX facts the Node side reads now (and may reuse while they stay fresh). */
  axTargets(handles: number[]): Array<Node | null> {
    const nodes = this.elements(handles);
    this.watched().ax.markFetched(nodes);
    return nodes;
  }

  private watched(): { log: MutationLog; segments: SegmentCache; ax: AxFreshness } {
    if (!this.watch) {
      const log = new MutationLog(document);
      this.watch = { log, segments: new SegmentCache(log), ax: new AxFreshness(log, window) };
      this.closed.listen(log);
    }
    return this.watch;
  }

  private overlay: HTMLElement | null = null;

  /** Numbered labels over boxes (top-level viewport px) for annotated screenshots; [] removes them. */
  labels(list: LabelBox[]): void {
    this.overlay?.remove();
    this.overlay = null;
    if (list.length === 0) return;
    const host = document.createElement('div');
    host.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;';
    const root = host.attachShadow({ mode: 'closed' });
    for (const { label, box } of list) {
      const frame = document.createElement('div');
      frame.style.cssText = `position:absolute;left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;outline:2px solid #e8117f;`;
      const tag = document.createElement('span');
      tag.textContent = String(label);
      tag.style.cssText = 'position:absolute;left:-2px;top:-16px;font:bold 11px/14px monospace;background:#e8117f;color:#fff;padding:0 3px;';
      frame.appendChild(tag);
      root.appendChild(frame);
    }
    document.documentElement.appendChild(host);
    this.overlay = host;
  }

  /** SPEC §12: current values of the document's secret fields, for console redaction (page/secret-values.ts). */
  secretValues(): string[] {
    return secretValues((host) => host.shadowRoot ?? this.closedRoots.get(host) ?? null);
  }

  /** Up to `limit` hosts found by the last walk that may carry a closed shadow root (page/closed-roots.ts). */
  takeClosedCandidates(limit: number): Element[] {
    return this.closed.takeCandidates(limit);
  }

  /** Subtrees whose pierced read the last capture asked for (the document, or elements inserted since the last read). */
  takeClosedScan(): Node[] {
    return this.closed.takeScan();
  }

  /** The closed roots a pierced read found ([host, root] pairs); `complete`: no budget cut it short. */
  closedScanned(complete: boolean, ...pairs: Array<Element | ShadowRoot>): void {
    this.addClosedRoots(...pairs);
    this.closed.scanDone(complete);
  }

  addClosedRoots(...pairs: Array<Element | ShadowRoot>): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      this.closedRoots.set(pairs[i] as Element, pairs[i + 1] as ShadowRoot);
      // Records copied from earlier walks did not compose this root: drop the ones around its host.
      this.watch?.segments.invalidateFrom(pairs[i] as Element);
    }
    this.closed.watchRoots(pairs);
  }

  capture(options: CaptureOptions): ShipResult | ClosedRootRequest {
    const result = this.captureInner(options);
    if ('nodes' in result) result.timings = this.timings;
    return result;
  }

  private captureInner(options: CaptureOptions): ShipResult | ClosedRootRequest {
    const start = performance.now();
    const watch = this.watched();
    watch.log.flush();
    const reuse = options.reuse !== false;
    const walk = this.closed.takeWalk(options.closed) ?? walkDocument(document, this.closedRoots, this.checkedHosts, {
      deadline: start + options.timeMs,
      maxNodes: options.maxNodes,
      maxHitTests: options.maxHitTests,
    }, options.placement, watch.log, reuse ? watch.segments : undefined);
    const walked = performance.now();
    const closed = this.closed.request(walk, options.closed);
    if (closed !== null) return closed;
    dropEchoTexts(walk, reusedRecords(walk));
    if (reuse) watch.segments.store(walk, walk.segments);
    if (options.placement.covered) coverAll(walk);
    else hitTest(walk, options.maxHitTests, start + options.timeMs);
    const hit = performance.now();
    const { order, tiers } = this.rank(walk);
    let reused = 0;
    for (const segment of walk.segments) if (segment.reused) reused += segment.end - segment.start;
    this.timings = { walk: walked - start, hit: hit - walked, rank: performance.now() - hit, reusedRecords: reused };
    const token = `w${this.nextToken++}`;
    const ranking: Ranking = { token, order, tiers, walk };
    this.rankings.set(token, ranking);
    if (this.rankings.size > MAX_STORED_RANKINGS) this.rankings.delete(this.rankings.keys().next().value!);

    if (options.mode === 'all') {
      const all = walk.nodes.map((_, i) => i);
      return this.ship(ranking, all, 'all', null);
    }
    if (options.mode === 'owners') return this.ship(ranking, [], 'ranked_prefix', null);
    if (options.mode === 'query') {
      const needle = (options.query ?? '').toLowerCase();
      const hits: number[] = [];
      for (let k = 0; k < order.length; k++) {
        const i = order[k]!;
        if (matches(walk, i, needle)) hits.push(i);
      }
      hits.sort((a, b) => a - b);
      const shipped = this.ship(ranking, hits.slice(0, options.shipLimit), 'ranked_prefix', null);
      shipped.scopeComplete = hits.length <= options.shipLimit;
      return shipped;
    }
    if (options.mode === 'interactive') {
      // dom_refs_v1: actionable ranked (not hidden, not occluded) records in document order, the first shipLimit.
      const hits: number[] = [];
      for (let k = 0; k < order.length; k++) if (walk.actionable[order[k]!]) hits.push(order[k]!);
      hits.sort((a, b) => a - b);
      const shipped = this.ship(ranking, hits.slice(0, options.shipLimit), 'ranked_prefix', null);
      shipped.scopeComplete = hits.length <= options.shipLimit;
      return shipped;
    }
    if (options.mode === 'subtree') {
      const target = options.handle === undefined ? null : this.node(options.handle);
      const rootIndex = target ? walk.nodes.indexOf(target) : -1;
      if (rootIndex < 0) return { ...emptyResult(walk), stale: true };
      const picked: number[] = [];
      let within = 0;
      for (let k = 0; k < order.length; k++) {
        const i = order[k]!;
        if (!isWithin(walk, i, rootIndex)) continue;
        within++;
        if (picked.length < options.shipLimit) picked.push(i);
      }
      if (!picked.includes(rootIndex)) picked.push(rootIndex);
      const shipped = this.ship(ranking, picked, 'ranked_prefix', null);
      shipped.scopeComplete = within <= options.shipLimit;
      return shipped;
    }
    // Default read: tiers 0–6 only, up to the ship limit.
    const picked: number[] = [];
    for (let k = 0; k < order.length && picked.length < options.shipLimit; k++) {
      if (tiers[k]! >= 7) break;
      picked.push(order[k]!);
    }
    return this.ship(ranking, picked, 'ranked_prefix', { token, shipped: picked.length, total: order.length });
  }

  /** Ranked keys of a stored ranking: [recordIndex, tier] pairs flattened, in rank order. */
  rankedKeys(token: string): number[] | null {
    const ranking = this.rankings.get(token);
    if (!ranking) return null;
    const out = new Array<number>(ranking.order.length * 2);
    for (let k = 0; k < ranking.order.length; k++) {
      out[2 * k] = ranking.order[k]!;
      out[2 * k + 1] = ranking.tiers[k]!;
    }
    return out;
  }

  /** Ship given records of a stored ranking (for continuations). */
  shipRecords(token: string, records: number[]): ShipResult | null {
    const ranking = this.rankings.get(token);
    if (!ranking) return null;
    const live = records.filter((i) => ranking.walk.nodes[i]?.isConnected);
    return this.ship(ranking, live, 'ranked_prefix', null);
  }

  /** Ship the ranked slice [from, from + count) of a stored ranking. */
  shipRanked(token: string, from: number, count: number): ShipResult | null {
    const ranking = this.rankings.get(token);
    if (!ranking) return null;
    const picked = Array.from(ranking.order.subarray(from, from + count));
    return this.shipRecords(token, picked);
  }

  private ship(ranking: Ranking, picked: number[], included: 'all' | 'ranked_prefix', rankingInfo: ShipResult['ranking']): ShipResult {
    const shipStart = performance.now();
    try {
      return this.shipInner(ranking, picked, included, rankingInfo);
    } finally {
      this.timings['ship'] = performance.now() - shipStart;
    }
  }

  private shipInner(ranking: Ranking, picked: number[], included: 'all' | 'ranked_prefix', rankingInfo: ShipResult['ranking']): ShipResult {
    const walk = ranking.walk;
    const n = walk.nodes.length;
    const keep = new Uint8Array(n);
    // Tier per record (255: not ranked).
    const tierOf = new Uint8Array(n).fill(255);
    for (let k = 0; k < ranking.order.length; k++) tierOf[ranking.order[k]!] = ranking.tiers[k]!;
    const addWithAncestors = (i: number) => {
      for (let j = i; j >= 0 && !keep[j]; j = walk.parent[j]!) keep[j] = 1;
    };
    for (const i of picked) addWithAncestors(i);
    for (const i of walk.frameOwners) if (walk.vis[i] !== V_HIDDEN) addWithAncestors(i);
    if (walk.focused >= 0) addWithAncestors(walk.focused);
    if (walk.activeDialog >= 0) addWithAncestors(walk.activeDialog);
    for (let i = 0; i < n; i++) if (keep[i] && walk.coveredBy[i]! >= 0) addWithAncestors(walk.coveredBy[i]!);

    const outside: Record<string, number> = { in_viewport: 0, near_viewport: 0, offscreen: 0, css_hidden: 0, no_layout: 0, page_occluded: 0, unknown: 0 };
    const shippedIndex = new Int32Array(n).fill(-1);
    const nodes: ShippedNode[] = [];
    const frameOwners = new Set(walk.frameOwners);
    for (let i = 0; i < n; i++) {
      const vis = walk.vis[i]!;
      if (!keep[i]) {
        if (vis !== NOT_SEMANTIC) outside[VIS_NAMES[vis]!]!++;
        continue;
      }
      shippedIndex[i] = nodes.length;
      const node = walk.nodes[i]!;
      const isText = node.nodeType === 3;
      const parent = walk.parent[i]!;
      const shipped: ShippedNode = {
        handle: this.handleOf(node),
        record: i,
        parent: parent >= 0 ? shippedIndex[parent]! : -1,
        kind: isText ? 'text' : 'element',
        role: walk.role[i]!,
        name: isText && insideSensitive(node) ? '••••' : nameAt(walk, i),
        vis: vis === NOT_SEMANTIC ? null : VIS_NAMES[vis]!,
      };
      const tier = tierOf[i]!;
      if (tier !== 255) shipped.tier = tier;
      if (!isText) {
        shipped.tag = (node as Element).localName;
        Object.assign(shipped, elementEvidence(node as Element, i === walk.focused, walk.origin));
        // Not rendered by the user agent (closed <details>): the core reads it as the hidden attribute.
        if (parent >= 0 && closedDetailsContent(walk.nodes[parent] as Element, node)) shipped.attributes = { ...shipped.attributes, hidden: true };
        if (frameOwners.has(i)) shipped.frameOwner = true;
        if ((node as Element).hasAttribute('aria-label') || (node as Element).hasAttribute('aria-labelledby') || (node as Element).hasAttribute('aria-labeledby') || (node as Element).hasAttribute('title')) shipped.labelled = true;
        if (vis !== NOT_SEMANTIC && this.watch?.ax.isFresh(node as Element)) shipped.axFresh = true;
      }
      const box = walk.box[i];
      if (box !== undefined) shipped.box = box;
      else if (!isText && vis !== V_HIDDEN) {
        const r = (node as Element).getBoundingClientRect();
        shipped.box = r.width > 0 || r.height > 0 ? { x: r.x + walk.origin.x, y: r.y + walk.origin.y, width: r.width, height: r.height } : null;
      }
      const clip = walk.clip[i];
      if (clip !== undefined) shipped.clip = clip;
      const hit = walk.hit[i]!;
      if (hit !== 0) shipped.hit = HIT[hit];
      nodes.push(shipped);
    }
    // Second pass: covering nodes precede or follow; map now that every index is known.
    for (let i = 0; i < n; i++) {
      if (shippedIndex[i]! >= 0 && walk.coveredBy[i]! >= 0 && walk.vis[i] === V_OCCLUDED) {
        const by = shippedIndex[walk.coveredBy[i]!]!;
        if (by >= 0) nodes[shippedIndex[i]!]!.coveredBy = by;
      }
    }
    return {
      url: document.URL,
      title: document.title,
      viewport: walk.viewport,
      scroll: walk.scroll,
      nodes,
      focused: walk.focused >= 0 ? shippedIndex[walk.focused]! : -1,
      activeDialog: walk.activeDialog >= 0 ? shippedIndex[walk.activeDialog]! : -1,
      exhausted: walk.exhausted,
      outside,
      ranking: rankingInfo,
      included,
      walked: n,
    };
  }

  // ── Action path (SPEC §6): called from Node through src/actions/page-call.ts, typed by
  // src/actions/page-methods.ts. Each rule lives in its own module under page/actions/.
  private readonly probes = new EffectProbes();
  private readonly spaceGuard = new SpaceGuard();

  liveNode(handle: number): Node | null {
    const node = this.node(handle);
    return node && node.isConnected && node.ownerDocument === document ? node : null;
  }
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

  // SPEC §12 drag (called by src/actions/deliver-drag.ts through callPage).
  armDragWatch(): void {
    this.dragWatch.arm();
  }

  dragStarted(): Promise<boolean> {
    return this.dragWatch.result();
  }

  // --- screenshot masks (page/secret-boxes.ts) ---
  private maskOwners: Element[] = [];

  /** Secret fields' boxes and frame owners' content boxes, for masks painted in Node. */
  secretBoxes(): SecretBoxes {
    const found = findSecretBoxes((host) => this.closedRoots.get(host));
    this.maskOwners = found.ownerElements;
    return found.result;
  }

  /** The frame owners of the last `secretBoxes()`, in its order (their frames are resolved over CDP). */
  secretFrameOwners(): Element[] {
    const owners = this.maskOwners;
    this.maskOwners = [];
    return owners;
  }
}

/**
 * The core's echo rules (semantic-core classify/echoes.ts), applied here so the page's counts and
 * ranks agree with what the core shows: a text is not a node of its own when it repeats its nearest
 * semantic ancestor's name, or is a piece of a name computed from content (a link "Dana Whitfield
 * Invoice" made of two texts); nor is a <label>'s text right before the control it names.
 */
function dropEchoTexts(walk: Walk, reused: Uint8Array | null): void {
  const n = walk.nodes.length;
  // Inside a sensitive field (parents precede children): one pass instead of a climb per text.
  const sensitive = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    // Reused segment records carry the rule's result already (their owner lies inside the segment).
    if (reused !== null && reused[i] === 1) continue;
    const parent = walk.parent[i]!;
    const node = walk.nodes[i]!;
    sensitive[i] = (parent >= 0 && sensitive[parent]) || (node.nodeType === 1 && isSensitive(node as Element)) ? 1 : 0;
    if (walk.role[i] !== 'text' || walk.vis[i] === NOT_SEMANTIC) continue;
    let a = parent;
    while (a >= 0 && walk.vis[a] === NOT_SEMANTIC && walk.role[a] !== 'iframe') a = walk.parent[a]!;
    if (a < 0 || sensitive[a] || sensitive[i]) continue;
    if (isEchoOf(walk, i, a) || isLabelEcho(walk, i)) walk.vis[i] = NOT_SEMANTIC;
  }
}

function isEchoOf(walk: Walk, text: number, owner: number): boolean {
  const ownerNode = walk.nodes[owner] as Element;
  const fromContent = NAME_FROM_CONTENT_ROLES.has(walk.role[owner]!);
  // Other names come from attributes (a label, a title, a placeholder): skip the common case cheaply.
  if (!fromContent && !ownerNode.hasAttribute('aria-label') && !ownerNode.hasAttribute('aria-labelledby') && !ownerNode.hasAttribute('title') && !ownerNode.hasAttribute('placeholder')) return false;
  const name = nameAt(walk, owner) || ownerNode.getAttribute('placeholder') || '';
  if (!name) return false;
  // Both names are collapsed already (nameAt).
  return repeatsName(nameAt(walk, text), name, fromContent);
}

/** A text whose parent is a <label>, followed by an actionable node of the same name. */
function isLabelEcho(walk: Walk, text: number): boolean {
  const parent = walk.parent[text]!;
  if (parent < 0 || (walk.nodes[parent] as Element).localName !== 'label') return false;
  for (let j = text + 1; j < walk.nodes.length; j++) {
    const vis = walk.vis[j]!;
    if (vis === NOT_SEMANTIC || vis === V_HIDDEN) continue;
    return walk.actionable[j]! && nameAt(walk, j) === nameAt(walk, text);
  }
  return false;
}

/** Records copied from stored segments whose echo-rule result is already final (1), or null when none were. */
function reusedRecords(walk: Walk): Uint8Array | null {
  let mask: Uint8Array | null = null;
  for (const segment of walk.segments) {
    if (!segment.reused) continue;
    mask ??= new Uint8Array(walk.nodes.length);
    mask.fill(1, segment.start, segment.end);
    for (const k of segment.recheck ?? []) mask[segment.start + k] = 0;
  }
  return mask;
}

/** The whole frame sits under an overlay of its parent: every in-viewport node is occluded by it. */
function coverAll(walk: Walk): void {
  for (let i = 0; i < walk.nodes.length; i++) {
    if (walk.vis[i] === V_IN) {
      walk.vis[i] = V_OCCLUDED;
      walk.hit[i] = 2;
    }
  }
}

function emptyResult(walk: Walk): ShipResult {
  return {
    url: document.URL, title: document.title, viewport: walk.viewport, scroll: walk.scroll, nodes: [], focused: -1, activeDialog: -1,
    exhausted: walk.exhausted, outside: {}, ranking: null, included: 'ranked_prefix', walked: walk.nodes.length,
  };
}

/** Names of non-structural elements are computed only when needed (shipping, queries). */
function nameAt(walk: Walk, i: number): string {
  const name = walk.name[i]!;
  if (name || walk.vis[i] === NOT_SEMANTIC) return name;
  const node = walk.nodes[i]!;
  if (node.nodeType === 3) {
    const text = collapse((node as Text).data);
    walk.name[i] = text;
    return text;
  }
  if (node.nodeType !== 1) return name;
  const computed = nameOf(node as Element, walk.role[i]!, (node as Element).localName);
  walk.name[i] = computed;
  return computed;
}

function isWithin(walk: Walk, index: number, root: number): boolean {
  for (let k = index; k >= root; k = walk.parent[k]!) if (k === root) return true;
  return false;
}

function matches(walk: Walk, i: number, needle: string): boolean {
  if (walk.role[i]!.toLowerCase().includes(needle) || nameAt(walk, i).toLowerCase().includes(needle)) return true;
  const node = walk.nodes[i]!;
  if (node.nodeType === 1) {
    const value = (node as HTMLInputElement).value;
    if (typeof value === 'string' && value && !insideSensitive(node) && value.toLowerCase().includes(needle)) return true;
  }
  return false;
}
