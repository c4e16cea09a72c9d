import { describe, expect, it } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, VIS_IN_VIEWPORT, VIS_NEAR_VIEWPORT, VIS_NO_LAYOUT, VIS_OFFSCREEN } from '@sightline/semantic-core/page-safe';
import { ASK_OVERFLOW, clipInside, clipOfPosition, editableFrom, FAR, farBelow, farByBox, farByOverflow, NOT_FAR, visibilityOfBox } from './geometry-rules.js';

const viewport = { width: 1280, height: 800 };
const box = (x: number, y: number, width = 100, height = 20) => ({ x, y, width, height });

describe('visibilityOfBox', () => {
  it('is no_layout without a non-empty box, else where the box sits after its clip', () => {
    expect(visibilityOfBox(null, undefined, viewport)).toBe(VIS_NO_LAYOUT);
    expect(visibilityOfBox(box(10, 10, 0, 20), undefined, viewport)).toBe(VIS_NO_LAYOUT);
    expect(visibilityOfBox(box(10, 10), undefined, viewport)).toBe(VIS_IN_VIEWPORT);
    expect(visibilityOfBox(box(10, 800 + NEAR_VIEWPORT_MARGIN - 1), undefined, viewport)).toBe(VIS_NEAR_VIEWPORT);
    expect(visibilityOfBox(box(10, 800 + NEAR_VIEWPORT_MARGIN + 1), undefined, viewport)).toBe(VIS_OFFSCREEN);
    // Scrolled out of its overflow container: offscreen whatever its page coordinates say.
    expect(visibilityOfBox(box(10, 10), box(500, 500, 50, 50), viewport)).toBe(VIS_OFFSCREEN);
    expect(visibilityOfBox(box(10, 10), null, viewport)).toBe(VIS_OFFSCREEN);
  });
});

describe('farByBox / farByOverflow', () => {
  it('a box in or near the viewport is not far', () => {
    expect(farByBox(box(10, 10), undefined, viewport)).toBe(NOT_FAR);
    expect(farByBox(box(10, 1500), undefined, viewport)).toBe(NOT_FAR);
  });

  it('far below or right decides from the box alone; clipped away too', () => {
    expect(farByBox(box(10, 800 + NEAR_VIEWPORT_MARGIN + 5), undefined, viewport)).toBe(FAR);
    expect(farByBox(box(1280 + NEAR_VIEWPORT_MARGIN + 5, 10), undefined, viewport)).toBe(FAR);
    expect(farByBox(box(10, 10), null, viewport)).toBe(FAR);
    expect(farByBox(box(10, 10), box(500, 500, 50, 50), viewport)).toBe(FAR);
  });

  it('far above or left asks for the scrollable overflow, which must be far as well', () => {
    const above = box(10, -5000);
    expect(farByBox(above, undefined, viewport)).toBe(ASK_OVERFLOW);
    expect(farByOverflow(above, 110, -4980)).toBe(true);
    // Its overflow runs down into the viewport: not far.
    expect(farByOverflow(above, 110, 400)).toBe(false);
  });

  it('farBelow: beyond the margin under the viewport', () => {
    expect(farBelow(box(0, 800 + NEAR_VIEWPORT_MARGIN + 1), viewport)).toBe(true);
    expect(farBelow(box(0, 800 + NEAR_VIEWPORT_MARGIN), viewport)).toBe(false);
  });
});

describe('clips and editability', () => {
  it('an element takes the clip of its containing block by position', () => {
    const inFlow = box(0, 0, 10, 10);
    const abs = box(0, 0, 20, 20);
    const fixed = box(0, 0, 30, 30);
    expect(clipOfPosition('static', inFlow, abs, fixed)).toBe(inFlow);
    expect(clipOfPosition('relative', inFlow, abs, fixed)).toBe(inFlow);
    expect(clipOfPosition('absolute', inFlow, abs, fixed)).toBe(abs);
    expect(clipOfPosition('fixed', inFlow, abs, fixed)).toBe(fixed);
  });

  it('an overflow container clips its children to its padding box (∩ its own clip)', () => {
    const padding = box(0, 0, 100, 100);
    expect(clipInside(undefined, padding)).toBe(padding);
    expect(clipInside(null, padding)).toBeNull();
    expect(clipInside(box(50, 50, 100, 100), padding)).toEqual(box(50, 50, 50, 50));
    expect(clipInside(box(500, 500, 10, 10), padding)).toBeNull();
  });

  it('contenteditable overrides what the parent passes down; other values inherit', () => {
    expect(editableFrom('', false)).toBe(true);
    expect(editableFrom('true', false)).toBe(true);
    expect(editableFrom('plaintext-only', false)).toBe(true);
    expect(editableFrom('false', true)).toBe(false);
    expect(editableFrom(null, true)).toBe(true);
    expect(editableFrom('inherit', false)).toBe(false);
  });
});
