import type { ShipResult, ShippedNode } from '../../page/wire/ship-result.js';

// The wire shapes are declared once, beside the page code that ships them.
export type { ClosedRootOptions, ClosedRootRequest, CollectorMode, FramePlacement, ShipResult, ShippedNode } from '../../page/wire/ship-result.js';

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
