import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTruthFixture, type TruthFixture } from './support/truth-fixture.js';

// SPEC §5 as amended (issue 13): clipping follows the containing-block chain, the root scroller is
// clipped by the viewport, user-agent-hidden content is css_hidden, overlays occlude only where they paint.

const EMPTY_READ = '/truth/empty-read.html';
const SCROLLED_HTML = '/truth/scrolled-html.html';
const UA_HIDDEN = '/truth/ua-hidden.html';
const OVERLAYS = '/truth/overlays.html';
const ROLES = '/truth/roles.html';
const ATTRIBUTE_SCOPES = '/truth/attribute-scopes.html';
const TOP_LAYER_POPOVER = '/truth/top-layer-popover.html';
const TOP_LAYER_DIALOG = '/truth/top-layer-dialog.html';

let fixture: TruthFixture;

beforeAll(async () => {
  fixture = await startTruthFixture([EMPTY_READ, SCROLLED_HTML, UA_HIDDEN, OVERLAYS, ROLES, ATTRIBUTE_SCOPES, TOP_LAYER_POPOVER, TOP_LAYER_DIALOG]);
}, 120_000);
afterAll(async () => {
  await fixture?.close();
});

describe('visibility on real layouts', () => {
  it('an absolutely positioned full-page app inside html,body{overflow:hidden} with a 0-px body is not clipped', async () => {
    const s = await fixture.snap(EMPTY_READ);
    expect(s.status).toBe('ok');
    for (const name of ['Select tool', 'Draw tool', 'File', 'Edit', 'Red', 'Blue']) {
      expect(s.refs.find((r) => r.name === name)?.visibility).toBe('in_viewport');
    }
    expect(s.outline).toContain('- heading "Palette" [level=2]');
    expect(s.outline).toContain('- text "Canvas area ready"');
    expect(s.snapshot.omitted['offscreen']).toBe(0);
    expect(s.snapshot.complete).toBe(true);
  });

  it('the root scroller (html{overflow-y:scroll}, scrolled down) clips to the viewport, not to the scrolled html box', async () => {
    const s = await fixture.snap(SCROLLED_HTML);
    expect(s.refs.find((r) => r.name === 'Lower action')?.visibility).toBe('in_viewport');
    expect(s.outline).toContain('- heading "Lower section" [level=2]');
    expect(s.outline).toContain('- text "Lower section text"');
    // The paragraph at the top of the page (and its text) is scrolled out of view.
    expect(s.outline).not.toContain('Top of page text');
    expect(s.snapshot.omitted['offscreen']).toBe(2);
  });

  it('closed <details> content, hidden="until-found" and skipped content-visibility subtrees are css_hidden', async () => {
    const s = await fixture.snap(UA_HIDDEN);
    expect(s.refs.map((r) => r.name)).toEqual(['More options', 'Open section', 'Inside open details', 'Plain visible button']);
    for (const hidden of ['Inside closed details', 'Closed details text', 'Until found', 'Skipped subtree']) expect(s.outline).not.toContain(hidden);
    // 3 per hidden container: the button, the paragraph and its text.
    expect(s.snapshot.omitted['css_hidden']).toBe(9);
    const query = await fixture.snap(UA_HIDDEN, { query: 'inside' });
    expect(query.refs.map((r) => r.name)).toEqual(['Inside open details']);
  });

  it('a transparent absolutely positioned list over "2 items left" does not hide it', async () => {
    const s = await fixture.snap(OVERLAYS);
    expect(s.outline).toContain('- text "2 items left"');
    expect(s.refs.find((r) => r.name === 'Active')?.visibility).toBe('in_viewport');
    const query = await fixture.snap(OVERLAYS, { query: 'items left' });
    expect(query.outline).toContain('- text "2 items left"');
    expect(query.snapshot.selected_nodes).toBe(1);
  });

  it('a painted overlay occludes what is under it; options of a covered <select> are occluded with it', async () => {
    const s = await fixture.snap(OVERLAYS);
    expect(s.outline).not.toContain('Covered text');
    expect(s.outline).toContain('- text "Veil text"');
    expect(s.refs.some((r) => r.role === 'option' || r.role === 'combobox')).toBe(false);
    // The select, its two options and the covered text.
    expect(s.snapshot.omitted['page_occluded']).toBe(4);
  });
});

