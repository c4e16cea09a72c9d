// Issue 16: a walk's per-record numbers live in typed columns sized once for the records expected,
// not in JS arrays grown by push. On a 100k-node page the pushed arrays were a good part of a first
// walk's fresh memory (each growth copies into new pages; on a VM a page touched for the first time
// costs ~15 µs), for values that are small integers anyway.
import type { Rect, Walk } from '../types.js';

/** The typed columns of a walk, with room for `capacity` records (untouched room costs no memory pages). */
export function recordColumns(capacity: number): Pick<Walk, 'parent' | 'tree' | 'vis' | 'actionable' | 'clipId'> {
  return { parent: new Int32Array(capacity), tree: new Int32Array(capacity), vis: new Int8Array(capacity), actionable: new Uint8Array(capacity), clipId: new Int32Array(capacity) };
}

/**
 * Makes room for records up to `count` (exclusive). Full columns grow fourfold: room not written
 * yet costs no memory pages, while each growth copies every record so far.
 */
export function reserveRecords(walk: Walk, count: number): void {
  if (count <= walk.parent.length) return;
  let size = Math.max(64, walk.parent.length);
  while (size < count) size *= 4;
  walk.parent = grown(walk.parent, new Int32Array(size));
  walk.tree = grown(walk.tree, new Int32Array(size));
  walk.vis = grown(walk.vis, new Int8Array(size));
  walk.actionable = grown(walk.actionable, new Uint8Array(size));
  walk.clipId = grown(walk.clipId, new Int32Array(size));
}

/** A finished walk's columns cut to its records (views, no copy), so their lengths agree with `nodes`. */
export function trimRecords(walk: Walk): void {
  const n = walk.nodes.length;
  walk.parent = walk.parent.subarray(0, n);
  walk.tree = walk.tree.subarray(0, n);
  walk.vis = walk.vis.subarray(0, n);
  walk.actionable = walk.actionable.subarray(0, n);
  walk.clipId = walk.clipId.subarray(0, n);
}

/**
 * The records to make room for: the document's last walk and a little more, or before any walk
 * room for a large page (counting its elements first costs ~10 ms at 100k, more than a growth).
 */
export function expectedRecords(lastWalk: number): number {
  return lastWalk > 0 ? lastWalk + (lastWalk >> 3) + 64 : FIRST_WALK_RECORDS;
}

const FIRST_WALK_RECORDS = 32_768;

/** `to` with `from` copied to its start (a typed array grown into a bigger one). */
export function grown<T extends Int32Array | Int8Array | Uint8Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The clip record `i` inherits from its clipping ancestors (undefined: nothing clips). */
export function clipOf(walk: Walk, i: number): Rect | null | undefined {
  return walk.clips.at(walk.clipId[i]!);
}
