import { describe, expect, it } from 'vitest';
import { SightlineError } from '@sightline/semantic-core';
import { keyForCharacter, parseChord } from './key-table.js';

describe('parseChord', () => {
  it('names control keys with their code and Windows virtual key code', () => {
    expect(parseChord('Enter')).toEqual({ modifiers: [], key: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' } });
    expect(parseChord('Tab').key).toMatchObject({ key: 'Tab', keyCode: 9 });
    expect(parseChord('Escape').key).toMatchObject({ key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(parseChord('ArrowDown').key).toMatchObject({ key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    expect(parseChord('F5').key).toMatchObject({ key: 'F5', keyCode: 116 });
    expect(parseChord('Esc').key.key).toBe('Escape');
  });

  it('parses chords: modifiers first, the key last', () => {
    expect(parseChord('Control+A')).toEqual({ modifiers: ['Control'], key: { key: 'A', code: 'KeyA', keyCode: 65, text: 'A' } });
    expect(parseChord('Shift+Tab')).toMatchObject({ modifiers: ['Shift'], key: { key: 'Tab' } });
    expect(parseChord('Ctrl+Shift+ArrowLeft')).toMatchObject({ modifiers: ['Control', 'Shift'], key: { key: 'ArrowLeft' } });
    expect(parseChord('Control++')).toMatchObject({ modifiers: ['Control'], key: { key: '+', code: 'Equal' } });
    expect(parseChord('+').key).toMatchObject({ key: '+' });
  });

  it('types single characters', () => {
    expect(parseChord('a').key).toEqual({ key: 'a', code: 'KeyA', keyCode: 65, text: 'a' });
    expect(parseChord('7').key).toEqual({ key: '7', code: 'Digit7', keyCode: 55, text: '7' });
  });

  it('refuses unknown keys and non-modifiers as browser_invalid_request', () => {
    for (const bad of ['Hyper+Q', 'a+b', 'NoSuchKey']) {
      try {
        parseChord(bad);
        expect.unreachable(bad);
      } catch (error) {
        expect(SightlineError.isInstance(error)).toBe(true);
        expect((error as SightlineError).code).toBe('browser_invalid_request');
      }
    }
  });
});

describe('keyForCharacter', () => {
  it('maps US-layout characters, with shift where the layout needs it', () => {
    expect(keyForCharacter('A')).toMatchObject({ code: 'KeyA', keyCode: 65, text: 'A', shift: true });
    expect(keyForCharacter('!')).toMatchObject({ code: 'Digit1', keyCode: 49, shift: true });
    expect(keyForCharacter('?')).toMatchObject({ code: 'Slash', keyCode: 191, shift: true });
    expect(keyForCharacter('\n')).toMatchObject({ key: 'Enter', keyCode: 13 });
    expect(keyForCharacter(' ')).toMatchObject({ key: ' ', code: 'Space', text: ' ' });
  });

  it('types anything else as text without a key code', () => {
    expect(keyForCharacter('é')).toEqual({ key: 'é', code: '', keyCode: 0, text: 'é', shift: false });
    expect(keyForCharacter('—')).toMatchObject({ text: '—', keyCode: 0 });
  });
});
