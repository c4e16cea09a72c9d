// The facts the core's action and semantic rules read (`ElementFacts`), filled from the DOM into
// one reused object per walk, so the page classifies with the very same rules as the core.
import { actionMask, isSemantic, type ElementAttributeFacts, type ElementFacts } from '@sightline/semantic-core/page-safe';
import { isDraggable } from '../dom/draggable.js';
import type { Rect } from '../types.js';

const DISABLED = Object.freeze({ disabled: true });

/** What the walk knows of an element besides its DOM when it asks for its actions. */
export interface ElementLayoutFacts {
  editable: boolean;
  /** Computed cursor is `pointer`. */
  pointer: boolean;
  /** Computed cursor is a drag cursor (`isDragCursor`). */
  dragCursor: boolean;
  scrollable: boolean;
  /** Its box, read only when the pointer and drag rules need it (undefined otherwise). */
  box: Rect | null | undefined;
  parentPointer: boolean;
  parentDragCursor: boolean;
  /** None of the gated attributes (attribute-gate.ts): no click handler, tabindex, drag or disabled attribute to look up. */
  plain: boolean;
}

export class ElementFactsReader {
  private readonly attributes: ElementAttributeFacts = {};
  private readonly style: { cursor?: string | undefined; scrollable?: boolean | undefined } = {};
  private readonly facts: ElementFacts = { kind: 'element', tag: '', role: '', name: '', attributes: this.attributes, style: this.style, states: undefined, box: undefined };

  /** The core's `actionMask` of an element (SPEC §6 action kinds as bits; 0: not actionable). */
  actionMask(element: Element, tag: string, role: string, layout: ElementLayoutFacts): number {
    const facts = this.facts;
    facts.tag = tag;
    facts.role = role;
    const attributes = this.attributes;
    attributes.inputType = tag === 'input' ? ((element as HTMLInputElement).type || 'text').toLowerCase() : undefined;
    attributes.contentEditable = layout.editable ? true : undefined;
    attributes.href = (tag === 'a' || tag === 'area') && element.hasAttribute('href') ? true : undefined;
    const plain = layout.plain;
    attributes.clickHandler = !plain && element.hasAttribute('onclick') ? true : undefined;
    attributes.tabIndex = !plain && element.hasAttribute('tabindex') ? (element as HTMLElement).tabIndex : undefined;
    attributes.draggable = !plain && isDraggable(element) ? true : undefined;
    attributes.labelsNothing = tag === 'label' && (element as HTMLLabelElement).control === null ? true : undefined;
    this.style.cursor = layout.pointer ? 'pointer' : layout.dragCursor ? 'move' : undefined;
    this.style.scrollable = layout.scrollable;
    facts.states = !plain && ((element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true') ? DISABLED : undefined;
    facts.box = layout.box;
    return actionMask(facts, layout.parentPointer, layout.parentDragCursor);
  }

  /** The core's `isSemantic` for the element `actionMask` was last asked about, now that its name is known. */
  isSemantic(name: string, mask: number): boolean {
    const facts = this.facts;
    facts.name = name;
    facts.kind = 'element';
    return isSemantic(facts, mask);
  }
}
