import type { Rect } from '@sightline/semantic-core/page-safe';
import type { WalkSegment } from './walk/segments.js';

export type { Rect } from '@sightline/semantic-core/page-safe';

/**
 * A walk record's `vis`: one of the core's visibility codes (`VIS_*` of the page-safe entry, an
 * index into `VISIBILITY_CLASSES`), or this: a generic wrapper, not a node of the outline.
 */
export const NOT_SEMANTIC = -1;

export interface WalkLimits {
  /** performance.now() deadline */
  deadline: number;
  maxNodes: number;
  maxHitTests: number;
}

/** Struct-of-arrays record of one walk over a frame document (composed tree, pre-order). */
export interface Walk {
  nodes: Node[];
  parent: number[];
  /** Tree of each record: records reached through a shadow root or slot assignment get a new id (same id: same light tree). */
  tree: number[];
  /** Preliminary role ('text' for text nodes). */
  role: string[];
  name: string[];
  /** Visibility code (`VIS_*`), or NOT_SEMANTIC for generic wrappers. */
  vis: number[];
  actionable: boolean[];
  box: Array<Rect | null | undefined>;
  /** Clip rect inherited from clipping ancestors (undefined: nothing clips). */
  clip: Array<Rect | null | undefined>;
  hit: Array<0 | 1 | 2 | 3>; // 0 untested, 1 clear, 2 covered, 3 unknown
  coveredBy: number[];
  /** Records positioned fixed/absolute (possible overlays; only they can cover a node, SPEC §5). */
  overlays: number[];
  /** Index of <iframe>/<frame> records. */
  frameOwners: number[];
  /** Host elements that may carry a closed shadow root not yet resolved. */
  closedCandidates: Element[];
  /** DOM-only subtrees this walk recorded or reused (walk/segments.ts). */
  segments: WalkSegment[];
  focused: number;
  activeDialog: number;
  exhausted: string[];
  /** Set when the walk met a custom element not yet defined: its upgrade may attach a shadow root no mutation reports. */
  pendingUpgrades?: boolean;
  viewport: { width: number; height: number };
  /** Offset added to this frame's local coordinates. */
  origin: { x: number; y: number };
  scroll: { x: number; y: number };
}

export interface Ranking {
  token: string;
  /** record indices of the walk in rank order */
  order: Int32Array;
  tiers: Uint8Array;
  walk: Walk;
}
