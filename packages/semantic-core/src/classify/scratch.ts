/**
 * Working arrays of one `classifyTable` pass. They are typed arrays outside the JS heap, and
 * allocating ~9 bytes per node for every snapshot makes V8 collect for "external memory
 * pressure" every few snapshots, so a pass returns its arrays here for the next one to reuse.
 * The pool holds one set, sized for the largest page seen; a nested pass (none today) would
 * simply allocate its own.
 */
export interface Scratch {
  /** Style bits of each node (style-bits.ts). */
  style: Uint8Array;
  /** Nearest kept semantic node at or above each node. */
  anchor: Int32Array;
  /** The same, counting semantic nodes that were removed (css_hidden, page_occluded). */
  rawAnchor: Int32Array;
}

let spare: Scratch | null = null;

/** Arrays of at least `count` entries, with stale contents: a pass writes an entry before it reads it. */
export function takeScratch(count: number): Scratch {
  const pooled = spare;
  if (pooled !== null && pooled.style.length >= count) {
    spare = null;
    return pooled;
  }
  return {
    style: new Uint8Array(count),
    anchor: new Int32Array(count),
    rawAnchor: new Int32Array(count),
  };
}

export function giveBackScratch(scratch: Scratch): void {
  if (spare === null || spare.style.length < scratch.style.length) spare = scratch;
}
