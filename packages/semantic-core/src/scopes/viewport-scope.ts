import type { ClassifiedPage } from '../compose/compose-types.js';
import type { ReadSelection } from './read-selection.js';
import { viewportCandidates } from '../compose/compose-snapshot.js';

export { VIEWPORT_MAX_TIER } from '../rank/tier.js';

/** The default read: the whole page is accounted for; candidates are ranked tiers 0–6. */
export function viewportSelection(page: ClassifiedPage): ReadSelection {
  return {
    // The page's own lazy list, so composing counts it from the table instead of making every node.
    universe: page.nodes,
    candidates: viewportCandidates(page),
  };
}
