import { rankNodes, tierOf, VIS_CSS_HIDDEN, VIS_PAGE_OCCLUDED, VISIBILITY_CLASSES, type Tier } from '@sightline/semantic-core/page-safe';
import { NOT_SEMANTIC, type Walk } from '../types.js';

const SOME = ['click'] as const;
const NONE = [] as const;

/** A ranking function over a walk: record indices in rank order (removed nodes excluded) and their tiers. */
export type RankFunction = (walk: Walk) => { order: Int32Array; tiers: Uint8Array };

/**
 * SPEC §5 ranking with the core's own rules (`tierOf`, `rankNodes` from
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
  const entries: Array<{ tier: Tier; index: number }> = [];
  for (let i = 0; i < n; i++) {
    const vis = walk.vis[i]!;
    if (vis === NOT_SEMANTIC || vis === VIS_CSS_HIDDEN || vis === VIS_PAGE_OCCLUDED) continue;
    const tier = tierOf({ visibility: VISIBILITY_CLASSES[vis]!, actions: walk.actionable[i] ? SOME : NONE }, context[i] === 1);
    entries.push({ tier, index: i });
  }
  const ranked = rankNodes(entries);
  const order = new Int32Array(ranked.length);
  const tiers = new Uint8Array(ranked.length);
  for (let k = 0; k < ranked.length; k++) {
    order[k] = ranked[k]!.index;
    tiers[k] = ranked[k]!.tier;
  }
  return { order, tiers };
};
