import { describe, expect, it } from 'vitest';
import { iconGlyphsOnly } from './text.js';

describe('iconGlyphsOnly', () => {
  it('is true for Private Use Area glyphs and whitespace only', () => {
    expect(iconGlyphsOnly('\uf1f8')).toBe(true); // Font Awesome's trash
    expect(iconGlyphsOnly(' \ue872 \ue5cd ')).toBe(true);
    expect(iconGlyphsOnly('\u{F0001}')).toBe(true); // supplementary PUA (plane 15)
  });

  it('is false for any other character, and for no text at all', () => {
    expect(iconGlyphsOnly('')).toBe(false);
    expect(iconGlyphsOnly('   ')).toBe(false);
    expect(iconGlyphsOnly('\uf1f8 Delete')).toBe(false);
    expect(iconGlyphsOnly('☰')).toBe(false); // a real symbol (U+2630) says something
    expect(iconGlyphsOnly('✔')).toBe(false);
  });
});
