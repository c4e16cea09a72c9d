import type { ClassifiedPage } from '../compose/compose-types.js';
import type { ReadSelection } from './read-selection.js';

/** The default read never selects tiers above this one (SPEC §5: off-screen nodes need continuation, query or scope_ref). */
export const VIEWPORT_MAX_TIER = 6;

/** The default read: the whole page is accounted for; candidates are ranked tiers 0–6. */
export function viewportSelection(page: ClassifiedPage): ReadSelection {
  return {
    universe: [...page.nodes],
    candidates: page.ranked.filter((node) => node.tier <= VIEWPORT_MAX_TIER),
  };
}
