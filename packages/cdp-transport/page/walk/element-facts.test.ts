import { describe, expect, it } from 'vitest';
import { ACTION_CLICK, ACTION_DRAG, ACTION_HOVER, ACTION_SCROLL, ACTION_TYPE } from '@sightline/semantic-core/page-safe';
import { ElementFactsReader, type ElementLayoutFacts } from './element-facts.js';

/** A plain stand-in for the few element members the facts are read from. */
function element(attributes: Record<string, string>, props: Record<string, unknown> = {}): Element {
  return {
    hasAttribute: (name: string) => name in attributes,
    getAttribute: (name: string) => attributes[name] ?? null,
    tabIndex: 'tabindex' in attributes ? Number(attributes['tabindex']) : -1,
    ...props,
  } as unknown as Element;
}

const layout = (facts: Partial<ElementLayoutFacts> = {}): ElementLayoutFacts => ({
  editable: false, pointer: false, dragCursor: false, scrollable: false, box: undefined, parentPointer: false, parentDragCursor: false, plain: false, ...facts,
});
const BOX = { x: 0, y: 0, width: 10, height: 10 };

describe('ElementFactsReader (the core rules on facts read from the DOM)', () => {
  it('links, text fields and disabled controls', () => {
    const reader = new ElementFactsReader();
    expect(reader.actionMask(element({ href: '/x' }), 'a', 'link', layout())).toBe(ACTION_CLICK | ACTION_HOVER);
    expect(reader.actionMask(element({}, { type: 'email' }), 'input', 'textbox', layout())).toBe(ACTION_TYPE | ACTION_CLICK);
    expect(reader.actionMask(element({}, { disabled: true }), 'button', 'button', layout())).toBe(0);
  });

  it('a pointer or drag cursor counts only with a box and when not inherited from the parent', () => {
    const reader = new ElementFactsReader();
    expect(reader.actionMask(element({}), 'div', 'generic', layout({ pointer: true, box: BOX }))).toBe(ACTION_CLICK);
    expect(reader.actionMask(element({}), 'div', 'generic', layout({ pointer: true, box: BOX, parentPointer: true }))).toBe(0);
    expect(reader.actionMask(element({}), 'div', 'generic', layout({ pointer: true, box: null }))).toBe(0);
    expect(reader.actionMask(element({}), 'div', 'generic', layout({ dragCursor: true, box: BOX }))).toBe(ACTION_DRAG);
    expect(reader.actionMask(element({}), 'div', 'generic', layout({ scrollable: true }))).toBe(ACTION_SCROLL);
  });

  it('a plain element (none of the gated attributes) is not asked for them: same facts as an element without them', () => {
    const reader = new ElementFactsReader();
    const untouchable = {
      hasAttribute: () => {
        throw new Error('attribute looked up');
      },
      getAttribute: () => {
        throw new Error('attribute looked up');
      },
      get disabled(): boolean {
        throw new Error('disabled read');
      },
    } as unknown as Element;
    expect(reader.actionMask(untouchable, 'div', 'generic', layout({ plain: true }))).toBe(reader.actionMask(element({}), 'div', 'generic', layout()));
    expect(reader.actionMask(untouchable, 'button', 'button', layout({ plain: true }))).toBe(ACTION_CLICK);
    expect(reader.actionMask(element({ onclick: '' }), 'div', 'generic', layout())).toBe(ACTION_CLICK);
  });

  it('facts do not leak from one element to the next (one reused object)', () => {
    const reader = new ElementFactsReader();
    reader.actionMask(element({ href: '/x', onclick: '', tabindex: '0', draggable: 'true' }), 'a', 'link', layout({ editable: true }));
    expect(reader.actionMask(element({}), 'div', 'generic', layout())).toBe(0);
    expect(reader.isSemantic('', 0)).toBe(false);
    expect(reader.isSemantic('Toolbar', 0)).toBe(true);
  });
});
