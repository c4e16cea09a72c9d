/**
 * Whether an element may render in the top layer — a `<dialog>` (shown modal) or a popover — and so
 * in the viewport whatever its ancestors' boxes: under a far-offscreen parent only such an element
 * can show. `lookUpPopover` false skips the attribute read (the caller knows the element has none,
 * or does not need the answer for it).
 */
export function topLayerCandidate(element: Element, tag: string, lookUpPopover = true): boolean {
  return tag === 'dialog' || (lookUpPopover && element.hasAttribute('popover'));
}
