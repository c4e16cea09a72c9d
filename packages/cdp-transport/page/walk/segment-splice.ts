// Recording and copying segments (segments.ts) in the walk's records.
import { reserveRecords } from './record-columns.js';
import type { Rect } from '../types.js';
import type { OpenSegment, Segment } from './segments.js';
import type { WalkCursor } from './walk-cursor.js';

/** Closes the segment being recorded: its records are kept for the next walk to copy (if cacheable). */
export function closeSegment(cursor: WalkCursor, segment: OpenSegment): void {
  const walk = cursor.walk;
  const start = segment.withRoot ? segment.root : segment.root + 1;
  if (segment.cacheable && walk.nodes.length > start) {
    walk.segments.push({
      element: segment.element, root: segment.root, start, end: walk.nodes.length, key: segment.key, treeBase: segment.treeBase,
      reused: false,
    });
  }
}

/**
 * Copies a stored segment's records (nothing below them is visited): below the root record at
 * `anchor`, or — a whole segment — the root and its subtree below the parent record at `anchor`.
 * False: the walk ran out of time while copying.
 */
export function spliceSegment(cursor: WalkCursor, element: Element, segment: Segment, anchor: number, anchorTree: number, anchorClip: Rect | null | undefined, key: number): boolean {
  const walk = cursor.walk;
  const base = walk.nodes.length;
  const treeBase = cursor.nextTree;
  cursor.nextTree += segment.trees;
  const length = segment.nodes.length;
  reserveRecords(walk, base + length);
  walk.vis.set(segment.vis, base);
  walk.actionable.set(segment.actionable, base);
  const anchorClipId = walk.clips.id(anchorClip);
  for (let k = 0; k < length; k++) {
    walk.nodes.push(segment.nodes[k]!);
    const p = segment.parent[k]!;
    walk.parent[base + k] = p < 0 ? anchor : base + p;
    const t = segment.tree[k]!;
    walk.tree[base + k] = t < 0 ? anchorTree : treeBase + t;
    walk.role.push(segment.role[k]!);
    walk.name.push(segment.name[k]!);
    if (segment.clipped[k] === 1) walk.clipId[base + k] = anchorClipId;
  }
  for (const owner of segment.frameOwners) walk.frameOwners.push(base + owner);
  const root = segment.withRoot ? base : anchor;
  walk.segments.push({ element, root, start: segment.withRoot ? base : anchor + 1, end: base + length, key, treeBase, reused: true, recheck: segment.recheck });
  const before = cursor.count;
  cursor.count += length;
  // Copied runs skip the walk's every-1024-nodes deadline check: check when they cross one.
  return (before >> 10) === (cursor.count >> 10) || performance.now() <= cursor.viewportFirst.deadline;
}
