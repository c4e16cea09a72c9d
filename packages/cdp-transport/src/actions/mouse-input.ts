import type { ClickVariant } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { Point } from './click-point.js';
import { MODIFIER_BITS } from './key-table.js';

/**
 * Mouse input for the SPEC §12 verbs, on the tab's own session only (the browser routes it to the
 * frame under the point): no OS input, no window focus, no change of the selected tab.
 */

type Button = 'left' | 'right' | 'middle';

/** `buttons` bit of each button while it is held (DOM MouseEvent.buttons). */
const BUTTON_BITS: Record<Button, number> = { left: 1, right: 2, middle: 4 };

export function modifierBits(modifiers: ClickVariant['modifiers']): number {
  let bits = 0;
  for (const modifier of modifiers ?? []) bits |= MODIFIER_BITS[modifier];
  return bits;
}

/** The pointer moves to `point`; `held` is the button kept pressed during the move (a drag). */
export async function mouseMove(session: CdpSession, point: Point, held: Button | null = null, modifiers = 0): Promise<void> {
  await session.send('Input.dispatchMouseEvent', {
    type: 'mouseMoved',
    x: point.x,
    y: point.y,
    button: held ?? 'none',
    buttons: held ? BUTTON_BITS[held] : 0,
    modifiers,
    pointerType: 'mouse',
  });
}

export async function mouseDown(session: CdpSession, point: Point, button: Button, clickCount: number, modifiers = 0): Promise<void> {
  await session.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: point.x, y: point.y, button, buttons: BUTTON_BITS[button], clickCount, modifiers, pointerType: 'mouse' });
}

export async function mouseUp(session: CdpSession, point: Point, button: Button, clickCount: number, modifiers = 0): Promise<void> {
  await session.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: point.x, y: point.y, button, buttons: 0, clickCount, modifiers, pointerType: 'mouse' });
}

/**
 * A click variant at the point: move there, then one press/release pair (clickCount 1), and for a
 * double click a second pair with clickCount 2 so the page sees `click`, `click`, `dblclick`. A
 * right click makes Chromium fire `contextmenu` on the press. Modifier bits ride on every event
 * (`event.shiftKey` and the like); no key events are sent for them.
 */
export async function clickVariantAt(session: CdpSession, point: Point, variant: ClickVariant): Promise<void> {
  const button = variant.button ?? 'left';
  const modifiers = modifierBits(variant.modifiers);
  await mouseMove(session, point, null, modifiers);
  const pairs = variant.double === true ? 2 : 1;
  for (let count = 1; count <= pairs; count++) {
    await mouseDown(session, point, button, count, modifiers);
    await mouseUp(session, point, button, count, modifiers);
  }
}

/** Whether a click variant is a plain left single click (the only kind keyboard delivery may stand in for). */
export function isPlainClick(variant: ClickVariant): boolean {
  return (variant.button ?? 'left') === 'left' && variant.double !== true && (variant.modifiers ?? []).length === 0;
}

/** `steps` points from `from` to `to`, excluding `from` and ending exactly on `to`. */
export function pathBetween(from: Point, to: Point, steps: number): Point[] {
  const points: Point[] = [];
  for (let i = 1; i <= steps; i++) points.push({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  return points;
}
