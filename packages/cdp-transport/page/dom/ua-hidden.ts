import { isDisclosureSummary } from './details.js';

/**
 * Content the user agent does not render although no author style hides it (SPEC §5): a child of a
 * closed <details> other than its first <summary>. (hidden="until-found" and content-visibility
 * subtrees are seen through the attribute and computed style.)
 */
export function closedDetailsContent(parent: Element, child: Node): boolean {
  if (parent.localName !== 'details' || (parent as HTMLDetailsElement).open || parent.namespaceURI !== 'http://www.w3.org/1999/xhtml') return false;
  return child.nodeType !== 1 || !isDisclosureSummary(child as Element);
}
