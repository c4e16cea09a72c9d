import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lazyArray, lazyIndexes, plainArray } from './lazy-array.js';

/** A lazy array of `{ at }` objects that counts how often each position was made. */
function counted(length: number) {
  const made: number[] = new Array<number>(length).fill(0);
  const cache = new Map<number, { at: number }>();
  const indexes = Int32Array.from({ length }, (_, i) => i * 10);
  const list = lazyArray(
    length,
    (position) => {
      made[position]!++;
      let element = cache.get(position);
      if (!element) cache.set(position, (element = { at: position }));
      return element;
    },
    indexes,
  );
  return { list, made, indexes };
}

describe('lazyArray', () => {
  it('makes only the elements that are read', () => {
    const { list, made } = counted(1000);
    expect(list.length).toBe(1000);
    expect(list[3]).toEqual({ at: 3 });
    expect(list[999]?.at).toBe(999);
    expect(list[1000]).toBeUndefined();
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(2);
  });

  it('reads like a plain array', () => {
    const { list } = counted(4);
    const plain = [0, 1, 2, 3].map((at) => ({ at }));
    expect(Array.isArray(list)).toBe(true);
    expect([...list]).toEqual(plain);
    expect(list.map((e) => e.at)).toEqual([0, 1, 2, 3]);
    expect(list.filter((e) => e.at % 2 === 1)).toEqual([{ at: 1 }, { at: 3 }]);
    expect(list.find((e) => e.at === 2)).toBe(list[2]);
    expect(list.slice(1, 3)).toEqual([{ at: 1 }, { at: 2 }]);
    expect(JSON.stringify(list)).toBe(JSON.stringify(plain));
    expect(2 in list).toBe(true);
    expect(4 in list).toBe(false);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3']);
    expect(list).toEqual(plain);
    expect(inspect(list)).toBe(inspect(plain));
  });

  it('becomes an ordinary array on the first write, and stops vouching for its indexes', () => {
    const { list, indexes } = counted(3);
    expect(lazyIndexes(list)).toBe(indexes);
    const first = list[0];
    list.push({ at: 7 });
    expect(list.map((e) => e.at)).toEqual([0, 1, 2, 7]);
    expect(list[0]).toBe(first);
    expect(lazyIndexes(list)).toBeUndefined();
    list.sort((a, b) => b.at - a.at);
    expect(list.map((e) => e.at)).toEqual([7, 2, 1, 0]);
    expect(plainArray(list)).toBe(list);
  });

  it('knows nothing of arrays it did not make', () => {
    const plain = [{ at: 0 }];
    expect(lazyIndexes(plain)).toBeUndefined();
    expect(plainArray(plain)).toBe(plain);
  });

  it('copies to a plain array with the same elements', () => {
    const { list } = counted(3);
    const copy = plainArray(list);
    expect(copy).toEqual([{ at: 0 }, { at: 1 }, { at: 2 }]);
    expect(copy[1]).toBe(list[1]);
  });
});
