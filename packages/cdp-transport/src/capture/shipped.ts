import type { NodeStates, Rect } from '@sightline/semantic-core';

// Wire shapes of the in-page collector (page/collector.ts). Kept in step with it by the E2E tests.

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
  style?: { display: string; visibility: string; opacity: number; contentVisibility?: string; cursor?: string; position?: string; scrollable?: boolean };
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

export type CollectorMode = 'viewport' | 'query' | 'subtree' | 'all' | 'owners' | 'interactive';

export interface FramePlacement {
  origin: { x: number; y: number };
  clip: Rect | null | undefined;
  viewport: { width: number; height: number } | undefined;
  /** The <iframe> is covered in its parent: all of the frame's in-viewport content is occluded. */
  covered?: boolean;
}

/**
 * Keeps the nodes `keep` selects plus their ancestors; drops the rest (counting semantic ones in
 * `outside`) and re-indexes parents and references.
 */
export function pruneShipped(ship: ShipResult, keep: (node: ShippedNode, index: number) => boolean): ShipResult {
  const n = ship.nodes.length;
  const kept = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (keep(ship.nodes[i]!, i)) for (let j = i; j >= 0 && !kept[j]; j = ship.nodes[j]!.parent) kept[j] = 1;
  const map = new Int32Array(n).fill(-1);
  const nodes: ShippedNode[] = [];
  const outside = { ...ship.outside };
  for (let i = 0; i < n; i++) {
    const node = ship.nodes[i]!;
    if (!kept[i]) {
      if (node.vis) outside[node.vis] = (outside[node.vis] ?? 0) + 1;
      continue;
    }
    map[i] = nodes.length;
    nodes.push({ ...node, parent: node.parent >= 0 ? map[node.parent]! : -1 });
  }
  for (const node of nodes) {
    if (node.coveredBy !== undefined) {
      const by = map[node.coveredBy]!;
      if (by >= 0) node.coveredBy = by;
      else delete node.coveredBy;
    }
  }
  return {
    ...ship,
    nodes,
    outside,
    focused: ship.focused >= 0 ? map[ship.focused]! : -1,
    activeDialog: ship.activeDialog >= 0 ? map[ship.activeDialog]! : -1,
  };
}
