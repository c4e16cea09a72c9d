import { SightlineError } from '@sightline/semantic-core';

/** One key as CDP `Input.dispatchKeyEvent` wants it (US layout). */
export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** Text the key types (none for control keys). */
  text?: string;
  /** Location: 1 left, 2 right (modifiers), 3 numpad. */
  location?: number;
}

/** CDP modifier bits. */
export const MODIFIER_BITS = { Alt: 1, Control: 2, Meta: 4, Shift: 8 } as const;
export type Modifier = keyof typeof MODIFIER_BITS;

const NAMED: Record<string, KeyDefinition> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  Insert: { key: 'Insert', code: 'Insert', keyCode: 45 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16, location: 1 },
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17, location: 1 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91, location: 1 },
};
for (let n = 1; n <= 12; n++) NAMED[`F${n}`] = { key: `F${n}`, code: `F${n}`, keyCode: 111 + n };

const ALIASES: Record<string, string> = {
  Return: 'Enter', Esc: 'Escape', Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight',
  Del: 'Delete', Ctrl: 'Control', Control: 'Control', Cmd: 'Meta', Command: 'Meta', Super: 'Meta', Option: 'Alt', ' ': 'Space', Spacebar: 'Space',
};

/** US-layout punctuation: character → [code, keyCode, shifted]. */
const PUNCTUATION: Record<string, [string, number, boolean]> = {
  '-': ['Minus', 189, false], _: ['Minus', 189, true], '=': ['Equal', 187, false], '+': ['Equal', 187, true],
  '[': ['BracketLeft', 219, false], '{': ['BracketLeft', 219, true], ']': ['BracketRight', 221, false], '}': ['BracketRight', 221, true],
  '\\': ['Backslash', 220, false], '|': ['Backslash', 220, true], ';': ['Semicolon', 186, false], ':': ['Semicolon', 186, true],
  "'": ['Quote', 222, false], '"': ['Quote', 222, true], ',': ['Comma', 188, false], '<': ['Comma', 188, true],
  '.': ['Period', 190, false], '>': ['Period', 190, true], '/': ['Slash', 191, false], '?': ['Slash', 191, true],
  '`': ['Backquote', 192, false], '~': ['Backquote', 192, true],
};
const SHIFTED_DIGITS = ')!@#$%^&*(';

/** The key for one character: letters, digits, US punctuation, newline; anything else types as text only. */
export function keyForCharacter(char: string): KeyDefinition & { shift: boolean } {
  if (char === '\n' || char === '\r') return { ...NAMED.Enter!, shift: false };
  if (char === '\t') return { ...NAMED.Tab!, shift: false };
  if (char === ' ') return { ...NAMED.Space!, shift: false };
  if (/^[a-z]$/.test(char)) return { key: char, code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0), text: char, shift: false };
  if (/^[A-Z]$/.test(char)) return { key: char, code: `Key${char}`, keyCode: char.charCodeAt(0), text: char, shift: true };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char, shift: false };
  const shiftedDigit = SHIFTED_DIGITS.indexOf(char);
  if (shiftedDigit >= 0) return { key: char, code: `Digit${shiftedDigit}`, keyCode: 48 + shiftedDigit, text: char, shift: true };
  const punctuation = PUNCTUATION[char];
  if (punctuation) return { key: char, code: punctuation[0], keyCode: punctuation[1], text: char, shift: punctuation[2] };
  return { key: char, code: '', keyCode: 0, text: char, shift: false };
}

export interface Chord {
  modifiers: Modifier[];
  key: KeyDefinition;
}

/**
 * Parses `Enter`, `a`, `Control+A`, `Shift+Tab`, `Control+Shift+ArrowLeft`. The last part is the
 * key; the others must be modifiers. A single letter with Control/Alt/Meta keeps its letter key
 * (`Control+A` selects all) but types no text.
 */
export function parseChord(input: string): Chord {
  const parts = input === '+' ? ['+'] : input.split(/\+(?!$)/).map((part) => part.trim());
  const last = parts.pop() ?? '';
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    const name = (ALIASES[part] ?? part) as Modifier;
    if (!(name in MODIFIER_BITS)) throw invalidKey(input, `"${part}" is not a modifier (Alt, Control, Meta, Shift)`);
    if (!modifiers.includes(name)) modifiers.push(name);
  }
  const key = keyByName(last);
  if (!key) throw invalidKey(input, `"${last}" is not a key name`);
  return { modifiers, key };
}

function keyByName(name: string): KeyDefinition | null {
  const canonical = ALIASES[name] ?? name;
  const named = NAMED[canonical] ?? Object.values(NAMED).find((k) => k.key.toLowerCase() === canonical.toLowerCase() && canonical.length > 1);
  if (named) return named;
  if ([...name].length === 1) {
    const { shift: _shift, ...key } = keyForCharacter(name);
    return key;
  }
  return null;
}

function invalidKey(input: string, problem: string): SightlineError {
  return new SightlineError('browser_invalid_request', `Invalid request: field "key": ${problem}; pass a key such as Enter, Tab, Escape, ArrowDown, a or a chord such as Control+A`, {
    field: 'key',
    problem,
    key: input,
  });
}
