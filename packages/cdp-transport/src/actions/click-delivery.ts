import type { ActionOutcome } from '@sightline/semantic-core';
import type { ActionContext, ActionTarget } from './action-context.js';
import { pressChord } from './input-devices.js';
import { observeDelivery, sitesFor } from './observed-delivery.js';
import { callPage } from '../page-call/page-call.js';

/**
 * How a click reaches the page (SPEC §6 decision, see the README's Actions section).
 *
 * - `mouse`: `Input.dispatchMouseEvent` moved, pressed, released at the hit-tested point.
 * - `keyboard`: a target that a key activates like a click (native button, link, checkbox, radio,
 *   submit/button/reset input, a details' summary, a focusable ARIA button/link/menuitem/tab/
 *   option/checkbox/radio/switch) gets `DOM.focus` and a trusted Enter or Space through
 *   `Input.dispatchKeyEvent`; every other target still gets the mouse.
 * - `auto` (the default): `keyboard` when the browser has native windows, `mouse` when it is
 *   headless. A headful Chromium raises and activates its window on every CDP pointer press (X11:
 *   it sends `_NET_ACTIVE_WINDOW` itself; macOS likewise), which SPEC §6 forbids; a headless one
 *   has no window to raise, so there the mouse's full event sequence costs nothing.
 */
export type ClickDelivery = 'auto' | 'mouse' | 'keyboard';

/** `auto` resolved against the browser's own user agent (`Browser.getVersion`): headless → mouse. */
export function resolveClickDelivery(option: ClickDelivery | undefined, browserUserAgent: string): 'mouse' | 'keyboard' {
  if (option === 'mouse' || option === 'keyboard') return option;
  return /\bHeadlessChrome\//.test(browserUserAgent) ? 'mouse' : 'keyboard';
}

/**
 * Keyboard delivery of a click on an already hit-tested target: focus it (`DOM.focus`, which
 * neither raises nor activates the window), then press its activation key on the tab's session.
 * Answers null — nothing pressed — when the target has no activation key or did not take focus
 * (a page's focus handler moved it elsewhere); the caller then uses the mouse. The effect is
 * observed from the key press on: the focus move before it is not counted as the click's effect.
 */
export async function deliverKeyboardClick(context: ActionContext, target: ActionTarget): Promise<ActionOutcome | null> {
  const { tab } = context;
  const { world, node } = target;
  const activation = await callPage(world, 'activationKey', node);
  if (!activation) return null;
  if (!(await callPage(world, 'isFocused', node))) {
    try {
      await target.frame.session.send('DOM.focus', { objectId: target.objectId });
    } catch {
      return null; // not focusable after all
    }
    if (!(await callPage(world, 'isFocused', node))) return null;
  }
  const { sites, watchedEverything } = await sitesFor(tab, target);
  return observeDelivery(tab, sites, watchedEverything, async () => {
    const guarded = activation.custom && activation.key === 'Space' && (await callPage(world, 'guardSpace', node));
    try {
      await pressChord(tab.session, activation.key);
    } finally {
      // The key may have navigated the frame away (its world is gone): nothing left to release then.
      if (guarded) await callPage(world, 'releaseSpaceGuard').catch(() => undefined);
    }
  });
}
