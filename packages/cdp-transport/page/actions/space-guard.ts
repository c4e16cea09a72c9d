/**
 * While a Space key is delivered to a custom (ARIA-role) control, cancel the browser's default for
 * Space on it (scrolling the page), so a control that ignores Space does not scroll the page
 * instead: a bubbling `keypress` listener on the window (after the page's own handlers), kept until
 * `release`.
 */
export class SpaceGuard {
  private releaseGuard: (() => void) | null = null;

  guard(node: Node): boolean {
    this.release();
    const view = node.ownerDocument?.defaultView;
    if (!view) return false;
    const root = node.getRootNode();
    const listener = (event: KeyboardEvent): void => {
      const focused = document.activeElement === node || (root instanceof ShadowRoot && root.activeElement === node);
      if (event.key === ' ' && focused) event.preventDefault();
    };
    view.addEventListener('keypress', listener);
    this.releaseGuard = () => view.removeEventListener('keypress', listener);
    return true;
  }

  release(): boolean {
    const release = this.releaseGuard;
    this.releaseGuard = null;
    release?.();
    return true;
  }
}
