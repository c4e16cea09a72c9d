/** Escape text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Minimal HTML accumulator for the benchmark's page generators (same shape as the harness's). */
export class HtmlWriter {
  readonly #parts: string[] = [];

  raw(markup: string): this {
    this.#parts.push(markup);
    return this;
  }

  open(tag: string, attributes = ''): this {
    this.#parts.push(`<${tag}${attributes ? ` ${attributes}` : ''}>`);
    return this;
  }

  close(tag: string): this {
    this.#parts.push(`</${tag}>`);
    return this;
  }

  element(tag: string, attributes = '', text = ''): this {
    this.open(tag, attributes);
    if (!VOID_ELEMENTS.has(tag)) this.#parts.push(`${escapeHtml(text)}</${tag}>`);
    return this;
  }

  toString(): string {
    return this.#parts.join('');
  }
}
