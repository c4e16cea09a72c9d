import { describe, expect, it } from 'vitest';
import { boxAt, buildCapture, el } from '../testing/capture-builder.js';
import { handleIndexNamer } from '../testing/test-namer.js';
import { classifyPage } from '../classify/classify-page.js';
import { composeDomRefs } from './dom-refs-v1.js';

describe('composeDomRefs (dom_refs_v1)', () => {
  it('lists actionable nodes in document order, whatever their visibility, without hidden ones', () => {
    const page = classifyPage(
      buildCapture([
        el('heading', 'Not actionable'),
        el('button', 'Far', { box: boxAt(9000) }),
        el('button', 'Hidden', { style: { display: 'none' } }),
        el('textbox', 'Name', { tag: 'input', value: 'Ann', id: 'f' }),
      ], { focused: 'f' }),
    );
    const out = composeDomRefs(page, handleIndexNamer('p2'));
    expect(out.refs).toEqual([
      { ref: 'p2:2', role: 'button', name: 'Far', actions: ['click'], frame: 'main' },
      { ref: 'p2:4', role: 'textbox', name: 'Name', value: 'Ann', actions: ['type', 'click'], frame: 'main' },
    ]);
    expect(out.truncated).toBe(false);
    expect(out.focusedRef).toBe('p2:4');
  });

  it('cuts at the limit and says so', () => {
    const page = classifyPage(buildCapture(Array.from({ length: 301 }, (_, i) => el('button', `B${i}`))));
    const full = composeDomRefs(page, handleIndexNamer());
    expect(full.refs).toHaveLength(300);
    expect(full.truncated).toBe(true);
    expect(full.refs.at(-1)?.name).toBe('B299');
    const exact = classifyPage(buildCapture(Array.from({ length: 300 }, (_, i) => el('button', `B${i}`))));
    expect(composeDomRefs(exact, handleIndexNamer()).truncated).toBe(false);
  });
});
