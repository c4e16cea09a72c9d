import { describe, expect, it } from 'vitest';
import { boxAt, buildCapture, el, iframe, text } from '../testing/capture-builder.js';
import { classifyPage } from './classify-page.js';
import { isSemantic } from './is-semantic.js';
import { REDACTED_TEXT } from './redaction.js';

describe('isSemantic', () => {
  const base = { handle: 'h', parent: -1, frame: 'f', kind: 'element' as const, name: '' };
  it('keeps actionable, meaningful-role and named-generic elements and visible text', () => {
    expect(isSemantic({ ...base, role: 'generic' }, 1)).toBe(true);
    expect(isSemantic({ ...base, role: 'heading' }, 0)).toBe(true);
    expect(isSemantic({ ...base, role: 'generic', name: 'Card' }, 0)).toBe(true);
    expect(isSemantic({ ...base, kind: 'text', role: 'text', name: ' hi ' }, 0)).toBe(true);
  });
  it('drops structure and whitespace', () => {
    for (const role of ['generic', 'none', 'presentation', '']) expect(isSemantic({ ...base, role }, 0), role).toBe(false);
    // HTML-AAM roles keep their line (issue 13): a paragraph is no mere wrapper.
    for (const role of ['paragraph', 'strong', 'emphasis', 'code', 'time', 'group', 'caption']) expect(isSemantic({ ...base, role }, 0), role).toBe(true);
    expect(isSemantic({ ...base, role: 'generic', name: '   ' }, 0)).toBe(false);
    expect(isSemantic({ ...base, kind: 'text', role: 'text', name: ' \n\t ' }, 0)).toBe(false);
  });
});

