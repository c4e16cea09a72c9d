/**
 * The `<label>`s of a labelable element (a field, a button). `element.labels` looks through the
 * whole tree the first time it is asked (one pass over the document per element: ~5 ms each at
 * 100k elements, the most of a first snapshot's ship step), so it is asked only when a label can
 * exist: one naming the element's id (`for`), or one the element sits in.
 */
export function labelsOf(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement): HTMLLabelElement[] {
  if (element.id === '' && element.closest('label') === null) return [];
  return element.labels ? Array.from(element.labels) : [];
}
