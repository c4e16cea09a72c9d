import { describe, expect, it } from 'vitest';
import { boxAt, buildCapture, el, iframe, text } from '../testing/capture-builder.js';
import { geometryVisibility, visibilityOfAll } from './visibility.js';

const viewport = { width: 1000, height: 800 };

describe('geometryVisibility', () => {
  it('places boxes in, near and far from the viewport', () => {
    expect(geometryVisibility(boxAt(10), undefined, viewport)).toBe('in_viewport');
    expect(geometryVisibility(boxAt(790), undefined, viewport)).toBe('in_viewport');
    expect(geometryVisibility(boxAt(800), undefined, viewport)).toBe('near_viewport');
    expect(geometryVisibility(boxAt(1800), undefined, viewport)).toBe('near_viewport');
    expect(geometryVisibility(boxAt(1801), undefined, viewport)).toBe('offscreen');
    expect(geometryVisibility(boxAt(-1020), undefined, viewport)).toBe('near_viewport');
    expect(geometryVisibility(boxAt(-1021), undefined, viewport)).toBe('offscreen');
    expect(geometryVisibility(boxAt(10, 20, 2001), undefined, viewport)).toBe('offscreen');
  });

  it('treats a box scrolled out of its overflow container as offscreen, even inside the viewport', () => {
    const clip = { x: 0, y: 100, width: 400, height: 300 };
    expect(geometryVisibility(boxAt(150), clip, viewport)).toBe('in_viewport');
    expect(geometryVisibility(boxAt(500), clip, viewport)).toBe('offscreen');
    expect(geometryVisibility(boxAt(150), null, viewport)).toBe('offscreen');
  });

  it('uses the clipped part of a box', () => {
    // The box reaches into the viewport, but the part that does is clipped away; the rest is near.
    const clip = { x: 0, y: 900, width: 400, height: 300 };
    expect(geometryVisibility(boxAt(700, 400), clip, viewport)).toBe('near_viewport');
  });
});

describe('classifyVisibility (whole captures)', () => {
  const visible = (roots: Parameters<typeof buildCapture>[0], options?: Parameters<typeof buildCapture>[1]) =>
    visibilityOfAll(buildCapture(roots, options));

  it('hides for display:none, hidden, aria-hidden and inert, with descendants', () => {
    for (const props of [
      { style: { display: 'none' } },
      { attributes: { hidden: true } },
      { attributes: { ariaHidden: true } },
      { attributes: { inert: true } },
    ]) {
      const v = visible([el('generic', '', props, [el('button', 'Go', {}, [text('Go')])])]);
      expect(v, JSON.stringify(props)).toEqual(['css_hidden', 'css_hidden', 'css_hidden']);
    }
  });

  it('hides for own visibility hidden|collapse but shows a visible child of a hidden parent', () => {
    const v = visible([
      el('group', 'Outer', { style: { visibility: 'hidden' } }, [
        el('button', 'Shown', { style: { visibility: 'visible' } }, [text('inside shown')]),
        el('button', 'Inherited', { style: { visibility: 'hidden' } }),
        text('outer text'),
      ]),
      el('row', 'Collapsed', { style: { visibility: 'collapse' } }),
    ]);
    expect(v).toEqual(['css_hidden', 'in_viewport', 'in_viewport', 'css_hidden', 'css_hidden', 'css_hidden']);
  });

  it('multiplies opacity along ancestors', () => {
    const v = visible([
      el('generic', '', { style: { opacity: 0.5 } }, [
        el('button', 'Half', { style: { opacity: 0.5 } }),
        el('generic', '', { style: { opacity: 0 } }, [el('button', 'Zero', { style: { opacity: 1 } })]),
      ]),
    ]);
    expect(v).toEqual(['in_viewport', 'in_viewport', 'css_hidden', 'css_hidden']);
  });

  it('hides descendants of content-visibility:hidden but not the element', () => {
    const v = visible([el('region', 'Lazy', { style: { contentVisibility: 'hidden' } }, [el('button', 'Inside')])]);
    expect(v).toEqual(['in_viewport', 'css_hidden']);
  });

  it('reports no_layout for missing and empty boxes; text borrows its parent box', () => {
    const v = visible([
      el('button', 'No box', { box: null }),
      el('button', 'Empty', { box: { x: 0, y: 0, width: 0, height: 0 } }),
      el('paragraph', '', {}, [text('borrowed')]),
      el('paragraph', '', { box: null }, [text('nothing to borrow')]),
    ]);
    expect(v).toEqual(['no_layout', 'no_layout', 'in_viewport', 'in_viewport', 'no_layout', 'no_layout']);
  });

  it('marks covered nodes page_occluded, except the active dialog and its content', () => {
    const v = visible(
      [
        el('button', 'Under the modal', { hit: 'covered' }),
        el('dialog', 'Confirm', { id: 'dialog', hit: 'covered' }, [el('button', 'OK', { hit: 'covered' })]),
      ],
      { activeDialog: 'dialog' },
    );
    expect(v).toEqual(['page_occluded', 'in_viewport', 'in_viewport']);
  });

  it('marks unknown hit evidence unknown, and ignores hit evidence outside the viewport', () => {
    const v = visible([
      el('button', 'Unsure', { hit: 'unknown' }),
      el('button', 'Far', { hit: 'covered', box: boxAt(5000) }),
      el('button', 'Near', { hit: 'unknown', box: boxAt(900) }),
    ]);
    expect(v).toEqual(['unknown', 'offscreen', 'near_viewport']);
  });

  it('hides frame content with its hidden iframe element', () => {
    const v = visible([iframe({ title: 'Ads' }, [el('button', 'Inside frame')], { style: { display: 'none' } })]);
    expect(v).toEqual(['css_hidden', 'css_hidden']);
  });
});
