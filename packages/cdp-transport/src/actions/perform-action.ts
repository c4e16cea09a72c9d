import { SightlineError, type ActionOutcome, type PageAction } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';
import { releaseActionObjects, resolveTarget, type ActionContext, type ActionTarget } from './action-context.js';
import { deliverHistory, deliverNavigate } from './deliver-navigation.js';
import { deliverPress, deliverType } from './deliver-keyboard.js';
import { deliverClick, deliverSelect } from './deliver-pointer.js';
import { deliverScroll } from './deliver-scroll.js';
import { asStepRefusal } from './step-failure.js';
import { deliverHover } from './deliver-hover.js';
import { deliverDrag } from './deliver-drag.js';
import { deliverUpload } from './deliver-upload.js';

export { resolveClickDelivery, type ClickDelivery } from './click-delivery.js';

const focusEmulated = new WeakSet<CdpTab>();

/**
 * SPEC §6 delivery on one tab. Background-safe by construction: CDP input on the tab's own
 * session, focus emulation instead of focus (so keys and focus work while the tab is hidden), and
 * never `Page.bringToFront`, `Target.activateTarget` or OS input.
 */
export async function performAction(context: ActionContext, action: PageAction): Promise<ActionOutcome> {
  const { tab } = context;
  await emulateFocus(tab);
  let target: ActionTarget | null = null;
  /** A second node (drag's drop target), released with the first. */
  let second: ActionTarget | null = null;
  try {
    switch (action.kind) {
      case 'click':
        target = await resolveTarget(context, action.node);
        return await deliverClick(context, target, action);
      case 'type':
        target = await resolveTarget(context, action.node);
        return await deliverType(context, target, action);
      case 'select':
        target = await resolveTarget(context, action.node);
        return await deliverSelect(context, target, action.values);
      case 'scroll':
        target = action.node ? await resolveTarget(context, action.node) : null;
        return await deliverScroll(context, target, action.direction, action.amount);
      case 'press':
        return await deliverPress(context, action.key);
      case 'navigate':
        return await deliverNavigate(context, action.url);
      case 'history':
        return await deliverHistory(context, action.move);
      // SPEC §12 pointer verbs.
      case 'hover':
        target = await resolveTarget(context, action.node);
        return await deliverHover(context, target);
      case 'drag':
        target = await resolveTarget(context, action.node);
        second = await resolveTarget(context, action.to);
        return await deliverDrag(context, target, second);
      case 'upload':
        target = await resolveTarget(context, action.node);
        return await deliverUpload(context, target, action.paths);
      default:
        return unknownAction(action);
    }
  } catch (error) {
    // Aiming at a node (resolve, scroll, hit test, focus) failed with the connection fine: a refusal.
    throw target !== null || action.kind === 'click' || action.kind === 'type' || action.kind === 'select' ? asStepRefusal(error, action.kind, tab) : error;
  } finally {
    await releaseActionObjects([tab.session, ...(target ? [target.world.session] : []), ...(second ? [second.world.session] : [])]);
  }
}

function unknownAction(action: never): never {
  throw new SightlineError('browser_invalid_request', `unknown action ${(action as { kind?: string }).kind ?? ''}`);
}

/** `Emulation.setFocusEmulationEnabled` once per tab: the page behaves as focused without being raised. */
async function emulateFocus(tab: CdpTab): Promise<void> {
  if (focusEmulated.has(tab)) return;
  await tab.session.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  focusEmulated.add(tab);
}
