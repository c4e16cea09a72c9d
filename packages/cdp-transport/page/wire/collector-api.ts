// THE contract between Node and the page: every method of the in-page collector
// (`globalThis.__sightline`, page/collector.ts) that Node calls, declared once without DOM types.
// The collector class `implements CollectorApi<Node>`; Node calls it as `CollectorApi<PageObject>`
// through src/page-call/. Renaming or retyping a method here or in the collector breaks the build.
//
// `N` is a DOM node in the page and a remote object (`PageObject`) in Node. Methods answering `N`,
// `N | null`, `N[]` or `Array<N | null>` answer remote objects; the rest answer JSON values.
import type { Activation, PlainDescription, ProbeReading, RefWaitState, SelectKind, SelectOutcome } from './action-answers.js';
import type { LabelBox, SecretBoxes } from './screenshot-wire.js';
import type { CaptureOptions, ClosedRootRequest, ShipResult, WarmUpOptions } from './ship-result.js';

export interface CollectorApi<N> {
  // ── Handles (SPEC §2: a ref's node, proven live in its document).
  /** Whether the node a handle names is still attached to this world's document. */
  prove(handle: number): 'live' | 'detached';
  /** The nodes handles name (null for one that is gone), in order. */
  elements(handles: number[]): Array<N | null>;
  /** The node a snapshot handle names, when it is still attached to this world's document (else null). */
  liveNode(handle: number): N | null;

  // ── Capture (SPEC §8): walk, rank and ship; continuations of a stored ranking.
  /** Walks, ranks and ships this document, or first asks the Node side to read closed shadow roots. */
  capture(options: CaptureOptions): ShipResult | ClosedRootRequest;
  /**
   * Issue 16: walks this document once so the next capture can use that walk (or copy what stays
   * unchanged); ships nothing (answers the records walked), or first asks for closed shadow roots as `capture` does.
   */
  warmUp(options: WarmUpOptions): number | ClosedRootRequest;
  /** Issue 16: keeps the reusable records of a warm-up's walk now that the capture after it is over (sent without waiting for the answer). */
  storeSegments(): void;
  /** Ranked keys of a stored ranking: [recordIndex, tier] pairs flattened, in rank order (null: gone). */
  rankedKeys(token: string): number[] | null;
  /** Ships given records of a stored ranking (for continuations). */
  shipRecords(token: string, records: number[]): ShipResult | null;
  /** Ships the ranked slice [from, from + count) of a stored ranking. */
  shipRanked(token: string, from: number, count: number): ShipResult | null;
  /** Elements whose AX facts Node reads now (and may reuse while they stay fresh). */
  axTargets(handles: number[]): Array<N | null>;

  // ── Closed shadow roots (page/closed-roots.ts ↔ src/capture/closed-roots.ts).
  /** Up to `limit` hosts found by the last walk that may carry a closed shadow root. */
  takeClosedCandidates(limit: number): N[];
  /** Subtrees whose pierced read the last capture asked for. */
  takeClosedScan(): N[];
  /** The closed roots a pierced read found (host, root, host, root, …); `complete`: no budget cut it short. */
  closedScanned(complete: boolean, ...pairs: N[]): void;
  /** Closed roots found for candidate hosts (host, root, host, root, …). */
  addClosedRoots(...pairs: N[]): void;

  // ── SPEC §12 browser_wait: checks Node polls.
  waitText(text: string): boolean;
  waitRef(handle: number): RefWaitState;
  waitLoaded(): boolean;

  // ── Screenshots and console redaction (SPEC §4, §12).
  /** Numbered labels over boxes for annotated screenshots; [] removes them. */
  labels(list: LabelBox[]): void;
  /** Secret fields' boxes and frame owners' content boxes, for masks painted in Node. */
  secretBoxes(): SecretBoxes;
  /** The frame owners of the last `secretBoxes()`, in its order. */
  secretFrameOwners(): N[];
  /** Current values of the document's secret fields, for console redaction. */
  secretValues(): string[];

  // ── Action path (SPEC §6); each rule lives in page/actions/.
  /**
   * Does a hit on `hit` count as a hit on `target`? The target itself, its composed-tree
   * descendants, their `::before`/`::after`/`::marker` (`hit` may be a CSSPseudoElement), or a
   * `<label>` of the target.
   */
  hitInside(target: N, hit: N): boolean;
  /**
   * What to name as covering `target` when a click would land on `hit`: the outermost positioned
   * overlay around the hit that does not contain the target, or the open modal dialog behind an
   * unnamed backdrop. `target` is null when it lives in another frame.
   */
  coveringElement(hit: N, target: N | null): N;
  /** Fallback `{role, name}` of an element when the accessibility tree gives none. */
  plainDescription(node: N): PlainDescription;
  /**
   * Scrolls the node so its centre is at the centre of every scroll container and the viewport
   * (no focus move, instant). `moved`: whether its box moved. Nothing is scrolled when `hit` (the
   * covering node, when in this document) belongs to an overlay over the viewport's centre.
   */
  centreInView(node: N, hit: N | null): { moved: boolean };
  /** Starts watching the document (and `target`) for an action's effect; answers a token for `readProbe`. */
  installProbe(target: N | null): number;
  /** Whether anything changed since `installProbe` answered `token` (the probe is then gone). */
  readProbe(token: number): ProbeReading;
  /** Selects all of an editable's content (false: nothing selectable the standard way). */
  selectContent(node: N): boolean;
  /** Whether the node is the focused element of its document (through shadow roots). */
  isFocused(node: N): boolean;
  /** Whether the focused element of this document is an `<iframe>`/`<frame>` (keys go into it). */
  focusInFrame(): boolean;
  /** What `select` means for the node: a native `<select>`, an `<option>` of one, or a custom listbox. */
  selectKind(node: N): SelectKind;
  /** Chooses options of a `<select>` (or the `<option>` itself) by value or label, firing input + change. */
  selectOptions(node: N, values: string[]): SelectOutcome;
  /** Values that match no enabled `[role=option]` of a custom listbox. */
  missingOptions(listbox: N, values: string[]): string[];
  /** The `[role=option]` elements of a custom listbox matching `values`, in the order of `values`. */
  optionElements(listbox: N, values: string[]): N[];
  /** Scrolls the node's scroll container (or the page, for null) by (dx, dy). */
  scrollBy(node: N | null, dx: number, dy: number): { moved: boolean };
  /** The key that activates the node like a click (keyboard click delivery), or null. */
  activationKey(node: N): Activation | null;
  /** While a Space is delivered to a custom control, cancel the browser's page scroll for it. */
  guardSpace(node: N): boolean;
  /** Removes the guard `guardSpace` installed. */
  releaseSpaceGuard(): boolean;
  /** SPEC §12 drag: starts listening for a native `dragstart` in this document. */
  armDragWatch(): void;
  /** Whether a native drag started since `armDragWatch` (resolves once the page had a frame to react). */
  dragStarted(): Promise<boolean>;
  /** Resolves true once two more frames were drawn (the current scroll positions on screen), false after `timeoutMs`. */
  framePresented(timeoutMs: number): Promise<boolean>;
}
