/** Collapses runs of whitespace to one space and trims; the form names and texts are compared and printed in. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * True when the text has a non-whitespace character. A char-code scan: it runs for every text
 * node of the page and almost always stops at the first character.
 */
export function hasVisibleText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ASCII whitespace and control characters; beyond ASCII, defer to the regex's notion of \s.
    if (c > 32 && c < 127) return true;
    if (c >= 127 && c !== 0xa0 && !/\s/.test(text[i]!)) return true;
  }
  return false;
}

/** Private Use Area code points (the BMP's and planes 15–16): where icon fonts put their glyphs. */
const ICON_GLYPHS_ONLY = /^\s*[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}][\s\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]*$/u;

/**
 * True when the text is only icon-font glyphs (Private Use Area characters, Font Awesome's or
 * IcoMoon's, say) and whitespace: a name made of them says nothing to the reader, so an element
 * that also has a title is named by its title instead (Chromium keeps the glyph as the name and
 * the title as its description).
 */
export function iconGlyphsOnly(text: string): boolean {
  return ICON_GLYPHS_ONLY.test(text);
}
