import { describe, expect, it } from 'vitest';
import { VISIBILITY_CLASSES } from '../model/visibility.js';
import { createNodeTable, visibilityCode, visibilityOfCode } from './node-table.js';

describe('NodeTable', () => {
  it('codes every visibility class and back', () => {
    const codes = VISIBILITY_CLASSES.map(visibilityCode);
    expect(new Set(codes).size).toBe(VISIBILITY_CLASSES.length);
    for (const visibility of VISIBILITY_CLASSES) expect(visibilityOfCode(visibilityCode(visibility))).toBe(visibility);
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
