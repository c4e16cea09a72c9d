import { SightlineError, type ActionOutcome, type ClickVariant } from '@sightline/semantic-core';
import type { ActionContext, ActionTarget } from './action-context.js';
import { aimAt } from './click-point.js';
import { deliverKeyboardClick } from './click-delivery.js';
import { clickAt } from './input-devices.js';
import { clickVariantAt, isPlainClick } from './mouse-input.js';
import { observeDelivery, sitesFor, type Undelivered } from './observed-delivery.js';
import { arrayElements, callOn, callOnForObject } from './world-calls.js';
import { FIND_OPTIONS, SELECT_OPTIONS } from './world-functions.js';

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
 * `<select>`: choose options by value or label in the node's world and fire `input` + `change`.
 * A custom listbox: click each matching `[role=option]` (hit-tested like any click). Values that
 * match no option deliver nothing.
 */
export async function deliverSelect(context: ActionContext, target: ActionTarget, values: string[]): Promise<ActionOutcome> {
  const { tab } = context;
  const session = target.world.session;
  const { sites, watchedEverything } = await sitesFor(tab, target);
  const isSelect = await callOn<boolean>(session, target.objectId, 'function(){return this.localName==="select"}');
  if (!isSelect) return selectCustomOptions(context, target, values);
  return observeDelivery(tab, sites, watchedEverything, async (): Promise<Undelivered | void> => {
    const result = await callOn<{ missing?: string[]; tooMany?: boolean; changed?: boolean }>(session, target.objectId, SELECT_OPTIONS, [{ value: values }]);
    if (result.missing) return { delivered: false, reason: 'no_such_option', missing: result.missing };
    if (result.tooMany) {
      throw new SightlineError('browser_invalid_request', 'Invalid request: field "values": this select takes one value; pass exactly one', { field: 'values', problem: 'single select' });
    }
  });
}

async function selectCustomOptions(context: ActionContext, target: ActionTarget, values: string[]): Promise<ActionOutcome> {
  const session = target.world.session;
  const { missing } = await callOn<{ missing: string[] }>(session, target.objectId, FIND_OPTIONS, [{ value: values }, { value: false }]);
  if (missing.length > 0) return { delivered: false, reason: 'no_such_option', missing };
  const arrayId = await callOnForObject(session, target.objectId, FIND_OPTIONS, [{ value: values }, { value: true }]);
  const options = arrayId ? await arrayElements(session, arrayId) : [];
  let last: ActionOutcome = { delivered: true, effect: 'suspected_noop', navigation: false };
  for (const objectId of options) {
    last = await deliverClick(context, { ...target, objectId });
    if (!last.delivered || last.navigation) return last;
  }
  return last;
}