describe('classifyPage', () => {
  it('keeps semantic nodes in document order with semantic parents and depths', () => {
    const page = classifyPage(
      buildCapture([
        el('main', '', {}, [el('generic', '', {}, [el('heading', 'Title', { states: { level: 2 } }, [text('Title')]), text('Body text')])]),
      ]),
    );
    expect(page.nodes.map((n) => [n.index, n.role, n.parent, n.depth])).toEqual([
      [0, 'main', -1, 0],
      [2, 'heading', 0, 1],
      [4, 'text', 0, 1],
    ]);
    expect(page.byIndex[1]).toBeUndefined();
    // The heading's own text echoes its name and is not a node of its own.
    expect(page.byIndex[3]).toBeUndefined();
    expect(page.nodes.find((n) => n.role === 'heading')?.container).toBe(true);
  });

  it('keeps text that differs from its parent name, comparing collapsed whitespace', () => {
    const page = classifyPage(buildCapture([el('button', 'Send  now', {}, [text(' Send\nnow '), text('extra')])]));
    expect(page.nodes.map((n) => n.name)).toEqual(['Send  now', 'extra']);
  });

  it('drops pieces of a name computed from content, but not of a name that is not', () => {
    const page = classifyPage(
      buildCapture([
        el('option', 'Dana Whitfield Quarterly review', {}, [el('generic', '', {}, [text('Dana Whitfield')]), text('Quarterly review')]),
        el('region', 'Inbox tools', {}, [text('Inbox')]),
        el('button', 'Close', {}, [text('X')]),
      ]),
    );
    expect(page.nodes.map((n) => [n.role, n.name])).toEqual([
      ['option', 'Dana Whitfield Quarterly review'],
      ['region', 'Inbox tools'],
      ['text', 'Inbox'],
      ['button', 'Close'],
      ['text', 'X'],
    ]);
  });

  it("drops a label's text when the control right after it carries the same name", () => {
    const page = classifyPage(
      buildCapture([
        el('generic', '', { tag: 'label' }, [text('Reply body')]),
        el('textbox', 'Reply body'),
        el('generic', '', { tag: 'label' }, [text('Notes')]),
        el('textbox', 'Comments'),
        el('generic', '', { tag: 'span' }, [text('Send')]),
        el('button', 'Send'),
      ]),
    );
    expect(page.nodes.map((n) => [n.role, n.name])).toEqual([
      ['textbox', 'Reply body'],
      ['text', 'Notes'],
      ['textbox', 'Comments'],
      ['text', 'Send'],
      ['button', 'Send'],
    ]);
    expect(page.ranked).toHaveLength(5);
  });

  it('hangs a visible child of a hidden parent under the nearest kept ancestor', () => {
    const page = classifyPage(
      buildCapture([el('region', 'Outer', {}, [el('group', 'Hidden', { style: { visibility: 'hidden' } }, [el('button', 'Shown', { style: { visibility: 'visible' } })])])]),
    );
    const button = page.nodes.find((n) => n.name === 'Shown')!;
    expect(button.parent).toBe(0);
    expect(button.depth).toBe(1);
    expect(page.removed.css_hidden).toBe(1);
  });

  it('hides everything under a zero-opacity ancestor, however deep, and nothing beside it', () => {
    const page = classifyPage(
      buildCapture([
        el('region', 'Faded', { style: { opacity: 0 } }, [el('group', 'Inner', { style: { opacity: 0.5 } }, [el('button', 'Deep'), text('Deep text')])]),
        el('region', 'Half', { style: { opacity: 0.5 } }, [el('button', 'Seen', { style: { opacity: 0.5 } })]),
      ]),
    );
    expect(page.nodes.map((n) => n.name)).toEqual(['Half', 'Seen']);
    expect(page.removed.css_hidden).toBe(4);
  });

  it('counts depth over kept ancestors only, at any depth', () => {
    const page = classifyPage(
      buildCapture([el('main', '', {}, [el('generic', '', {}, [el('list', '', {}, [el('listitem', '', {}, [el('generic', '', {}, [el('link', 'Deep link', { attributes: { href: true } })])])])])])]),
    );
    expect(page.nodes.map((n) => [n.role, n.depth])).toEqual([
      ['main', 0],
      ['list', 1],
      ['listitem', 2],
      ['link', 3],
    ]);
  });

  it('counts removed nodes, including the collector outside counts', () => {
    const capture = buildCapture(
      [el('button', 'Hidden', { style: { display: 'none' } }), el('button', 'Covered', { hit: 'covered' }), el('button', 'Fine')],
      { coverage: { outside: { in_viewport: 0, near_viewport: 0, offscreen: 5, css_hidden: 7, no_layout: 0, page_occluded: 2, unknown: 0 } } },
    );
    const page = classifyPage(capture);
    expect(page.removed).toEqual({ css_hidden: 8, page_occluded: 3 });
    expect(page.nodes.map((n) => n.name)).toEqual(['Fine']);
  });

  it('falls back to the placeholder for an unnamed field', () => {
    const page = classifyPage(buildCapture([el('textbox', '', { tag: 'input', attributes: { placeholder: 'Search mail' } })]));
    expect(page.nodes[0]?.name).toBe('Search mail');
  });

  it('names an iframe host after its frame title', () => {
    const page = classifyPage(buildCapture([iframe({ title: 'Payment' }, [el('button', 'Pay')], { role: 'generic' })]));
    expect(page.nodes.map((n) => [n.role, n.name, n.frame])).toEqual([
      ['iframe', 'Payment', 'frame-key-0'],
      ['button', 'Pay', 'frame-key-1'],
    ]);
  });

  describe('redaction', () => {
    it('redacts password values, keeps the label, marks filled/empty', () => {
      const page = classifyPage(
        buildCapture([
          el('textbox', 'Password', { tag: 'input', value: 'hunter2', attributes: { inputType: 'password' } }),
          el('textbox', 'New password', { tag: 'input', value: '', attributes: { inputType: 'password' } }),
        ]),
      );
      expect(page.nodes.map((n) => [n.name, n.value, n.redacted])).toEqual([
        ['Password', REDACTED_TEXT, 'filled'],
        ['New password', REDACTED_TEXT, 'empty'],
      ]);
    });

    it('redacts autocomplete password, card and one-time-code fields, not other autocomplete fields', () => {
      const field = (autocomplete: string, value: string) =>
        el('textbox', autocomplete, { tag: 'input', value, attributes: { inputType: 'text', autocomplete } });
      const page = classifyPage(
        buildCapture([field('current-password', 'a1'), field('section-x cc-number', '4111'), field('one-time-code', '123456'), field('email', 'me@x.test')]),
      );
      expect(page.nodes.map((n) => n.value)).toEqual([REDACTED_TEXT, REDACTED_TEXT, REDACTED_TEXT, 'me@x.test']);
    });

    it('redacts text inside a secret field and a name that carries the secret', () => {
      const page = classifyPage(
        buildCapture([
          el('textbox', 'Code 9913', { tag: 'input', value: '9913', attributes: { inputType: 'text', autocomplete: 'one-time-code' } }),
          el('textbox', 'Card', { tag: 'div', attributes: { contentEditable: true, autocomplete: 'cc-number' } }, [text('4111 1111')]),
        ]),
      );
      const json = JSON.stringify(page.nodes);
      expect(json).not.toContain('9913');
      expect(json).not.toContain('4111');
      expect(page.nodes.map((n) => [n.name, n.redacted])).toEqual([
        [REDACTED_TEXT, 'filled'],
        [REDACTED_TEXT, 'filled'],
        [REDACTED_TEXT, 'filled'],
      ]);
    });
  });

  describe('tiers', () => {
    it('puts the dialog, its content, the focused node and their semantic ancestors in tier 0', () => {
      const capture = buildCapture(
        [
          el('main', '', { box: boxAt(5000) }, [el('form', 'F', { box: boxAt(5000) }, [el('textbox', 'Far', { id: 'focus', box: boxAt(5000) })])]),
          el('region', 'Wrap', {}, [el('dialog', 'Modal', { id: 'dialog' }, [el('group', '', {}, [text('Are you sure?')])])]),
          el('button', 'Plain'),
          el('heading', 'Far heading', { box: boxAt(5000) }),
        ],
        { focused: 'focus', activeDialog: 'dialog' },
      );
      const page = classifyPage(capture);
      expect(page.nodes.map((n) => [n.name || n.role, n.tier])).toEqual([
        ['main', 0],
        ['F', 0],
        ['Far', 0],
        ['Wrap', 0],
        ['Modal', 0],
        ['group', 0],
        ['Are you sure?', 0],
        ['Plain', 1],
        ['Far heading', 8],
      ]);
      expect(page.nodes.find((n) => n.name === 'Far')?.states.focused).toBe(true);
      expect(page.ranked.map((n) => n.index)).toEqual(page.nodes.map((n) => n.index));
    });

    it('assigns tiers 1–8 by actionability and visibility', () => {
      const page = classifyPage(
        buildCapture([
          el('button', 'a'),
          el('heading', 'b'),
          el('button', 'c', { box: boxAt(900) }),
          el('heading', 'd', { box: boxAt(900) }),
          el('button', 'e', { box: null }),
          el('heading', 'f', { hit: 'unknown' }),
          el('button', 'g', { box: boxAt(3000) }),
          el('heading', 'h', { box: boxAt(3000) }),
        ]),
      );
      expect(page.nodes.map((n) => n.tier)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });
  });
});
