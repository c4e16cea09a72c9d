import { describe, expect, it } from 'vitest';
import { boxAt, buildCapture, el, iframe, text } from '../testing/capture-builder.js';
import { handleIndexNamer as sequentialNamer } from '../testing/test-namer.js';
import { classifyPage } from '../classify/classify-page.js';
import type { PageCapture } from '../model/page-capture.js';
import { composeSnapshot, defaultComposeOptions, viewportCandidates } from './compose-snapshot.js';
import type { ComposeOptions } from './compose-types.js';

function compose(capture: PageCapture, options: Partial<ComposeOptions> = {}) {
  const page = classifyPage(capture);
  return composeSnapshot(page, page.nodes, viewportCandidates(page), defaultComposeOptions(options), sequentialNamer('p7'));
}

function invariant(s: ReturnType<typeof compose>): void {
  const o = s.omitted;
  expect(s.selected_nodes + o.budget + o.offscreen + o.no_layout + o.unknown + o.filtered + o.collapsed).toBe(s.total_nodes);
}

describe('composeSnapshot', () => {
  it('renders the SPEC grammar in document order with refs and content refs', () => {
    const capture = buildCapture(
      [
        el('main', '', {}, [
          el('generic', '', {}, [
            el('heading', 'Inbox', { states: { level: 1 } }, [text('Inbox')]),
            el('checkbox', 'Select all', { states: { checked: 'mixed' } }),
            el('textbox', 'Reply body', { id: 'reply', tag: 'textarea', value: 'Hi\nthere' }),
          ]),
          text('  Some   body text '),
        ]),
      ],
      { focused: 'reply' },
    );
    const s = compose(capture);
    expect(s.outline).toBe(
      [
        '- main [cref=p7:1]',
        '  - heading "Inbox" [level=1] [cref=p7:3]',
        '  - checkbox "Select all" [checked=mixed] [ref=p7:5]',
        '  - textbox "Reply body": Hi there [focused] [ref=p7:6]',
        '  - text "Some body text"',
      ].join('\n'),
    );
    expect(s.refs.map((r) => r.ref)).toEqual(['p7:5', 'p7:6']);
    expect(s.refs[1]).toEqual({
      ref: 'p7:6',
      role: 'textbox',
      name: 'Reply body',
      value: 'Hi there',
      states: { focused: true },
      actions: ['type', 'click'],
      frame: 'main',
      visibility: 'in_viewport',
    });
    expect(s.content_refs.map((r) => [r.ref, r.role])).toEqual([
      ['p7:1', 'main'],
      ['p7:3', 'heading'],
    ]);
    expect(s.focusedRef).toBe('p7:6');
    expect(s.lines.map((l) => l.identity)).toEqual(['doc-key-0|handle-0-x', 'doc-key-0|handle-2-x', 'doc-key-0|handle-4-x', 'doc-key-0|handle-5-x', 'doc-key-0|handle-6-x']);
    invariant(s);
  });

  it('nests frame content under an iframe line and counts unprovable frames', () => {
    const capture = buildCapture([
      el('button', 'Top'),
      iframe({ title: 'Payment "secure"' }, [el('form', 'Card', {}, [el('button', 'Pay')])]),
      iframe({ title: 'Tracker', status: 'unprovable', outOfProcess: true }, []),
    ]);
    const s = compose(capture);
    expect(s.outline).toBe(
      [
        '- button "Top" [ref=p7:1]',
        '- iframe "Payment \\"secure\\"" [frame=f1]',
        '  - form "Card" [cref=p7:3]',
        '    - button "Pay" [ref=p7:4]',
        '- iframe "Tracker" [frame=f2]',
      ].join('\n'),
    );
    expect(s.refs.map((r) => [r.name, r.frame])).toEqual([
      ['Top', 'main'],
      ['Pay', 'f1'],
    ]);
    expect(s.omitted.unprovable_frame).toBe(1);
  });

  it('adds boxes only when asked', () => {
    const capture = buildCapture([el('button', 'Go', { box: boxAt(40) }), el('heading', 'H', { box: boxAt(80) })]);
    expect(compose(capture).refs[0]?.box).toBeUndefined();
    const withBoxes = compose(capture, { includeBoxes: true });
    expect(withBoxes.refs[0]?.box).toEqual(boxAt(40));
    expect(withBoxes.content_refs[0]?.box).toEqual(boxAt(80));
  });

  it('counts context ancestors toward the node budget and stops at the first candidate that does not fit', () => {
    // Ranked: buttons (tier 1) first, in document order; each needs its list and listitem as context.
    const items = Array.from({ length: 5 }, (_, i) => el('listitem', '', {}, [el('button', `B${i}`)]));
    const capture = buildCapture([el('list', 'L', {}, items)]);
    const s = compose(capture, { nodeBudget: 6 });
    // list + (listitem, B0) + (listitem, B1) = 5; the third button needs 2 more -> stop.
    expect(s.outline.split('\n')).toHaveLength(5);
    expect(s.selected_nodes).toBe(5);
    expect(s.limitsHit).toContain('node_budget');
    expect(s.cut.map((n) => n.name)).toEqual(['B2', 'B3', 'B4', '', '', '']);
    expect(s.omitted.budget).toBe(6);
    invariant(s);
  });

  it('makes progress when even the first candidate needs more context than the budget allows', () => {
    const capture = buildCapture([el('region', 'R', {}, [el('group', 'G', {}, [el('button', 'Deep')])])]);
    const page = classifyPage(capture);
    const options = defaultComposeOptions({ scope: 'continuation', nodeBudget: 2 });
    const first = composeSnapshot(page, page.ranked, page.ranked, options, sequentialNamer());
    // Nothing else fits, so the button's outer context is taken, outermost first.
    expect(first.outline).toBe('- region "R" [cref=p1:1]\n  - group "G"');
    expect(first.cut.map((n) => n.name)).toEqual(['Deep']);
    // Shown context is free on the next page: the button now fits.
    const second = composeSnapshot(page, first.cut, first.cut, options, sequentialNamer());
    expect(second.outline).toBe('- region "R" [cref=p1:1]\n  - group "G"\n    - button "Deep" [ref=p1:3]');
    expect(second.selected_nodes).toBe(1);
    expect(second.cut).toEqual([]);
  });

  it('keeps the outline within max_chars without cutting a line', () => {
    const buttons = Array.from({ length: 100 }, (_, i) => el('button', `Button number ${i} with a fairly long label`));
    const s = compose(buildCapture(buttons), { maxChars: 500 });
    expect(s.outline.length).toBeLessThanOrEqual(500);
    expect(s.limitsHit).toEqual(['max_chars']);
    const lines = s.outline.split('\n');
    for (const line of lines) expect(line).toMatch(/^- button "Button number \d+ with a fairly long label" \[ref=p7:\d+\]$/);
    // One more line would not have fitted.
    expect(s.outline.length + 1 + (lines[0]?.length ?? 0)).toBeGreaterThan(500);
    expect(s.refs).toHaveLength(lines.length);
    invariant(s);
  });

  it('applies max_depth to candidates', () => {
    const capture = buildCapture([el('region', 'R', {}, [el('group', 'G', {}, [el('button', 'Deep')])]), el('button', 'Shallow')]);
    const s = compose(capture, { maxDepth: 1 });
    expect(s.outline).toBe('- region "R" [cref=p7:1]\n  - group "G"\n- button "Shallow" [ref=p7:4]');
    expect(s.limitsHit).toEqual(['max_depth']);
    expect(s.cut.map((n) => n.name)).toEqual(['Deep']);
    // The node max_depth excludes has its own reason.
    expect(s.omitted.filtered).toBe(1);
    invariant(s);
  });

  it('selects only actionable candidates with interactive_only, keeping their context', () => {
    const capture = buildCapture([el('region', 'R', {}, [el('heading', 'Title'), el('button', 'Act'), text('prose')]), el('heading', 'Alone')]);
    const s = compose(capture, { interactiveOnly: true });
    expect(s.outline).toBe('- region "R" [cref=p7:1]\n  - button "Act" [ref=p7:3]');
    expect(s.limitsHit).toEqual(['interactive_only']);
    expect(s.selected_nodes).toBe(2);
    // Title, prose and Alone: excluded by interactive_only, each counted once as filtered.
    expect(s.omitted.filtered).toBe(3);
    invariant(s);
  });

  it('never selects offscreen nodes in the default read and accounts them', () => {
    const capture = buildCapture([
      el('button', 'Here'),
      el('button', 'Far', { box: boxAt(9000) }),
      el('button', 'Laid out nowhere', { box: null }),
      el('button', 'Unsure', { hit: 'unknown' }),
      el('button', 'Gone', { style: { display: 'none' } }),
    ]);
    const s = compose(capture);
    expect(s.outline).toBe('- button "Here" [ref=p7:1]\n- button "Laid out nowhere" [ref=p7:3]\n- button "Unsure" [ref=p7:4]');
    expect(s.total_nodes).toBe(4);
    expect(s.omitted).toEqual({ css_hidden: 1, offscreen: 1, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0, filtered: 0, collapsed: 0 });
    invariant(s);
  });

  it('adds the collector outside counts to a viewport read only', () => {
    const capture = buildCapture([el('button', 'Shipped')], {
      coverage: { included: 'ranked_prefix', outside: { in_viewport: 2, near_viewport: 3, offscreen: 40, css_hidden: 9, no_layout: 1, page_occluded: 4, unknown: 5 } },
    });
    const s = compose(capture);
    expect(s.total_nodes).toBe(1 + 2 + 3 + 40 + 1 + 5);
    expect(s.omitted).toEqual({ css_hidden: 9, offscreen: 40, page_occluded: 4, no_layout: 1, unknown: 5, budget: 5, unprovable_frame: 0, filtered: 0, collapsed: 0 });
    invariant(s);
    const page = classifyPage(capture);
    const query = composeSnapshot(page, page.nodes, page.ranked, defaultComposeOptions({ scope: 'query' }), sequentialNamer());
    expect(query.total_nodes).toBe(1);
    expect(query.omitted.css_hidden).toBe(0);
  });

  it('renders context ancestors outside the universe without counting them as selected', () => {
    const capture = buildCapture([el('region', 'R', {}, [el('button', 'A'), el('button', 'B')])]);
    const page = classifyPage(capture);
    const b = page.nodes.find((n) => n.name === 'B')!;
    const s = composeSnapshot(page, [b], [b], defaultComposeOptions({ scope: 'continuation' }), sequentialNamer());
    expect(s.outline).toBe('- region "R" [cref=p1:1]\n  - button "B" [ref=p1:3]');
    expect(s.selected_nodes).toBe(1);
    expect(s.total_nodes).toBe(1);
  });
});
