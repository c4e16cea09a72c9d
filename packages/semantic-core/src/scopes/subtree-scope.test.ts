import { describe, expect, it } from 'vitest';
import { subtreeIndexes, subtreeSelection } from './subtree-scope.js';
import { viewportSelection, VIEWPORT_MAX_TIER } from './viewport-scope.js';
import { classifyPage } from '../classify/classify-page.js';
import { fakeMailPage, fakePage } from '../testing/fake-ports-pages.js';

describe('subtree scope', () => {
  it('reads the node and everything under it, every tier', () => {
    const page = classifyPage(fakeMailPage({ extra: 4 }));
    const list = page.nodes.find((node) => node.role === 'list')!;
    const selection = subtreeSelection(page, list.index);
    expect(selection.universe.map((node) => node.name)).toEqual(['Older', 'Older message 1', 'Older message 2', 'Older message 3', 'Older message 4']);
    expect(selection.candidates.some((node) => node.tier > VIEWPORT_MAX_TIER)).toBe(true);
  });

  it('includes the content of frames hosted inside the subtree', () => {
    const capture = fakePage({
      nodes: [
        { role: 'region', name: 'Box', children: [{ role: 'iframe', name: 'Inner', frame: { key: 'fx', children: [{ role: 'button', name: 'Deep' }] } }] },
        { role: 'button', name: 'Outside' },
      ],
    });
    // A frame's root may name no parent at all: the frame's owner links it.
    capture.nodes.forEach((node) => {
      if (node.frame === 'fx') node.parent = -1;
    });
    const page = classifyPage(capture);
    const inside = subtreeIndexes(page, 0);
    const names = [...inside].map((index) => capture.nodes[index]!.name);
    expect(names).toContain('Deep');
    expect(names).not.toContain('Outside');
  });
});

describe('viewport scope', () => {
  it('accounts for every node but offers only tiers 0–6', () => {
    const page = classifyPage(fakeMailPage({ extra: 4 }));
    const selection = viewportSelection(page);
    expect(selection.universe).toHaveLength(page.nodes.length);
    expect(selection.candidates.every((node) => node.tier <= VIEWPORT_MAX_TIER)).toBe(true);
    expect(selection.candidates.some((node) => node.name === 'Older message 1')).toBe(false);
  });
});
