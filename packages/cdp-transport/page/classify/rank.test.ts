import { describe, expect, it } from 'vitest';
import { VIS_CSS_HIDDEN, VIS_IN_VIEWPORT, VIS_NEAR_VIEWPORT, VIS_NO_LAYOUT, VIS_OFFSCREEN, VIS_PAGE_OCCLUDED } from '@sightline/semantic-core/page-safe';
import { NOT_SEMANTIC, type Walk } from '../types.js';
import { ClipTable } from '../walk/clip-table.js';
import { rankWalk } from './rank.js';

/** A walk of plain records (parent, visibility code, actionable); ranking reads nothing else. */
function plainWalk(records: Array<[parent: number, vis: number, actionable: boolean]>, context: { focused?: number; activeDialog?: number } = {}): Walk {
  return {
    nodes: records.map(() => ({}) as Node),
    parent: Int32Array.from(records, ([parent]) => parent),
    tree: new Int32Array(records.length),
    role: records.map(() => 'generic'),
    name: records.map(() => ''),
    vis: Int8Array.from(records, ([, vis]) => vis),
    actionable: Uint8Array.from(records, ([, , actionable]) => (actionable ? 1 : 0)),
    box: new Map(), clipId: new Int32Array(records.length), clips: new ClipTable(), paint: null, overlays: [], frameOwners: [], closedCandidates: [], segments: [],
    focused: context.focused ?? -1,
    activeDialog: context.activeDialog ?? -1,
    exhausted: [],
    viewport: { width: 1280, height: 800 },
    origin: { x: 0, y: 0 },
    scroll: { x: 0, y: 0 },
  };
}

describe('rankWalk (the core tierFor/rankIndexes over a walk)', () => {
  it('tiers by visibility and actionability, document order within a tier; hidden, occluded and structure left out', () => {
    const walk = plainWalk([
      [-1, NOT_SEMANTIC, false], // 0 structure
      [0, VIS_OFFSCREEN, true], // 1 tier 7
      [0, VIS_IN_VIEWPORT, false], // 2 tier 2
      [0, VIS_IN_VIEWPORT, true], // 3 tier 1
      [0, VIS_CSS_HIDDEN, true], // 4 removed
      [0, VIS_PAGE_OCCLUDED, true], // 5 removed
      [0, VIS_NEAR_VIEWPORT, true], // 6 tier 3
      [0, VIS_NO_LAYOUT, false], // 7 tier 6
      [0, VIS_IN_VIEWPORT, true], // 8 tier 1
    ]);
    const { order, tiers } = rankWalk(walk);
    expect(Array.from(order)).toEqual([3, 8, 2, 6, 7, 1]);
    expect(Array.from(tiers)).toEqual([1, 1, 2, 3, 6, 7]);
  });

  it('the active dialog with its content, and the focused node with its ancestors, are tier 0', () => {
    const walk = plainWalk(
      [
        [-1, VIS_IN_VIEWPORT, false], // 0 ancestor of both
        [0, VIS_IN_VIEWPORT, true], // 1 tier 1
        [0, VIS_OFFSCREEN, false], // 2 dialog: tier 0 whatever its visibility
        [2, VIS_OFFSCREEN, true], // 3 inside the dialog
        [0, VIS_OFFSCREEN, true], // 4 focused
      ],
      { activeDialog: 2, focused: 4 },
    );
    const { order, tiers } = rankWalk(walk);
    expect(Array.from(order)).toEqual([0, 2, 3, 4, 1]);
    expect(Array.from(tiers)).toEqual([0, 0, 0, 0, 1]);
  });
});
