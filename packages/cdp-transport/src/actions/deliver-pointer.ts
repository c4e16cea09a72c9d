import { SightlineError, type ActionOutcome, type ClickVariant } from '@sightline/semantic-core';
import { withNode, type ActionContext, type ActionTarget } from './action-context.js';
import { aimAt } from './click-point.js';
import { deliverKeyboardClick } from './click-delivery.js';
import { clickAt } from './input-devices.js';
import { clickVariantAt, isPlainClick } from './mouse-input.js';
import { observeDelivery, sitesFor, type Undelivered } from './observed-delivery.js';
import { callPage, callPageObjects } from '../page-call/page-call.js';

/**
 * Hit-test the node's centre; a covered point delivers nothing. Then, with keyboard delivery, a
 * target a key activates gets focus and that key (no pointer event, so the window is not raised);
 * any other target a trusted left click at the point. A SPEC §12 variant (double, right/middle
 * button, modifiers) always goes through the mouse: no key stands in for it.
 */
export async function deliverClick(context: ActionContext, target: ActionTarget, variant: ClickVariant = {}): Promise<ActionOutcome> {
  const { tab } = context;
  const aim = await aimAt(tab, target);
  if (aim.kind === 'covered') return { delivered: false, reason: 'covered', covering: aim.covering };
  const plain = isPlainClick(variant);
  if (context.clickDelivery === 'keyboard' && plain) {
    const delivered = await deliverKeyboardClick(context, target);
    if (delivered) return delivered;
  }
  const { sites, watchedEverything } = await sitesFor(tab, target);
  return observeDelivery(tab, sites, watchedEverything, () => (plain ? clickAt(tab.session, aim.point) : clickVariantAt(tab.session, aim.point, variant)));
}

/**
 * `<select>` (or one of its `<option>`s, chosen through it): choose options by value or label in
 * the node's world and fire `input` + `change`. A custom listbox: click each matching
 * `[role=option]` (hit-tested like any click). Values that match no option deliver nothing.
 */
export async function deliverSelect(context: ActionContext, target: ActionTarget, values: string[]): Promise<ActionOutcome> {
  const { tab } = context;
  const kind = await callPage(target.world, 'selectKind', target.node);
  if (kind === 'custom') return selectCustomOptions(context, target, values);
  const { sites, watchedEverything } = await sitesFor(tab, target);
  return observeDelivery(tab, sites, watchedEverything, async (): Promise<Undelivered | void> => {
    const result = await callPage(target.world, 'selectOptions', target.node, values);
    if ('missing' in result) return { delivered: false, reason: 'no_such_option', missing: result.missing };
    if ('tooMany' in result) {
      throw new SightlineError('browser_invalid_request', 'Invalid request: field "values": this select takes one value; pass exactly one', { field: 'values', problem: 'single select' });
    }
    if ('notSelect' in result) {
      throw new SightlineError('browser_action_unavailable', 'this option belongs to no <select> to choose it through; take a new snapshot and use the select\'s ref', { reason: 'no_select' });
    }
  });
}

async function selectCustomOptions(context: ActionContext, target: ActionTarget, values: string[]): Promise<ActionOutcome> {
  const missing = await callPage(target.world, 'missingOptions', target.node, values);
  if (missing.length > 0) return { delivered: false, reason: 'no_such_option', missing };
  const options = await callPageObjects(target.world, 'optionElements', target.node, values);
  let last: ActionOutcome = { delivered: true, effect: 'suspected_noop', navigation: false };
  for (const option of options) {
    last = await deliverClick(context, withNode(target, option));
    if (!last.delivered || last.navigation) return last;
  }
  return last;
}
