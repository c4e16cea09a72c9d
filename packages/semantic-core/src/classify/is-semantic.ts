import type { CapturedNode } from '../model/page-capture.js';
import { STRUCTURAL_ROLES } from './roles.js';
import { hasVisibleText } from './text.js';

/**
 * A semantic node is one an outline can show: an element with actions, a meaningful role, or a
 * name (a named `generic` is a labelled group); a text node with visible text. Everything else is
 * structure: never counted, never given a ref, but its style still reaches its descendants.
 */
export function isSemantic(node: CapturedNode, actionMask: number): boolean {
  if (node.kind === 'text') return hasVisibleText(node.name);
  if (actionMask !== 0) return true;
  if (!STRUCTURAL_ROLES.has(node.role)) return true;
  return node.role === 'generic' && hasVisibleText(node.name);
}
