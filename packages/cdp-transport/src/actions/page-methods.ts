/**
 * The action path's part of the in-page collector (`globalThis.__sightline`, page/collector.ts),
 * declared once without DOM types so both sides can name it: the collector class `implements
 * PageActionMethods<Node>`, and Node calls it as `PageMethods` (= `PageActionMethods<PageObject>`)
 * through `callPage` (page-call.ts). Renaming or retyping a method here or in the collector breaks
 * the build, not a browser test.
 *
 * `N` is a DOM node in the page and a remote object (`PageObject`) on the Node side. Methods that
 * answer `N`, `N | null` or `N[]` are called with `callPageObject` / `callPageObjects`, the rest
 * with `callPage` (JSON values).
 */
export interface PageActionMethods<N> {
  /** The node a snapshot handle names, when it is still attached to this world's document (else null). */
  liveNode(handle: number): N | null;
  /**
   * Does a hit on `hit` count as a hit on `target` (SPEC §6)? The target itself, its composed-tree
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
   * (no focus move, instant). `moved`: whether its box moved (something scrolled). Nothing is
   * scrolled when `hit` (the covering node, when in this document) belongs to an overlay over the
   * viewport's centre: no scrolling can take the target from under it.
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
}

export interface PlainDescription {
  role: string;
  name: string;
}

export type ProbeReading = 'changed' | 'unchanged' | 'unknown';

export type SelectKind = 'native' | 'option' | 'custom';

/** `missing`: values matching no option (nothing changed); `tooMany`: several for a single select. */
export type SelectOutcome = { missing: string[] } | { tooMany: true } | { notSelect: true } | { changed: boolean };

export interface Activation {
  key: 'Enter' | 'Space';
  /** An ARIA-role control: the page's key handling decides what the key does. */
  custom: boolean;
}
