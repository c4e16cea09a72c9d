import type { ActionOutcome } from '@sightline/semantic-core';
import type { ActionContext, ActionTarget } from './action-context.js';
import { aimAt } from './click-point.js';
import { clickAt, insertText, pressChord, selectAllCommand, typeKeystrokes } from './input-devices.js';
import { parseChord } from './key-table.js';
import { mainSite, observeDelivery, sitesFor, type Undelivered } from './observed-delivery.js';
import { callPage } from '../page-call/page-call.js';

export interface TypeOptions {
  text: string;
  replace: boolean;
  submit: boolean;
  mode: 'insert_text' | 'keystrokes';
}

/**
 * Focus the field without raising the tab (`DOM.focus`; a hit-tested click when it will not take
 * focus that way), optionally select what it holds, then insert the text (one `Input.insertText`)
 * or type it key by key, and press Enter for `submit`. Keys go to the tab's session, which routes
 * them to the focused frame.
 */
export async function deliverType(context: ActionContext, target: ActionTarget, options: TypeOptions): Promise<ActionOutcome> {
  const { tab } = context;
  const refused = await focusTarget(context, target);
  if (refused) return refused;
  const { sites, watchedEverything } = await sitesFor(tab, target);
  return observeDelivery(tab, sites, watchedEverything, async () => {
    if (options.replace) {
      const selected = await callPage(target.world, 'selectContent', target.node).catch(() => false);
      if (!selected) await selectAllCommand(tab.session);
      if (options.text === '') await pressChord(tab.session, 'Delete');
    }
    if (options.text !== '') {
      if (options.mode === 'keystrokes') await typeKeystrokes(tab.session, options.text);
      else await insertText(tab.session, options.text);
    }
    if (options.submit) await pressChord(tab.session, 'Enter');
  });
}

async function focusTarget(context: ActionContext, target: ActionTarget): Promise<Undelivered | void> {
  if (await callPage(target.world, 'isFocused', target.node)) return;
  try {
    await target.frame.session.send('DOM.focus', { objectId: target.objectId });
  } catch {
    // Not focusable by script (e.g. a wrapper around an editor): fall through to a click.
  }
  if (await callPage(target.world, 'isFocused', target.node)) return;
  const aim = await aimAt(context.tab, target);
  if (aim.kind === 'covered') return { delivered: false, reason: 'covered', covering: aim.covering };
  await clickAt(context.tab.session, aim.point);
}

/** A key or chord to whatever has focus in the tab. */
export async function deliverPress(context: ActionContext, key: string): Promise<ActionOutcome> {
  const { tab } = context;
  parseChord(key); // refuses an unknown key before anything is sent
  const site = await mainSite(tab);
  const focusInFrame = await callPage(site, 'focusInFrame');
  return observeDelivery(tab, [site], !focusInFrame, () => pressChord(tab.session, key));
}
