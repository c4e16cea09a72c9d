import { describe, expect, it } from 'vitest';
import { generateHostilePage, generateInboxPage, HOSTILE_HIDDEN_CONTROLS, INBOX_PAGE_SIZES } from '../src/index.js';

/** Start tags in the markup, which for this generator is the element count of the parsed DOM. */
function startTags(html: string): number {
  return (html.match(/<[a-z][a-z0-9-]*[\s>]/g) ?? []).length;
}

describe('generateInboxPage', () => {
  it.each(INBOX_PAGE_SIZES)('emits exactly %i elements', (elements) => {
    const html = generateInboxPage({ elements });
    expect(startTags(html)).toBe(elements);
  });

  it('puts retained hidden controls first, then Reply body and Send, then the list', () => {
    const html = generateInboxPage({ elements: 5_000 });
    const hidden = html.indexOf('Apply hidden setting 1<');
    const reply = html.indexOf('>Reply body<');
    const send = html.indexOf('id="send">Send<');
    const list = html.indexOf('Star message 1<');
    expect(hidden).toBeGreaterThan(0);
    expect(hidden).toBeLessThan(reply);
    expect(reply).toBeLessThan(send);
    expect(send).toBeLessThan(list);
    expect((html.match(/Star message \d+</g) ?? []).length).toBe(600);
  });

  it('is deterministic', () => {
    expect(generateInboxPage({ elements: 2_000 })).toBe(generateInboxPage({ elements: 2_000 }));
  });

  it('refuses sizes out of range', () => {
    expect(() => generateInboxPage({ elements: 10 })).toThrow(RangeError);
    expect(() => generateInboxPage({ elements: 1.5e6 })).toThrow(RangeError);
    expect(() => generateInboxPage({ elements: 1000.5 })).toThrow(RangeError);
  });
});

describe('generateHostilePage', () => {
  it('lies from the main world before any content and holds the hidden traps', () => {
    const html = generateHostilePage();
    expect(html.indexOf('Element.prototype')).toBeLessThan(html.indexOf('<body'));
    expect((html.match(/Hidden trap \d+</g) ?? []).length).toBe(HOSTILE_HIDDEN_CONTROLS);
    expect(html).toContain('>Reply body<');
    expect(html).toContain('id="send">Send<');
  });
});
