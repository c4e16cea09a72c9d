import type { ClassifiedPage } from '../compose/compose-types.js';
import type { ReadSelection } from './read-selection.js';
import type { SemanticNode } from '../model/semantic-node.js';
import { rankIndexes } from '../rank/rank-indexes.js';

/**
 * Capture indexes of the node at `root` and everything under it, including the content of frames
 * whose `<iframe>` lies inside (a frame's root node may name its owner as parent, or have none).
 */
export function subtreeIndexes(page: ClassifiedPage, root: number): Set<number> {
  const inside = new Set<number>();
  const owners = new Map(page.capture.frames.map((frame) => [frame.key, frame.ownerNode]));
  const nodes = page.capture.nodes;
  for (let index = root; index < nodes.length; index += 1) {
    const node = nodes[index];
    if (!node) continue;
    const owner = node.parent === -1 ? owners.get(node.frame) : undefined;
    if (index === root || inside.has(node.parent) || (owner !== undefined && owner !== null && inside.has(owner))) {
      inside.add(index);
    }
  }
  return inside;
}

/** SPEC §4 `scope_ref`: read the subtree of one node, every tier. */
export function subtreeSelection(page: ClassifiedPage, root: number): ReadSelection {
  const inside = subtreeIndexes(page, root);
  // Filtered on the table, so only the subtree's nodes are made.
  const indexes = page.table.order.filter((index) => inside.has(index));
  const nodesAt = (list: Int32Array): SemanticNode[] => Array.from(list, (index) => page.node(index)!);
  return { universe: nodesAt(indexes), candidates: nodesAt(rankIndexes(indexes, page.table.tier)) };
}
