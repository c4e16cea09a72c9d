import { describe, expect, it } from 'vitest';
import type { CapturedNode } from '../model/page-capture.js';
import { actionsFor } from './action-kinds.js';
import { buildCapture, el, text } from '../testing/capture-builder.js';
import { classifyPage } from './classify-page.js';

function node(partial: Partial<CapturedNode>): CapturedNode {
  return {
    handle: 'h',
    parent: -1,
    frame: 'f',
    kind: 'element',
    role: 'generic',
    name: '',
    style: { display: 'block', visibility: 'visible', opacity: 1 },
    box: { x: 0, y: 0, width: 10, height: 10 },
    ...partial,
  };
}

describe('actionsFor', () => {
  it('gives text entry type then click', () => {
    expect(actionsFor(node({ role: 'textbox', tag: 'input' }))).toEqual(['type', 'click']);
    expect(actionsFor(node({ role: 'searchbox' }))).toEqual(['type', 'click']);
    expect(actionsFor(node({ role: 'generic', tag: 'textarea' }))).toEqual(['type', 'click']);
    expect(actionsFor(node({ role: 'generic', attributes: { contentEditable: true } }))).toEqual(['type', 'click']);
    expect(actionsFor(node({ role: 'generic', tag: 'input', attributes: { inputType: 'email' } }))).toEqual(['type', 'click']);
    expect(actionsFor(node({ role: 'combobox', tag: 'input' }))).toEqual(['type', 'click']);
  });

  it('gives file inputs upload and selects select', () => {
    expect(actionsFor(node({ role: 'button', tag: 'input', attributes: { inputType: 'file' } }))).toEqual(['upload', 'click']);
    expect(actionsFor(node({ role: 'combobox', tag: 'select' }))).toEqual(['select', 'click']);
    expect(actionsFor(node({ role: 'listbox', tag: 'div' }))).toEqual(['select', 'click']);
    // A select-only ARIA combobox opens on click; it takes no typing.
    expect(actionsFor(node({ role: 'combobox', tag: 'div' }))).toEqual(['click']);
  });

  it('gives buttons, toggles and links click, links and menu items hover', () => {
    for (const role of ['button', 'checkbox', 'radio', 'switch', 'tab', 'option', 'treeitem', 'slider']) {
      expect(actionsFor(node({ role })), role).toEqual(['click']);
    }
    expect(actionsFor(node({ role: 'link', attributes: { href: true } }))).toEqual(['click', 'hover']);
    expect(actionsFor(node({ role: 'generic', attributes: { href: true } }))).toEqual(['click', 'hover']);
    expect(actionsFor(node({ role: 'menuitem' }))).toEqual(['click', 'hover']);
    expect(actionsFor(node({ role: 'generic', tag: 'summary' }))).toEqual(['click']);
  });

  it('gives an <option> element select only (chosen through its select), an ARIA option click', () => {
    expect(actionsFor(node({ role: 'option', tag: 'option' }))).toEqual(['select']);
    expect(actionsFor(node({ role: 'option', tag: 'option', attributes: { clickHandler: true, tabIndex: 0 }, style: { display: 'block', visibility: 'visible', opacity: 1, cursor: 'pointer' } }))).toEqual(['select']);
    expect(actionsFor(node({ role: 'option', tag: 'option', states: { disabled: true } }))).toEqual([]);
    expect(actionsFor(node({ role: 'option', tag: 'div' }))).toEqual(['click']);
  });

  it('gives draggable elements drag (SPEC §12), after their other actions', () => {
    expect(actionsFor(node({ role: 'listitem', tag: 'li', attributes: { draggable: true } }))).toEqual(['drag']);
    expect(actionsFor(node({ role: 'button', attributes: { draggable: true } }))).toEqual(['click', 'drag']);
    expect(actionsFor(node({ role: 'button', states: { disabled: true }, attributes: { draggable: true } }))).toEqual([]);
  });

  it('gives disabled nodes and text nothing', () => {
    expect(actionsFor(node({ role: 'button', states: { disabled: true } }))).toEqual([]);
    expect(actionsFor(node({ role: 'textbox', states: { disabled: true }, style: { display: 'block', visibility: 'visible', opacity: 1, scrollable: true } }))).toEqual([]);
    expect(actionsFor(node({ kind: 'text', role: 'text', name: 'Send' }))).toEqual([]);
  });

  it('adds click for click handlers and tabindex >= 0, not for tabindex -1', () => {
    expect(actionsFor(node({ attributes: { clickHandler: true } }))).toEqual(['click']);
    expect(actionsFor(node({ attributes: { tabIndex: 0 } }))).toEqual(['click']);
    expect(actionsFor(node({ attributes: { tabIndex: -1 } }))).toEqual([]);
  });

  it('adds scroll for scroll containers', () => {
    const style = { display: 'block', visibility: 'visible', opacity: 1, scrollable: true };
    expect(actionsFor(node({ style }))).toEqual(['scroll']);
    expect(actionsFor(node({ role: 'listbox', style }))).toEqual(['select', 'click', 'scroll']);
  });

  it('counts a pointer cursor only with a box and when not inherited', () => {
    const pointer = { display: 'block', visibility: 'visible', opacity: 1, cursor: 'pointer' };
    expect(actionsFor(node({ style: pointer }))).toEqual(['click']);
    expect(actionsFor(node({ style: pointer }), true)).toEqual([]);
    expect(actionsFor(node({ style: pointer, box: null }))).toEqual([]);
    expect(actionsFor(node({ style: pointer, box: { x: 0, y: 0, width: 0, height: 10 } }))).toEqual([]);
  });

  it('sees an inherited pointer through the capture: a span inside a pointer div is not clickable', () => {
    const pointer = { cursor: 'pointer' };
    const capture = buildCapture([
      el('generic', '', { style: pointer }, [el('generic', 'Inner label', { style: pointer }, [text('Inner label')])]),
    ]);
    const page = classifyPage(capture);
    expect(page.byIndex[0]?.actions).toEqual(['click']);
    expect(page.byIndex[1]?.actions).toEqual([]);
  });

  it('gives a <label> that labels no control click, a label of a control nothing', () => {
    expect(actionsFor(node({ tag: 'label', attributes: { labelsNothing: true } }))).toEqual(['click']);
    expect(actionsFor(node({ tag: 'label' }))).toEqual([]);
    // The fact only counts on a <label>: nothing else "labels".
    expect(actionsFor(node({ tag: 'div', attributes: { labelsNothing: true } }))).toEqual([]);
    expect(actionsFor(node({ tag: 'label', states: { disabled: true }, attributes: { labelsNothing: true } }))).toEqual([]);
  });

  it('gives a drag cursor (move, grab) drag, only with a box and when not inherited', () => {
    const style = (cursor: string) => ({ display: 'block', visibility: 'visible', opacity: 1, cursor });
    expect(actionsFor(node({ style: style('move') }))).toEqual(['drag']);
    expect(actionsFor(node({ style: style('grab') }))).toEqual(['drag']);
    expect(actionsFor(node({ style: style('grabbing') }))).toEqual([]);
    expect(actionsFor(node({ style: style('move') }), false, true)).toEqual([]);
    expect(actionsFor(node({ style: style('move'), box: null }))).toEqual([]);
    expect(actionsFor(node({ role: 'button', style: style('grab') }))).toEqual(['click', 'drag']);
    // A pointer parent does not hide a drag cursor, nor the other way round.
    expect(actionsFor(node({ style: style('move') }), true, false)).toEqual(['drag']);
    expect(actionsFor(node({ style: style('pointer') }), false, true)).toEqual(['click']);
  });

  it('sees an inherited drag cursor through the capture: the palette entry drags, its label and icon do not', () => {
    const move = { cursor: 'move' };
    const capture = buildCapture([
      el('generic', '', { style: move }, [el('generic', '', { style: move }, [text('inject')]), el('generic', 'icon', { style: move, tag: 'label', attributes: { labelsNothing: true } })]),
    ]);
    const page = classifyPage(capture);
    expect(page.byIndex[0]?.actions).toEqual(['drag']);
    expect(page.byIndex[1]?.actions ?? []).toEqual([]);
    // A caption label inside the draggable is still clickable: the label rule does not depend on the cursor.
    expect(page.byIndex[3]?.actions).toEqual(['click']);
  });

  it('gives a scroll container scroll even with no name or role (a canvas to drop onto)', () => {
    const capture = buildCapture([el('generic', '', { style: { scrollable: true } }, [el('generic', '', {}, [text('node')])])]);
    expect(classifyPage(capture).byIndex[0]?.actions).toEqual(['scroll']);
  });
});
