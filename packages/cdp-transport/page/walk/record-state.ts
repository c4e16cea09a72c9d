import type { Rect } from '../types.js';
import type { ClipTable } from './clip-table.js';
import { grown } from './record-columns.js';

/**
 * Per-record facts a walk keeps for the children of each record (bit flags, not visibility codes):
 * `HIDDEN_KNOWN`/`HIDDEN_SELF` remember whether the element itself renders hidden (checkVisibility).
 */
export const HIDDEN_SUB = 1, FAR_SUB = 2, CONTENTS = 4, POINTER = 8, EDITABLE = 16, HIDDEN_KNOWN = 32, HIDDEN_SELF = 64;
/** Set lazily on parents: an in-flow child was far below; laid out as a block container; flow direction; content-visibility. */
export const FAR_BELOW = 128, BLOCK_FLOW = 256, DOWN_KNOWN = 512, DOWN = 1024, CV_KNOWN = 2048, CV_HIDDEN = 4096;
/** The record's computed cursor is a drag cursor (the core's `isDragCursor`); children inherit it. */
export const DRAG_CURSOR = 8192;
/** A closed <details>: its children other than its summary do not render (closedDetailsContent asks only then). */
export const CLOSED_DETAILS = 16384;

/**
 * Walk-local state per record, in typed arrays that grow by doubling. Records copied from stored
 * segments never become parents, so their slots are simply left at zero — no per-record writes,
 * and no sparse JS arrays after a long copied run.
 */
export class RecordState {
  private flags: Uint16Array;
  private clipIds: Int32Array;
  /** Clips for absolutely positioned and fixed descendants (SPEC §5: the containing-block chain). */
  private absIds: Int32Array;
  private fixedIds: Int32Array;
  /**
   * `clips`: the walk's clip table (clips handed to children are named by its ids, as records' own are);
   * `capacity`: the records expected, so a big page's walk does not regrow its arrays.
   */
  constructor(
    private readonly clips: ClipTable,
    capacity = 4096,
  ) {
    const size = Math.max(4096, capacity);
    this.flags = new Uint16Array(size);
    this.clipIds = new Int32Array(size);
    this.absIds = new Int32Array(size);
    this.fixedIds = new Int32Array(size);
  }

  has(index: number, flag: number): boolean {
    return (this.flags[index]! & flag) !== 0;
  }

  set(index: number, flags: number): void {
    if (index >= this.flags.length) this.grow(index);
    this.flags[index] = flags;
  }

  add(index: number, flag: number): void {
    this.flags[index]! |= flag;
  }

  childClip(index: number): Rect | null | undefined {
    return this.clips.at(this.clipIds[index]!);
  }

  absClip(index: number): Rect | null | undefined {
    return this.clips.at(this.absIds[index]!);
  }

  fixedClip(index: number): Rect | null | undefined {
    return this.clips.at(this.fixedIds[index]!);
  }

  /**
   * Clips handed to descendants: in-flow ones (`child`), absolutely positioned ones (the clip at
   * their containing block) and fixed ones (the viewport's, unless a transform contains them).
   */
  setClips(index: number, child: Rect | null | undefined, abs: Rect | null | undefined, fixed: Rect | null | undefined): void {
    this.setChildClip(index, child);
    const childId = this.clipIds[index]!;
    this.absIds[index] = abs === child ? childId : this.clips.id(abs);
    this.fixedIds[index] = fixed === child ? childId : fixed === abs ? this.absIds[index]! : this.clips.id(fixed);
  }

  private setChildClip(index: number, clip: Rect | null | undefined): void {
    if (index >= this.clipIds.length) this.grow(index);
    this.clipIds[index] = this.clips.id(clip);
  }

  private grow(index: number): void {
    let size = this.flags.length;
    while (size <= index) size *= 2;
    this.flags = grown(this.flags, new Uint16Array(size));
    this.clipIds = grown(this.clipIds, new Int32Array(size));
    this.absIds = grown(this.absIds, new Int32Array(size));
    this.fixedIds = grown(this.fixedIds, new Int32Array(size));
  }
}

