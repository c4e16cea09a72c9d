import { isSecretFieldFacts } from '@sightline/semantic-core/page-safe';
import { composedParent } from './dom/composed-tree.js';

/**
 * SPEC §4's secret-field rule: the core's `isSecretFieldFacts`, bundled, on an element's facts —
 * one rule for snapshot evidence, echo rules, queries, screenshot masks and console redaction.
 */
export function isSensitive(element: Element): boolean {
  const tag = element.localName;
  const autocomplete = element.getAttribute('autocomplete');
  // Cheap exit for the many elements the rule cannot match (this runs once per walked element).
  if (tag !== 'input' && !autocomplete) return false;
  return isSecretFieldFacts({
    tag,
    inputType: tag === 'input' ? ((element as HTMLInputElement).type || 'text').toLowerCase() : undefined,
    autocomplete,
    contentEditable: (element as HTMLElement).isContentEditable === true,
  });
}

/** Whether a node sits inside a sensitive field (its text is never read). */
export function insideSensitive(node: Node): boolean {
  for (let current: Element | null = node.nodeType === 1 ? (node as Element) : composedParent(node); current; current = composedParent(current)) {
    if (isSensitive(current)) return true;
  }
  return false;
}
