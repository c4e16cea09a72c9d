import type { CapturedNode } from '../model/page-capture.js';
import { displayName } from './display-name.js';
import { ROLE_NAME_FROM_CONTENT, roleBits } from './role-bits.js';
import { collapseWhitespace } from './text.js';

/** A string `collapseWhitespace` would change: a whitespace run, a non-space whitespace, or an edge space. */
const UNCOLLAPSED = /\s\s|[^\S ]|^\s|\s$/;

/** `collapseWhitespace`, without building a new string for the common already-collapsed case. */
function collapsed(text: string): string {
  return UNCOLLAPSED.test(text) ? collapseWhitespace(text) : text;
}

/**
 * A text node that only repeats its semantic parent's name (a button's label) is not shown twice;
 * nor is a piece of a name computed from content (an option "Dana Whitfield Quarterly review"
 * made of the texts "Dana Whitfield" and "Quarterly review").
 */
export function isEchoOfParent(text: string, parent: CapturedNode): boolean {
  const name = displayName(parent);
  if (!name) return false;
  if (text === name) return true;
  return repeatsName(collapsed(text), collapsed(name), (roleBits(parent.role) & ROLE_NAME_FROM_CONTENT) !== 0);
}

/**
 * The echo rule on whitespace-collapsed strings: the text is the name, or — for a name computed
 * from content — a piece of it. Shared with collectors that apply the rule in the page.
 */
export function repeatsName(text: string, name: string, nameFromContent: boolean): boolean {
  return text === name || (nameFromContent && text.length > 0 && name.includes(text));
}

/**
 * A `<label>`'s text right before the control it names says the same thing twice ("Reply body",
 * then textbox "Reply body"): the control's line already carries it, so the text line goes.
 * `labelText` is the shown name of the text node, `controlName` the control's.
 */
export function isLabelEcho(nodes: readonly CapturedNode[], textIndex: number, labelText: string, controlName: string): boolean {
  if (nodes[nodes[textIndex]!.parent]?.tag !== 'label') return false;
  return collapseWhitespace(labelText) === collapseWhitespace(controlName);
}
