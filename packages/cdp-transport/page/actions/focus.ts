/** Whether `node` is the focused element of its document (through shadow roots). */
export function isFocused(node: Node): boolean {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (active === node) return true;
  const root = node.getRootNode();
  return root !== document && root instanceof ShadowRoot && root.activeElement === node;
}

/** Whether the focused element of the document is a frame: keys then go into it. */
export function focusInFrame(): boolean {
  const active = document.activeElement;
  return !!active && (active.localName === 'iframe' || active.localName === 'frame');
}

/**
 * Selects all content of an editable so the next insertion replaces it. False when it holds
 * nothing to select the standard way (the caller then uses the editing command).
 */
export function selectContent(node: Node): boolean {
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLInputElement) {
    try {
      node.select();
      return true;
    } catch {
      // not selectable this way
    }
    try {
      node.setSelectionRange(0, node.value.length);
      return true;
    } catch {
      return false;
    }
  }
  if (node instanceof HTMLElement && node.isContentEditable) {
    const selection = node.ownerDocument.getSelection();
    if (!selection) return false;
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
    return true;
  }
  return false;
}
