import type { Rect } from '@sightline/semantic-core/page-safe';
import type { ClipTable } from './walk/clip-table.js';
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

/**
 * Struct-of-arrays record of one walk over a frame document (composed tree, pre-order). `nodes`
 * holds one entry per record; the numeric columns are typed (walk/record-columns.ts): while the
 * walk runs they may be longer than `nodes` (room reserved), once it is done they are as long.
 */
export interface Walk {
  nodes: Node[];
  parent: Int32Array;
  /** Tree of each record: records reached through a shadow root or slot assignment get a new id (same id: same light tree). */
  tree: Int32Array;
  /** Preliminary role ('text' for text nodes). */
  role: string[];
  name: string[];
  /** Visibility code (`VIS_*`), or NOT_SEMANTIC for generic wrappers. */
  vis: Int8Array;
  /** 1: actionable. */
  actionable: Uint8Array;
  /** Border boxes read so far, by record (null: empty box); a record not in it has not been read. */
  box: Map<number, Rect | null>;
  /** Per record, the clip inherited from clipping ancestors, as an id of `clips` (0: nothing clips). */
  clipId: Int32Array;
  clips: ClipTable;
  /**
   * Visibility before the echo rule, kept when the walk recorded segments: their texts whose owner
   * lies above the segment are stored with it (the next walk runs the rule on them again).
   */
  preEchoVis?: Int8Array;
  /** Paint evidence, made by the hit tests once the walk is done (null: none was taken). */
  paint: PaintEvidence | null;
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

/**
 * Per record, sized to the finished walk: `hit` 0 untested, 1 clear, 2 covered, 3 unknown;
 * `coveredBy` the covering record (-1: none known). Typed arrays made once after the walk, not a
 * value pushed per record during it (issue 16: two pushes per record of a 100k first walk, for
 * the few hundred records that are ever hit-tested).
 */
export interface PaintEvidence {
  hit: Uint8Array;
  coveredBy: Int32Array;
}

export interface Ranking {
  token: string;
  /** record indices of the walk in rank order */
  order: Int32Array;
  tiers: Uint8Array;
  walk: Walk;
}
