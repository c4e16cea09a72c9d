import { describe, expect, it } from 'vitest';
import { classifyPage } from '@sightline/semantic-core/page-safe';
import { composeSnapshot, defaultComposeOptions } from '@sightline/semantic-core';
import { OpaqueKeys } from '../frame-keys.js';
import { assemble } from './assemble.js';
import type { FrameWalk } from './frame-walker.js';
import type { ShipResult, ShippedNode } from './shipped.js';

const box = { x: 0, y: 0, width: 100, height: 20 };
const iframe = (handle: number, record: number): ShippedNode => ({
  handle, record, parent: -1, kind: 'element', tag: 'iframe', role: 'iframe', name: '', vis: 'in_viewport', box, frameOwner: true,
  style: { display: 'block', visibility: 'visible', opacity: 1 },
});

describe('assemble', () => {
  it('gives each frame a collection budget left unread its own label and counts it as unprovable', () => {
    const ship: ShipResult = {
      url: 'http://a.test/', title: 'Main', viewport: { width: 800, height: 600 }, scroll: { x: 0, y: 0 },
      nodes: [iframe(1, 0), iframe(2, 1), iframe(3, 2)], focused: -1, activeDialog: -1, exhausted: [], outside: {}, ranking: null, included: 'all', walked: 3,
    };
    const root: FrameWalk = {
      frameId: 'MAIN', loaderId: 'L0', world: {} as never, outOfProcess: false, ship, path: [],
      children: [0, 1, 2].map((owner) => ({ owner, frame: { frameId: `CHILD${owner}`, status: 'unprovable' as const, outOfProcess: false, url: 'http://a.test/f' } })),
    };
    const assembled = assemble(root, new OpaqueKeys('fr'), new OpaqueKeys('doc'));
    const unread = assembled.frames.slice(1);
    expect(unread.map((f) => f.status)).toEqual(['unprovable', 'unprovable', 'unprovable']);
    expect(new Set(unread.map((f) => f.documentKey)).size).toBe(3);
    const capture = {
      url: ship.url, title: ship.title, viewport: ship.viewport, scroll: ship.scroll, frames: assembled.frames, nodes: assembled.nodes,
      focused: null, activeDialog: null, coverage: { included: 'all' as const, exhausted: ['frames' as const], oopif: { status: 'none' as const, frames: 0 } },
    };
    const page = classifyPage(capture);
    const labels = new Map<string, string>();
    const composed = composeSnapshot(page, page.nodes, page.ranked, defaultComposeOptions(), {
      snapshotPrefix: 'p1',
      elementNumber: (node) => Number(node.handle),
      frameLabel: (frame) => {
        if (frame.ownerNode === null) return 'main';
        if (!labels.has(frame.documentKey)) labels.set(frame.documentKey, `f${labels.size + 1}`);
        return labels.get(frame.documentKey)!;
      },
    });
    expect(composed.outline.match(/\[frame=f\d+\]/g)).toEqual(['[frame=f1]', '[frame=f2]', '[frame=f3]']);
    expect(composed.omitted.unprovable_frame).toBe(3);
  });
});
