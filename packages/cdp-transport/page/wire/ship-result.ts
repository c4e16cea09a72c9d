// Wire shapes of a capture (page/collector.ts → src/capture/): what Node passes to `capture` and
// what the page ships back. DOM-free, so the Node build reads them as they are.
import type { NodeStates, Rect } from '@sightline/semantic-core/page-safe';

/** What a capture reads: the default viewport read, a query, a subtree, everything, only frame owners, or dom_refs_v1's actionable list. */
export type CollectorMode = 'viewport' | 'query' | 'subtree' | 'all' | 'owners' | 'interactive';

/** Where a frame's document sits in the top-level viewport. */
export interface FramePlacement {
  /** Top-left of this frame's viewport in top-level viewport coordinates. */
  origin: { x: number; y: number };
  /** The part of the top-level viewport this frame can show (iframe content box ∩ its clips); undefined for the main frame. */
  clip: Rect | null | undefined;
  /** Size of the top-level viewport (undefined: this frame's own). */
  viewport: { width: number; height: number } | undefined;
  /** The <iframe> showing this frame is itself covered by an overlay in its parent document: all its in-viewport content is occluded. */
  covered?: boolean;
}

/** Closed shadow roots: what the Node side passes with every capture (page/closed-roots.ts). */
export interface ClosedRootOptions {
  /** false: ship this walk without asking; closed-root work left undone is reported as `calls`. */
  pass: boolean;
  /** Documents whose walk and element count are at most this are read whole (0: never). */
  scanNodes: number;
  /**
   * false: this frame had its pierced read in this capture already. Elements inserted since (while
   * the capture ran) wait for the next snapshot; a whole read left incomplete is reported as `calls`.
   */
  rescan?: boolean;
  /** This call follows a request of this frame in the same capture: its walk may ship if nothing changed. */
  again?: boolean;
}

/** A request to the Node side (closed shadow roots to read), answered before the walk is repeated. */
export type ClosedRootRequest = { closedScan: number } | { closedCandidates: number };

export interface CaptureOptions {
  mode: CollectorMode;
  /** Ranked semantic nodes to ship for viewport/subtree reads. */
  shipLimit: number;
  query?: string | undefined;
  handle?: number | undefined;
  /** Milliseconds this frame may spend. */
  timeMs: number;
  maxNodes: number;
  maxHitTests: number;
  placement: FramePlacement;
  /** Reuse unchanged DOM-only walk records of earlier captures (default true; false reads everything afresh). */
  reuse?: boolean;
  /** Closed shadow roots: whether this walk may ask the Node side first, and the whole-read size limit. */
  closed?: ClosedRootOptions;
  /** Issue 16: the warm-up's walk may be used as it is (Node saw no request since it began; warm-walk.ts checks the rest). */
  warm?: boolean;
}

/** The limits of one walk, a capture's or a warm-up's. */
export type WalkOptions = Pick<CaptureOptions, 'timeMs' | 'maxNodes' | 'maxHitTests' | 'placement'>;

/**
 * Issue 16: a warm-up walk is a capture's without mode or shipping. Its closed-root passes are a
 * capture's, so the capture after it finds the document read already.
 */
export type WarmUpOptions = WalkOptions & { closed: ClosedRootOptions };

/** Computed style evidence of a shipped element (defaults left out). */
export interface ShippedStyle {
  display: string;
  visibility: string;
  opacity: number;
  contentVisibility?: string;
  cursor?: string;
  position?: string;
  scrollable?: boolean;
}

export interface ShippedNode {
  handle: number;
  record: number;
  parent: number;
  kind: 'element' | 'text';
  tag?: string;
  role: string;
  name: string;
  vis: string | null;
  tier?: number;
  value?: string;
  states?: NodeStates;
  attributes?: Record<string, boolean | number | string>;
  style?: ShippedStyle;
  content?: Rect;
  box?: Rect | null;
  clip?: Rect | null;
  hit?: 'clear' | 'covered' | 'unknown';
  coveredBy?: number;
  frameOwner?: boolean;
  /** The element's AX facts read by an earlier capture of this world are still current (page/ax-freshness.ts). */
  axFresh?: boolean;
  /** The element carries a label of its own (aria-labelledby, aria-label, title): its AX name is read whatever its role. */
  labelled?: boolean;
  /** Issue 16: role, name and states are what Chromium's tree says, by the page's rules (classify/page-facts.ts): not read from it. */
  pageFacts?: boolean;
}

export interface ShipResult {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  scroll: { x: number; y: number };
  nodes: ShippedNode[];
  focused: number;
  activeDialog: number;
  exhausted: string[];
  outside: Record<string, number>;
  ranking: { token: string; shipped: number; total: number } | null;
  included: 'all' | 'ranked_prefix';
  walked: number;
  stale?: boolean;
  /** Phase timings (ms) of the collector in the page (walk, hit, rank, ship), for profiling. */
  timings?: Record<string, number>;
  /** Query and subtree modes: every node of the scope was shipped (none cut by the ship limit). */
  scopeComplete?: boolean;
}
