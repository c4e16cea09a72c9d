import type { ActionOutcome } from '@sightline/semantic-core';
import type { ActionContext, ActionTarget } from './action-context.js';
import { aimAt } from './click-point.js';
import { mouseMove } from './mouse-input.js';
import { observeDelivery, sitesFor } from './observed-delivery.js';

/**
 * SPEC §12 hover: hit-test the target like a click (a covered point delivers nothing), then move
 * the pointer there with no button held. What a hover shows is often pure CSS (`:hover`), which
 * no mutation reports, so an unchanged DOM is `unverifiable`, never `suspected_noop`.
 */
export async function deliverHover(context: ActionContext, target: ActionTarget): Promise<ActionOutcome> {
  const { tab } = context;
  const aim = await aimAt(tab, target);
  if (aim.kind === 'covered') return { delivered: false, reason: 'covered', covering: aim.covering };
  const { sites, watchedEverything } = await sitesFor(tab, target);
  const outcome = await observeDelivery(tab, sites, watchedEverything, () => mouseMove(tab.session, aim.point));
  return outcome.delivered && outcome.effect === 'suspected_noop' ? { ...outcome, effect: 'unverifiable' } : outcome;
}