describe('names and roles as Chromium computes them', () => {
  it('keeps HTML-AAM roles, names by aria-labelledby first, and never prints Chromium-internal roles', async () => {
    const s = await fixture.snap(ROLES);
    const lines = s.outline.split('\n').map((line) => line.trim());
    // An orphan <summary> is no button; an unnamed <aside> inside <nav> is generic (no line).
    expect(s.refs.some((r) => r.name === 'Orphan summary')).toBe(false);
    expect(s.outline).not.toContain('complementary');
    expect(lines).toContain('- paragraph');
    for (const role of ['strong', 'emphasis', 'code', 'time']) expect(lines.some((line) => line.startsWith(`- ${role}`))).toBe(true);
    expect(lines.some((line) => line.startsWith('- group'))).toBe(true);
    expect(s.outline).toContain('"Bold by reference"');
    expect(s.outline).not.toContain('Wrong label');
    // <img alt="" title="x"> is named "" (and so collapses): its title is no name.
    expect(s.outline).not.toContain('Decorative title');
    expect(s.outline).not.toMatch(/Layout[A-Z]|DisclosureTriangle|SvgRoot/);
    expect(s.outline).toContain('Layout cell one');
  });
});

describe('attributes in every tree scope (the walk looks them up only where a per-scope query found one)', () => {
  it('roles, tabindex, click handlers, hiding, disabled, labels, inline cursors and draggable are read in the document, open, nested and closed shadow roots, slotted content and a frame', async () => {
    const s = await fixture.snap(ATTRIBUTE_SCOPES);
    expect(s.status).toBe('ok');
    /** The actions of the generic element whose only content is `text`. */
    const actionsOf = (text: string): string[] | undefined => {
      const ref = new RegExp(`- generic \\[ref=([^\\]]+)\\]\\n\\s*- text "${text}"`).exec(s.outline)?.[1];
      return (s.refs.find((r) => r.ref === ref) as { actions?: string[] } | undefined)?.actions;
    };
    for (const scope of ['Light', 'Open', 'Nested', 'Closed', 'Frame']) {
      expect(s.refs.find((r) => r.name === `${scope} role`)?.role, scope).toBe('button');
      for (const clickable of ['tabbable', 'handler', 'pointer']) expect(actionsOf(`${scope} ${clickable}`), `${scope} ${clickable}`).toEqual(['click']);
      expect(actionsOf(`${scope} draggable`), scope).toEqual(['drag']);
      expect(s.outline, scope).toContain(`button "${scope} disabled" [disabled]`);
      expect(s.outline, scope).toContain(`group "${scope} group"`);
      expect(s.outline, scope).not.toContain(`${scope} hidden`);
      expect(s.outline, scope).not.toContain(`${scope} aria hidden`);
    }
    expect(s.refs.find((r) => r.name === 'Slotted role')?.role).toBe('link');
    expect(s.outline).not.toContain('Slotted hidden');
    // Per scope: two hidden paragraphs and their texts; the slotted hidden span's text.
    expect(s.snapshot.omitted['css_hidden']).toBe(5 * 4 + 1);
  });
});

describe('the top layer under a far-offscreen parent (its subtree is otherwise left unread)', () => {
  it('a shown popover and a modal dialog are on screen; their far sibling is not', async () => {
    const popover = await fixture.snap(TOP_LAYER_POPOVER);
    expect(popover.refs.find((r) => r.name === 'Popover action')?.visibility).toBe('in_viewport');
    expect(popover.refs.find((r) => r.name === 'Far button')?.visibility).not.toBe('in_viewport');
    const dialog = await fixture.snap(TOP_LAYER_DIALOG);
    expect(dialog.refs.find((r) => r.name === 'Dialog action')?.visibility).toBe('in_viewport');
    expect(dialog.outline).toContain('Dialog question');
    expect(dialog.refs.find((r) => r.name === 'Far button')?.visibility).not.toBe('in_viewport');
  });
});
