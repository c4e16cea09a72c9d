import type { NodeStates } from '../model/node-states.js';
import { VISIBILITY_CLASSES, type Visibility } from '../model/visibility.js';

/** What a kept node shows instead of its captured role, name, value or states (iframe hosts, secrets, focus). */
export interface NodeOverride {
  role?: string;
  name?: string;
  value?: string;
  states?: NodeStates;
}

/** `NodeTable.redacted` codes. */
export const REDACTED_NONE = 0;
export const REDACTED_FILLED = 1;
export const REDACTED_EMPTY = 2;

/**
 * A classified capture as parallel arrays indexed like `PageCapture.nodes` (struct of arrays), so
 * classifying and ranking a 100k-node page allocates a few typed arrays instead of one object per
 * node; `SemanticNode` objects are made only for the nodes a reader asks for. Entries of nodes
 * that are not kept (structure, echoes, removed) are unspecified.
 */
export interface NodeTable {
  /**
   * Capture indexes of the kept semantic nodes (css_hidden and page_occluded removed), document
   * order. `rankIndexes(order, tier)` gives rank order.
   */
  order: Int32Array;
  /** Position of each kept node in `order`; -1 for every other node. */
  ordinal: Int32Array;
  /** Capture index of the nearest kept semantic ancestor, -1 at the top (`depthAt` counts them). */
  parent: Int32Array;
  /** Index into `VISIBILITY_CLASSES` (`VIS_*` of visibility.ts). */
  visibility: Uint8Array;
  tier: Uint8Array;
  /** Action bit mask (`ACTION_*`). */
  actions: Uint8Array;
  /** `REDACTED_*`. */
  redacted: Uint8Array;
  /** The few nodes whose shown fields differ from the capture's. */
  overrides: Map<number, NodeOverride>;
  /** Semantic nodes removed before ranking (not counting the collector's `outside` counts). */
  cssHidden: number;
  occluded: number;
}

export function createNodeTable(count: number): NodeTable {
  // One allocation for all columns (2 of 4 bytes, then 4 of 1 byte per node): fresh memory costs
  // page faults, so the table holds only what ranking needs; depth and container are derived
  // for the few nodes a reader asks for.
  const buffer = new ArrayBuffer(count * 12);
  const int32 = (column: number): Int32Array => new Int32Array(buffer, column * count * 4, count);
  const uint8 = (column: number): Uint8Array => new Uint8Array(buffer, count * 8 + column * count, count);
  return {
    order: new Int32Array(0),
    ordinal: int32(0).fill(-1),
    parent: int32(1),
    visibility: uint8(0),
    tier: uint8(1),
    actions: uint8(2),
    redacted: uint8(3),
    overrides: new Map(),
    cssHidden: 0,
    occluded: 0,
  };
}

export function visibilityOfCode(code: number): Visibility {
  return VISIBILITY_CLASSES[code]!;
}

/** Number of kept semantic ancestors of kept node `index` (0 at the top). */
export function depthAt(table: NodeTable, index: number): number {
  let depth = 0;
  for (let at = table.parent[index]!; at >= 0 && table.ordinal[at]! >= 0; at = table.parent[at]!) depth++;
  return depth;
}

/** The override record of node `index`, created on first use. */
export function overrideOf(table: NodeTable, index: number): NodeOverride {
  let override = table.overrides.get(index);
  if (!override) {
    override = {};
    table.overrides.set(index, override);
  }
  return override;
}
