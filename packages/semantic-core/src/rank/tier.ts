import type { Tier } from '../model/semantic-node.js';
import { VISIBILITY_CLASSES, type Visibility } from '../model/visibility.js';

/**
 * SPEC §5 tier of a kept node. `inContext`: the node is the active dialog, inside it, the focused
 * node, or a semantic ancestor of either (tier 0 whatever its visibility).
 * css_hidden and page_occluded nodes are removed before ranking; they get the last tier here
 * only so the function is total.
 */
export function tierOf(node: { visibility: Visibility; actions: readonly unknown[] }, inContext = false): Tier {
  if (inContext) return 0;
  return tierFor(node.visibility, node.actions.length > 0);
}

/** The tier of a node outside the dialog/focus context, from its visibility and whether it acts. */
export function tierFor(visibility: Visibility, actionable: boolean): Tier {
  switch (visibility) {
    case 'in_viewport':
      return actionable ? 1 : 2;
    case 'near_viewport':
      return actionable ? 3 : 4;
    case 'unknown':
    case 'no_layout':
      return actionable ? 5 : 6;
    default:
      return actionable ? 7 : 8;
  }
}

/**
 * `tierFor` by visibility code (index in VISIBILITY_CLASSES): two entries per code, actionable
 * first. Classification looks tiers up here for every kept node.
 */
const TIER_BY_CODE = (() => {
  const table = new Uint8Array(VISIBILITY_CLASSES.length * 2);
  VISIBILITY_CLASSES.forEach((visibility, code) => {
    table[code * 2] = tierFor(visibility, true);
    table[code * 2 + 1] = tierFor(visibility, false);
  });
  return table;
})();

export function tierForCode(code: number, actionable: boolean): Tier {
  return TIER_BY_CODE[code * 2 + (actionable ? 0 : 1)] as Tier;
}

export const TIER_COUNT = 9;

/** The default read never selects tiers above this one (SPEC §5: off-screen nodes need continuation, query or scope_ref). */
export const VIEWPORT_MAX_TIER = 6;
