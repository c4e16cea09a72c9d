import type { ActionKind } from '../model/visibility.js';
import type { ElementFacts } from './element-facts.js';
import { rectIsEmpty } from '../model/geometry.js';
import { isDragCursor } from './drag-cursor.js';
import { CLICK_INPUT_TYPES, TEXT_INPUT_TYPES } from './roles.js';
import { ROLE_CLICK, ROLE_HOVER, ROLE_TYPING, roleBits } from './role-bits.js';

// Actions as bits, so the classifier can decide them without allocating per node.
export const ACTION_CLICK = 1;
export const ACTION_TYPE = 2;
export const ACTION_SELECT = 4;
export const ACTION_SCROLL = 8;
export const ACTION_UPLOAD = 16;
export const ACTION_HOVER = 32;
export const ACTION_DRAG = 64;

/**
 * SPEC §6: the closed set of actions a node supports, as a bit mask.
 *
 * - Disabled nodes (and text) support nothing.
 * - Text entry (textbox, searchbox, spinbutton, editable combobox, contentEditable, textarea,
 *   text-like inputs) → type + click; file inputs → upload + click; `<select>`, listboxes and
 *   comboboxes backed by `<select>` → select + click; buttons, links, toggles, tabs, menu items,
 *   options, tree items, sliders and `<summary>` → click.
 * - An `<option>` element (of a native `<select>`) → select only: it is chosen through its select
 *   (a closed select's options have no box to click, an open one is drawn by the browser, not the
 *   page). A click handler, tabindex or pointer cursor on it adds nothing.
 * - A pointer cursor means click only when the node has a box and did not merely inherit the
 *   pointer from its parent (computed `cursor` inherits, so every child of a link has it).
 * - An observed click handler or a `tabindex >= 0` means click.
 * - Hover is offered where hovering is itself meaningful: links (previews, underline menus) and
 *   menu items (submenus). Everything clickable can be pointed at, but listing hover on every
 *   button would only add noise.
 * - A scroll container adds scroll (so a canvas-like scroll area, e.g. a flow editor's workspace,
 *   has a ref that `drag` can take as its `to_ref`).
 * - A `<label>` that labels no control (`labelsNothing`) → click: a label exists to be clicked,
 *   and one without a control is how apps mark a caption they act on themselves (TodoMVC's todo
 *   title, renamed on double-click through a listener on the document). A label of a control
 *   gets nothing of its own: the control has the ref, and a hit on its label counts as the control.
 * - Drag (SPEC §12) where a user would drag the element: `draggable="true"` (HTML5 drag and
 *   drop) or an `aria-roledescription` that names it draggable/sortable, as pointer-based drag
 *   libraries set it (dnd-kit's "sortable"/"draggable"). Images and links, draggable by default,
 *   are not listed: dragging them is rarely the task, and `drag` still accepts any ref as the drop.
 *   A drag cursor (computed `cursor: move|grab`, see `isDragCursor`) means drag too — jQuery UI
 *   draggables, palettes and sortables set one and no attribute — under the pointer rule's
 *   conditions: a box, and not merely inherited from the parent.
 *
 * `parentHasPointer`: the parent element's computed cursor is `pointer`;
 * `parentHasDragCursor`: the parent's computed cursor is a drag cursor.
 */
export function actionMask(node: ElementFacts, parentHasPointer: boolean, parentHasDragCursor = false): number {
  return node.kind === 'element' ? elementActionMask(node, parentHasPointer, roleBits(node.role), parentHasDragCursor) : 0;
}

