import { describe, expect, it } from 'vitest';
import { matchesQuery, querySelection } from './query-scope.js';
import { classifyPage } from '../classify/classify-page.js';
import { composeSnapshot, defaultComposeOptions } from '../compose/compose-snapshot.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import type { RefNamer } from '../compose/compose-types.js';

const namer: RefNamer = {
  snapshotPrefix: 'p1',
  elementNumber: (node) => Number(node.handle.slice(1)) + 1,
  frameLabel: (frame) => (frame.ownerNode === null ? 'main' : 'f1'),
};

describe('query scope', () => {
  const page = classifyPage(fakeMailPage({ extra: 5 }));

  it('matches role, name, value and text case-insensitively', () => {
    const names = (query: string) => page.nodes.filter((node) => matchesQuery(node, query)).map((node) => node.name);
    expect(names('SEND')).toEqual(['Send']);
    expect(names('heading')).toEqual(['Message']);
    expect(names('see you')).toEqual(['Hello there, see you soon.']);
    expect(names('older message 4')).toEqual(['Older message 4']);
  });

  it('never matches a redacted value', () => {
    const password = page.nodes.find((node) => node.redacted !== undefined);
    expect(password).toBeDefined();
    expect(page.nodes.some((node) => matchesQuery(node, 'hunter2'))).toBe(false);
  });

  it('keeps each hit under its ancestor chain, including off-screen hits', () => {
    const selection = querySelection(page, 'older message 5');
    expect(selection.universe.map((node) => node.name)).toEqual(['Older message 5']);
    const composed = composeSnapshot(page, selection.universe, selection.candidates, defaultComposeOptions({ scope: 'query' }), namer);
    const lines = composed.outline.split('\n');
    expect(lines.at(-1)).toContain('link "Older message 5"');
    expect(lines.some((line) => line.includes('list "Older"'))).toBe(true);
    expect(composed.outline).not.toContain('Send');
    expect(composed.selected_nodes).toBe(1);
  });

  it('returns an empty read for zero hits', () => {
    const selection = querySelection(page, 'no such words anywhere');
    const composed = composeSnapshot(page, selection.universe, selection.candidates, defaultComposeOptions({ scope: 'query' }), namer);
    expect(composed.outline).toBe('');
    expect(composed.total_nodes).toBe(0);
    expect(composed.refs).toEqual([]);
  });
});
