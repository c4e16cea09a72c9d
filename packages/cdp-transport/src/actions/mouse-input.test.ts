import { describe, expect, it } from 'vitest';
import { isPlainClick, modifierBits, pathBetween } from './mouse-input.js';
import { dragPath, DRAG_STEPS } from './deliver-drag.js';

describe('click variants', () => {
  it('only a left single click without modifiers is plain (keyboard delivery may stand in for it)', () => {
    expect(isPlainClick({})).toBe(true);
    expect(isPlainClick({ button: 'left', modifiers: [] })).toBe(true);
    expect(isPlainClick({ double: true })).toBe(false);
    expect(isPlainClick({ button: 'right' })).toBe(false);
    expect(isPlainClick({ button: 'middle' })).toBe(false);
    expect(isPlainClick({ modifiers: ['Shift'] })).toBe(false);
  });

  it('modifier bits are CDP\'s (Alt 1, Control 2, Meta 4, Shift 8)', () => {
    expect(modifierBits(undefined)).toBe(0);
    expect(modifierBits(['Shift'])).toBe(8);
    expect(modifierBits(['Alt', 'Control', 'Meta', 'Shift'])).toBe(15);
  });
});

describe('drag paths', () => {
  it('pathBetween ends exactly on the target and excludes the start', () => {
    expect(pathBetween({ x: 0, y: 0 }, { x: 10, y: 20 }, 2)).toEqual([{ x: 5, y: 10 }, { x: 10, y: 20 }]);
  });

  it('starts with a 12 px step towards the target, then even steps ending on it', () => {
    const path = dragPath({ x: 100, y: 100 }, { x: 100, y: 300 });
    expect(path).toHaveLength(DRAG_STEPS + 1);
    expect(path[0]).toEqual({ x: 100, y: 112 });
    expect(path.at(-1)).toEqual({ x: 100, y: 300 });
    for (let i = 1; i < path.length; i++) expect(path[i]!.y).toBeGreaterThan(path[i - 1]!.y);
  });

  it('a target closer than the first step is reached at once', () => {
    expect(dragPath({ x: 0, y: 0 }, { x: 3, y: 4 })).toEqual([{ x: 3, y: 4 }, { x: 3, y: 4 }]);
  });
});
