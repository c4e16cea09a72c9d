/**
 * Arrays whose elements are made on first read, for `ClassifiedPage.nodes`, `ranked` and
 * `byIndex`: a default read of a 100k-node page touches a few hundred of its nodes, and making an
 * object for every one of them up front costs more than classifying the page.
 *
 * Reads (index, `length`, iteration, `map`, `filter`, `JSON.stringify`, …) behave as on a plain
 * array and return the same object for the same position every time. The first write, or
 * anything that lists the keys (`Object.keys`, `for…in`), makes every element and turns the
 * array into an ordinary one behind the proxy. `structuredClone` refuses proxies: clone
 * `[...list]`.
 */

interface Backing {
  at: (position: number) => unknown;
  /** Capture indexes of the elements, when each element is the node at such an index. */
  indexes: Int32Array | undefined;
  /** Something wrote to the array: its elements are no longer `at(0…)`. */
  written: boolean;
}

const backings = new WeakMap<object, Backing>();

/** Node's `util.inspect` hook, by its registered symbol (no Node import: this also runs in pages). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** `key` as an array position below `length`, or -1 (property keys of array elements arrive as strings). */
function positionOf(key: string | symbol, length: number): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
  let position = 0;
  for (let i = 0; i < key.length; i++) {
    const digit = key.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9 || (digit === 0 && i === 0 && key.length > 1)) return -1;
    position = position * 10 + digit;
  }
  return position < length ? position : -1;
}

export function lazyArray<T>(length: number, at: (position: number) => T, indexes?: Int32Array): T[] {
  // Until made plain, the target stays empty and `length` is reported by the trap: `length` is
  // writable, so a proxy may report its own, and a 100k-slot target would cost as much to
  // allocate as what it saves.
  const target: T[] = [];
  const backing: Backing = { at, indexes, written: false };
  let plain = false;
  const makeAll = (): void => {
    if (plain) return;
    for (let i = 0; i < length; i++) target.push(at(i));
    plain = true;
  };
  const beforeWrite = (): void => {
    makeAll();
    backing.written = true;
  };
  // Printing the proxy prints its target; show the elements instead of an empty array.
  Object.defineProperty(target, INSPECT, {
    value(this: T[], _depth: number, options: unknown, inspect: (value: unknown, options: unknown) => string): string {
      return inspect(Array.from(this), options);
    },
  });
  const proxy = new Proxy(target, {
    get(array, key, receiver) {
      if (plain) return Reflect.get(array, key, receiver);
      if (key === 'length') return length;
      const position = positionOf(key, length);
      return position >= 0 ? at(position) : Reflect.get(array, key, receiver);
    },
    has(array, key) {
      return (!plain && positionOf(key, length) >= 0) || Reflect.has(array, key);
    },
    getOwnPropertyDescriptor(array, key) {
      if (plain) return Reflect.getOwnPropertyDescriptor(array, key);
      if (key === 'length') return { value: length, writable: true, enumerable: false, configurable: false };
      const position = positionOf(key, length);
      if (position < 0) return Reflect.getOwnPropertyDescriptor(array, key);
      return { value: at(position), writable: true, enumerable: true, configurable: true };
    },
    ownKeys(array) {
      makeAll();
      return Reflect.ownKeys(array);
    },
    set(array, key, value, receiver) {
      beforeWrite();
      return Reflect.set(array, key, value, receiver);
    },
    defineProperty(array, key, descriptor) {
      beforeWrite();
      return Reflect.defineProperty(array, key, descriptor);
    },
    deleteProperty(array, key) {
      beforeWrite();
      return Reflect.deleteProperty(array, key);
    },
  });
  backings.set(proxy, backing);
  return proxy;
}

/**
 * The capture indexes of a node list made by `lazyArray` that nobody has written to, so a pass
 * over it can read the `NodeTable` instead of making every node; undefined for any other list.
 */
export function lazyIndexes(list: readonly unknown[]): Int32Array | undefined {
  const backing = backings.get(list);
  return backing && !backing.written ? backing.indexes : undefined;
}

/** The list as a plain array, made without going through the proxy element by element (for loops over every node). */
export function plainArray<T>(list: readonly T[]): readonly T[] {
  const backing = backings.get(list);
  if (!backing || backing.written) return list;
  const out = new Array<T>(list.length);
  for (let i = 0; i < out.length; i++) out[i] = backing.at(i) as T;
  return out;
}
