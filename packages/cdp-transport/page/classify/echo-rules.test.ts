import { describe, expect, it } from 'vitest';
import { VIS_IN_VIEWPORT } from '@sightline/semantic-core/page-safe';
import { NOT_SEMANTIC, type Walk } from '../types.js';
import { ClipTable } from '../walk/clip-table.js';
import { dropEchoTexts } from './echo-rules.js';

/**
 * Plain stand-ins: an element with a tag, attributes, its text content and the nodes it contains
 * (its light subtree), or a text node.
 */
const el = (localName: string, attributes: Record<string, string> = {}, textContent = '', contains: Node[] = []) =>
  ({
    nodeType: 1,
    localName,
    textContent,
    hasAttribute: (n: string) => n in attributes,
    getAttribute: (n: string) => attributes[n] ?? null,
    contains: (node: Node) => contains.includes(node),
    firstChild: contains[0] ?? null,
  }) as unknown as Node;
const text = () => ({ nodeType: 3, nextSibling: null }) as unknown as Node;

/** Records: [node, parent, role, name (already collapsed), actionable]. */
function plainWalk(records: Array<[Node, number, string, string, boolean]>): Walk {
  return {
    nodes: records.map(([node]) => node),
    parent: Int32Array.from(records, ([, parent]) => parent),
    tree: new Int32Array(records.length),
    role: records.map(([, , role]) => role),
    name: records.map(([, , , name]) => name),
    vis: Int8Array.from(records, ([, , role]) => (role === 'generic' ? NOT_SEMANTIC : VIS_IN_VIEWPORT)),
    actionable: Uint8Array.from(records, ([, , , , actionable]) => (actionable ? 1 : 0)),
    box: new Map(), clipId: new Int32Array(records.length), clips: new ClipTable(), paint: null, overlays: [], frameOwners: [], closedCandidates: [], segments: [],
    focused: -1, activeDialog: -1, exhausted: [], viewport: { width: 1280, height: 800 }, origin: { x: 0, y: 0 }, scroll: { x: 0, y: 0 },
  };
}

describe('dropEchoTexts (the core echo rules in the page)', () => {
  it('drops texts that are pieces of a name computed from content, keeps other texts', () => {
    const walk = plainWalk([
      [el('body'), -1, 'generic', '', false],
      [el('a', { href: '/i' }), 0, 'link', 'Dana Whitfield Invoice', true],
      [text(), 1, 'text', 'Dana Whitfield', false],
      [text(), 1, 'text', 'Invoice', false],
      [el('p'), 0, 'paragraph', '', false],
      [text(), 4, 'text', 'Dana Whitfield', false],
    ]);
    dropEchoTexts(walk);
    expect(Array.from(walk.vis)).toEqual([NOT_SEMANTIC, VIS_IN_VIEWPORT, NOT_SEMANTIC, NOT_SEMANTIC, VIS_IN_VIEWPORT, VIS_IN_VIEWPORT]);
  });

  it('an owner named by its whole content drops the texts of its light subtree without comparing names', () => {
    const [from, subject] = [text(), text()];
    // The names on record do not even match: only the owner's content and its subtree decide.
    const walk = plainWalk([
      [el('body'), -1, 'generic', '', false],
      [el('a', { href: '/i' }, 'Dana Whitfield Invoice', [from, subject]), 0, 'link', 'unrelated', true],
      [from, 1, 'text', 'Dana Whitfield', false],
      [subject, 1, 'text', 'Invoice', false],
    ]);
    dropEchoTexts(walk);
    expect(Array.from(walk.vis.slice(2))).toEqual([NOT_SEMANTIC, NOT_SEMANTIC]);
  });

  it("an owner's only child text is its name, however long (both are cut alike)", () => {
    const only = text();
    const walk = plainWalk([
      [el('body'), -1, 'generic', '', false],
      [el('button', {}, 'y'.repeat(900), [only]), 0, 'button', 'unrelated', true],
      [only, 1, 'text', 'y'.repeat(501), false],
    ]);
    dropEchoTexts(walk);
    expect(walk.vis[2]).toBe(NOT_SEMANTIC);
  });

  it('compares names when the owner is labelled, too long to ship whole, or the text is not in its light subtree', () => {
    const [labelled, long, slotted] = [text(), text(), text()];
    const walk = plainWalk([
      [el('body'), -1, 'generic', '', false],
      [el('button', { 'aria-label': 'Close' }, 'Close dialog', [labelled]), 0, 'button', 'Close', true],
      [labelled, 1, 'text', 'Close dialog', false],
      // Two texts (the first not recorded here): the second lies past the cut of the name.
      [el('a', { href: '/long' }, `${'x'.repeat(600)}tail beyond the cut`, [text(), long]), 0, 'link', 'x'.repeat(501), true],
      [long, 3, 'text', 'tail beyond the cut', false],
      [el('button', {}, '', []), 0, 'button', 'Slotted label', true],
      [slotted, 5, 'text', 'Slotted label', false],
    ]);
    dropEchoTexts(walk);
    // Not a piece of "Close"; not within the cut name; slotted but equal to the name.
    expect([walk.vis[2], walk.vis[4], walk.vis[6]]).toEqual([VIS_IN_VIEWPORT, VIS_IN_VIEWPORT, NOT_SEMANTIC]);
  });

  it("drops a <label>'s text right before the control it names", () => {
    const walk = plainWalk([
      [el('form'), -1, 'form', '', false],
      [el('label'), 0, 'generic', '', false],
      [text(), 1, 'text', 'Reply body', false],
      [el('textarea'), 1, 'textbox', 'Reply body', true],
      [el('label'), 0, 'generic', '', false],
      [text(), 4, 'text', 'Notes', false],
      [el('textarea'), 0, 'textbox', 'Comment', true],
    ]);
    dropEchoTexts(walk);
    expect(walk.vis[2]).toBe(NOT_SEMANTIC);
    expect(walk.vis[5]).toBe(VIS_IN_VIEWPORT);
  });

  it('leaves the texts of a secret field alone', () => {
    const walk = plainWalk([
      [el('div', { contenteditable: '', autocomplete: 'one-time-code' }), -1, 'textbox', '123456', true],
      [text(), 0, 'text', '123456', false],
    ]);
    (walk.nodes[0] as unknown as { isContentEditable: boolean }).isContentEditable = true;
    dropEchoTexts(walk);
    expect(walk.vis[1]).toBe(VIS_IN_VIEWPORT);
  });
});