/** `actionMask` of an element whose `roleBits` the caller already has (classification needs them anyway). */
export function elementActionMask(node: ElementFacts, parentHasPointer: boolean, bits: number, parentHasDragCursor = false): number {
  if (node.states?.disabled === true) return 0;
  const role = node.role;
  const tag = node.tag;
  if (tag === 'option') return ACTION_SELECT;
  const attributes = node.attributes;
  // Form controls take the long way; everything else (nearly every element of a page) is decided
  // by its role, a link or <summary>. Kept small so the classifier's loop can inline it.
  let mask =
    tag === 'input' || tag === 'select' || tag === 'textarea' || role === 'listbox' || role === 'combobox' || attributes?.contentEditable === true
      ? formControlMask(node, bits)
      : (bits & ROLE_TYPING) !== 0
        ? ACTION_TYPE | ACTION_CLICK
        : (bits & ROLE_CLICK) !== 0 || attributes?.href === true || tag === 'summary'
          ? ACTION_CLICK
          : 0;
  if (attributes) {
    if (attributes.href === true) mask |= ACTION_HOVER;
    if (attributes.clickHandler === true) mask |= ACTION_CLICK;
    if (attributes.tabIndex !== undefined && attributes.tabIndex >= 0) mask |= ACTION_CLICK;
    if (attributes.draggable === true) mask |= ACTION_DRAG;
    if (attributes.labelsNothing === true && tag === 'label') mask |= ACTION_CLICK;
  }
  if ((bits & ROLE_HOVER) !== 0) mask |= ACTION_HOVER;
  const style = node.style;
  if (style) {
    if (style.cursor === 'pointer' && !parentHasPointer && !rectIsEmpty(node.box)) mask |= ACTION_CLICK;
    if (style.scrollable === true) mask |= ACTION_SCROLL;
    if (isDragCursor(style.cursor) && !parentHasDragCursor && !rectIsEmpty(node.box)) mask |= ACTION_DRAG;
  }
  return mask;
}

/** The primary action of inputs, selects, textareas, listboxes, comboboxes and contentEditable elements. */
function formControlMask(node: ElementFacts, bits: number): number {
  const role = node.role;
  const tag = node.tag;
  const attributes = node.attributes;
  const inputType = tag === 'input' ? (attributes?.inputType ?? '') : undefined;
  if (inputType === 'file') return ACTION_UPLOAD | ACTION_CLICK;
  if (tag === 'select' || role === 'listbox') return ACTION_SELECT | ACTION_CLICK;
  if (role === 'combobox') {
    // An editable combobox is an input or contentEditable; a select-only one opens on click.
    const editable = tag === 'input' || tag === 'textarea' || attributes?.contentEditable === true;
    return editable ? ACTION_TYPE | ACTION_CLICK : ACTION_CLICK;
  }
  if (
    (bits & ROLE_TYPING) !== 0 ||
    tag === 'textarea' ||
    attributes?.contentEditable === true ||
    (inputType !== undefined && TEXT_INPUT_TYPES.has(inputType))
  ) {
    return ACTION_TYPE | ACTION_CLICK;
  }
  if (
    (bits & ROLE_CLICK) !== 0 ||
    attributes?.href === true ||
    tag === 'summary' ||
    (inputType !== undefined && CLICK_INPUT_TYPES.has(inputType))
  ) {
    return ACTION_CLICK;
  }
  return 0;
}

const maskCache = new Map<number, ActionKind[]>();

/**
 * The action list for a mask: the primary action first (type, upload or select), then click,
 * hover, scroll, drag. Lists are shared and frozen: copy before changing one.
 */
export function actionsFromMask(mask: number): ActionKind[] {
  const cached = maskCache.get(mask);
  if (cached) return cached;
  const list: ActionKind[] = [];
  if (mask & ACTION_TYPE) list.push('type');
  if (mask & ACTION_UPLOAD) list.push('upload');
  if (mask & ACTION_SELECT) list.push('select');
  if (mask & ACTION_CLICK) list.push('click');
  if (mask & ACTION_HOVER) list.push('hover');
  if (mask & ACTION_SCROLL) list.push('scroll');
  if (mask & ACTION_DRAG) list.push('drag');
  Object.freeze(list);
  maskCache.set(mask, list);
  return list;
}

/** `actionMask` as a list (see there). */
export function actionsFor(node: ElementFacts, parentHasPointer = false, parentHasDragCursor = false): ActionKind[] {
  return actionsFromMask(actionMask(node, parentHasPointer, parentHasDragCursor));
}
