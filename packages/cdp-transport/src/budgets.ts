/**
 * The default collection limits (SPEC §8); a transport's `budgets` option overrides any of them.
 * Every capture is bounded by all of them; when one runs out the capture says so in
 * `coverage.exhausted` and the snapshot is `complete: false`. What one capture has spent against
 * them is its `CaptureCallBudget` (capture/call-budget.ts).
 */
export const DEFAULT_CAPTURE_BUDGETS = {
  /** Wall time of one capture, all frames included (ms). */
  timeMs: 5_000,
  /** DOM nodes (elements + text) walked, all frames together. */
  nodes: 250_000,
  /** Frames (documents) walked, the main frame included. */
  frames: 50,
  /** CDP commands sent by one capture. */
  calls: 2_000,
  /** elementFromPoint hit tests per frame (in-viewport candidates only). */
  hitTests: 3_000,
  /**
   * Closed shadow roots: a frame document whose walk and element count are at most this many
   * nodes is read whole with one pierced `DOM.describeNode` (once, then only inserted subtrees);
   * larger ones only have candidate hosts checked. 0 disables whole reads.
   */
  closedRootScanNodes: 2_000,
  /**
   * Depth of the retried reads when a whole read fails (Chromium refuses replies nested deeper
   * than ~147 DOM levels); branches cut at that depth are read with further calls.
   */
  closedRootScanDepth: 100,
  /** `DOM.describeNode` calls per capture for closed-root discovery (reads, hydration of cut branches, candidate hosts). */
  closedRootCalls: 300,
} as const;

/** The limits of one capture: the shape of {@link DEFAULT_CAPTURE_BUDGETS}. */
export type CaptureBudgets = { -readonly [K in keyof typeof DEFAULT_CAPTURE_BUDGETS]: number };

/** The default read ships up to this many times the node budget of ranked nodes (tiers 0–6). */
export const SHIP_FACTOR = 2;
/** Lower bound of ranked nodes shipped, so small budgets still leave the core room to choose. */
export const MIN_SHIPPED = 50;
