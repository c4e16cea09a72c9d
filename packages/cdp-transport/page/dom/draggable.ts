/**
 * Whether a user would drag this element (SPEC §12, the `draggable` fact of a captured node):
 * `draggable="true"` (HTML5 drag and drop), or an `aria-roledescription` that calls it draggable
 * or sortable, as pointer-based drag libraries set it (dnd-kit: "sortable"/"draggable").
 * Default-draggable images and links are left out on purpose (see the core's action-kinds rule).
 */
export function isDraggable(element: Element): boolean {
  if (element.getAttribute('draggable') === 'true') return true;
  const description = element.getAttribute('aria-roledescription');
  return description !== null && /drag|sortable/i.test(description);
}
