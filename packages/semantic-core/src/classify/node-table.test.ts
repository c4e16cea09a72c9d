import { describe, expect, it } from 'vitest';
import { VISIBILITY_CLASSES } from '../model/visibility.js';
import { createNodeTable, visibilityOfCode } from './node-table.js';
import { VIS_CSS_HIDDEN, VIS_IN_VIEWPORT, VIS_NEAR_VIEWPORT, VIS_NO_LAYOUT, VIS_OFFSCREEN, VIS_PAGE_OCCLUDED, VIS_UNKNOWN } from './visibility.js';

describe('NodeTable', () => {
  it('codes every visibility class and back', () => {
    const codes = { in_viewport: VIS_IN_VIEWPORT, near_viewport: VIS_NEAR_VIEWPORT, offscreen: VIS_OFFSCREEN, css_hidden: VIS_CSS_HIDDEN, no_layout: VIS_NO_LAYOUT, page_occluded: VIS_PAGE_OCCLUDED, unknown: VIS_UNKNOWN };
    expect(Object.keys(codes).sort()).toEqual([...VISIBILITY_CLASSES].sort());
    expect(new Set(Object.values(codes)).size).toBe(VISIBILITY_CLASSES.length);
    for (const visibility of VISIBILITY_CLASSES) expect(visibilityOfCode(codes[visibility])).toBe(visibility);
  });

  it('starts with no kept node and separate columns', () => {
    const table = createNodeTable(5);
    expect([...table.ordinal]).toEqual([-1, -1, -1, -1, -1]);
    table.parent[4] = 7;
    table.redacted[0] = 2;
    expect([...table.parent]).toEqual([0, 0, 0, 0, 7]);
    expect([...table.redacted]).toEqual([2, 0, 0, 0, 0]);
    expect(table.ordinal[4]).toBe(-1);
  });
});
