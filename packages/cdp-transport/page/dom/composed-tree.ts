// The composed tree (open shadow roots and slots resolved), the one home of these walks for the
// walk, hit tests, actions and caches.

/** The composed parent of a node: its assigned slot, its parent element, or its shadow root's host. */
export function composedParent(node: Node): Element | null {
  const parent = (node as Element).assignedSlot ?? node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent.nodeType === 1 ? (parent as Element) : null;
}

/** Whether `node` is `ancestor` or lies below it in the composed tree. */
export function composedContains(ancestor: Node, node: Node): boolean {
  for (let current: Node | null = node; current; current = composedParent(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
