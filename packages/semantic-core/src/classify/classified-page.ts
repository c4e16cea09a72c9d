import type { PageCapture } from '../model/page-capture.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { ClassifiedPage } from '../compose/compose-types.js';
import type { NodeTable } from './node-table.js';
import { lazyArray } from './lazy-array.js';
import { semanticNodeAt } from './semantic-node-at.js';
import { rankIndexes } from '../rank/rank-indexes.js';

/**
 * A `ClassifiedPage` over a `NodeTable` that makes each `SemanticNode` on first use: a default
 * read of a 100k-node page needs only the few hundred nodes it may select. `nodes`, `ranked` and
 * `byIndex` are lazy arrays (see lazy-array.ts) holding the same objects `node()` returns.
 */
export function tableClassifiedPage(capture: PageCapture, table: NodeTable): ClassifiedPage {
  const { order, ordinal } = table;
  const outside = capture.coverage.outside;
  // Made nodes by position in `order`, allocated on first use.
  let made: (SemanticNode | undefined)[] | null = null;

  const node = (index: number): SemanticNode | undefined => {
    const at = index >= 0 && index < ordinal.length ? ordinal[index]! : -1;
    if (at < 0) return undefined;
    if (made === null) made = new Array<SemanticNode | undefined>(order.length);
    let semantic = made[at];
    if (semantic === undefined) semantic = made[at] = semanticNodeAt(capture, table, index);
    return semantic;
  };

  // Each list is made on first read: a default read needs none of them whole, not even ranked.
  let nodes: SemanticNode[] | null = null;
  let rankedNodes: SemanticNode[] | null = null;
  let byIndex: (SemanticNode | undefined)[] | null = null;
  return {
    capture,
    table,
    removed: {
      css_hidden: table.cssHidden + (outside?.css_hidden ?? 0),
      page_occluded: table.occluded + (outside?.page_occluded ?? 0),
    },
    node,
    get nodes(): SemanticNode[] {
      if (nodes === null) nodes = lazyArray(order.length, (position) => node(order[position]!)!, order);
      return nodes;
    },
    get ranked(): SemanticNode[] {
      if (rankedNodes === null) {
        const ranked = rankIndexes(order, table.tier);
        rankedNodes = lazyArray(ranked.length, (position) => node(ranked[position]!)!, ranked);
      }
      return rankedNodes;
    },
    get byIndex(): ReadonlyArray<SemanticNode | undefined> {
      if (byIndex === null) byIndex = lazyArray(ordinal.length, node);
      return byIndex;
    },
  };
}
