import { rankIndexes, tierFor, VIS_CSS_HIDDEN, VIS_PAGE_OCCLUDED, VISIBILITY_CLASSES } from '@sightline/semantic-core/page-safe';
import { NOT_SEMANTIC, type Walk } from '../types.js';

/** A ranking function over a walk: record indices in rank order (removed nodes excluded) and their tiers. */
export type RankFunction = (walk: Walk) => { order: Int32Array; tiers: Uint8Array };

/**
 * SPEC §5 ranking with the core's own rules (`tierFor`, `rankIndexes` from
 * `@sightline/semantic-core/page-safe`, bundled into the page): tier 0 is the active dialog (with its
 * content) and the focused element, with their ancestors; document order within a tier.
 * css_hidden and page_occluded nodes are excluded (counted apart).
 */
export const rankWalk: RankFunction = (walk) => {
  const n = walk.nodes.length;
  const context = new Uint8Array(n);
  const mark = (index: number, withSubtree: boolean) => {
    for (let i = index; i >= 0; i = walk.parent[i]!) context[i] = 1;
    if (!withSubtree) return;
    // Pre-order with parents before children: the subtree is the run of records whose parent chain reaches `index`.
    for (let j = index + 1; j < n; j++) {
      let k = walk.parent[j]!;
      while (k > index) k = walk.parent[k]!;
      if (k !== index) break;
      context[j] = 1;
    }
  };
  if (walk.activeDialog >= 0) mark(walk.activeDialog, true);
  if (walk.focused >= 0) mark(walk.focused, false);
  // Typed arrays, no object per record (issue 16: 75k semantic records of inbox 100k took ~80 ms to rank cold).
  const tierOfRecord = new Uint8Array(n);
  const ranked = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const vis = walk.vis[i]!;
    if (vis === NOT_SEMANTIC || vis === VIS_CSS_HIDDEN || vis === VIS_PAGE_OCCLUDED) continue;
    tierOfRecord[i] = context[i] === 1 ? 0 : tierFor(VISIBILITY_CLASSES[vis]!, walk.actionable[i] === 1);
    ranked[count++] = i;
  }
  const order = rankIndexes(ranked.subarray(0, count), tierOfRecord);
  const tiers = new Uint8Array(order.length);
  for (let k = 0; k < order.length; k++) tiers[k] = tierOfRecord[order[k]!]!;
  return { order, tiers };
};
