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
