/** Escape text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Accumulates HTML while counting the elements it opens, so generators can hit an exact
 * element count. Every call to `open`/`element` adds one element.
 */
export class HtmlWriter {
  readonly #parts: string[] = [];
  #elements = 0;

  get elementCount(): number {
    return this.#elements;
  }

  /** Append raw markup that contains no elements (text, comments). */
  raw(markup: string): this {
    this.#parts.push(markup);
    return this;
  }

  open(tag: string, attributes = ''): this {
    this.#elements += 1;
    this.#parts.push(`<${tag}${attributes ? ` ${attributes}` : ''}>`);
    return this;
  }

  close(tag: string): this {
    this.#parts.push(`</${tag}>`);
    return this;
  }

  /** One element with escaped text content (void elements take no text). */
  element(tag: string, attributes = '', text = ''): this {
    this.open(tag, attributes);
    if (!VOID_ELEMENTS.has(tag)) this.#parts.push(`${escapeHtml(text)}</${tag}>`);
    return this;
  }

  toString(): string {
    return this.#parts.join('');
  }
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
