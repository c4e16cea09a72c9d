import type { CdpSession } from '../connection/cdp-session.js';
import { keyForCharacter, MODIFIER_BITS, parseChord, type KeyDefinition, type Modifier } from './key-table.js';
import type { Point } from './click-point.js';

/**
 * CDP input on the tab's own session only (SPEC §6): the browser routes it to the frame under the
 * point (mouse) or the focused frame (keys). Nothing here touches OS input, window focus or the
 * selected tab.
 */

/** A left click: move first (so out-of-process frames get the press), then press and release. */
export async function clickAt(session: CdpSession, point: Point): Promise<void> {
  await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: point.x, y: point.y, button: 'none', pointerType: 'mouse' });
  await session.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: point.x, y: point.y, button: 'left', buttons: 1, clickCount: 1, pointerType: 'mouse' });
  await session.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: point.x, y: point.y, button: 'left', buttons: 0, clickCount: 1, pointerType: 'mouse' });
}

/** Presses a key or chord (`Enter`, `Control+A`, `Shift+Tab`). */
export async function pressChord(session: CdpSession, chord: string): Promise<void> {
  const { modifiers, key } = parseChord(chord);
  let bits = 0;
  for (const modifier of modifiers) {
    bits |= MODIFIER_BITS[modifier];
    await keyEvent(session, 'rawKeyDown', modifierKey(modifier), bits, false);
  }
  // Text only without command modifiers: Control+A is a command, Shift+a types "A".
  const commands = modifiers.some((m) => m !== 'Shift');
  const typed = !commands && key.text !== undefined ? { ...key, text: shifted(key.text, modifiers) } : { ...key, text: undefined };
  await keyEvent(session, typed.text !== undefined ? 'keyDown' : 'rawKeyDown', typed, bits, false);
  await keyEvent(session, 'keyUp', typed, bits, false);
  for (const modifier of [...modifiers].reverse()) {
    bits &= ~MODIFIER_BITS[modifier];
    await keyEvent(session, 'keyUp', modifierKey(modifier), bits, false);
  }
}

/** Types text one key at a time (keyDown with text, keyUp); newline presses Enter. */
export async function typeKeystrokes(session: CdpSession, text: string): Promise<void> {
  for (const char of text) {
    const key = keyForCharacter(char);
    const bits = key.shift ? MODIFIER_BITS.Shift : 0;
    if (key.shift) await keyEvent(session, 'rawKeyDown', modifierKey('Shift'), bits, false);
    await keyEvent(session, key.text !== undefined ? 'keyDown' : 'rawKeyDown', key, bits, false);
    await keyEvent(session, 'keyUp', key, bits, false);
    if (key.shift) await keyEvent(session, 'keyUp', modifierKey('Shift'), 0, false);
  }
}

/** Inserts text as one input (IME-like): one `beforeinput`/`input`, no key events. */
export async function insertText(session: CdpSession, text: string): Promise<void> {
  await session.send('Input.insertText', { text });
}

/** Chromium's "select all" editing command for the focused field, through a key event. */
export async function selectAllCommand(session: CdpSession): Promise<void> {
  const key: KeyDefinition = { key: 'a', code: 'KeyA', keyCode: 65 };
  await session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: key.key, code: key.code, windowsVirtualKeyCode: key.keyCode, modifiers: MODIFIER_BITS.Control, commands: ['selectAll'] });
  await session.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, code: key.code, windowsVirtualKeyCode: key.keyCode, modifiers: MODIFIER_BITS.Control });
}

async function keyEvent(session: CdpSession, type: 'keyDown' | 'rawKeyDown' | 'keyUp', key: KeyDefinition, modifiers: number, autoRepeat: boolean): Promise<void> {
  const text = type === 'keyDown' ? key.text : undefined;
  await session.send('Input.dispatchKeyEvent', {
    type,
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    nativeVirtualKeyCode: key.keyCode,
    modifiers,
    autoRepeat,
    ...(key.location !== undefined ? { location: key.location } : {}),
    ...(text !== undefined ? { text, unmodifiedText: text } : {}),
  });
}

function modifierKey(modifier: Modifier): KeyDefinition {
  return parseChord(modifier).key;
}

function shifted(text: string, modifiers: Modifier[]): string {
  return modifiers.includes('Shift') && text.length === 1 ? text.toUpperCase() : text;
}
