import type { ElementFacts } from './element-facts.js';
import { ROLE_STRUCTURAL, roleBits } from './role-bits.js';
import { hasVisibleText } from './text.js';

/**
 * A semantic node is one an outline can show: an element with actions, a meaningful role, or a
 * name (a named `generic` is a labelled group); a text node with visible text. Everything else is
 * structure: never counted, never given a ref, but its style still reaches its descendants.
 */
export function isSemantic(node: ElementFacts, actionMask: number): boolean {
  if (node.kind === 'text') return hasVisibleText(node.name);
  return isSemanticElement(node, actionMask, roleBits(node.role));
}

/** `isSemantic` of an element whose `roleBits` the caller already has. */
export function isSemanticElement(node: ElementFacts, actionMask: number, bits: number): boolean {
  if (actionMask !== 0) return true;
  if ((bits & ROLE_STRUCTURAL) === 0) return true;
  return node.role === 'generic' && hasVisibleText(node.name);
}
