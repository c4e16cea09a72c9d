/**
 * Whether an element is the first `<summary>` of its `<details>`: the disclosure button that opens
 * and closes it (a later summary is plain content). One rule for its role, its `expanded` state, its
 * activation key and what a closed `<details>` still renders.
 */
export function isDisclosureSummary(element: Element): boolean {
  const parent = element.parentElement;
  return element.localName === 'summary' && parent !== null && parent.localName === 'details' && parent.querySelector(':scope > summary') === element;
}
