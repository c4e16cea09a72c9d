/**
 * Tells whether a pointer press-and-move started an HTML5 drag (SPEC §12 drag), so the Node side
 * knows to wait for the browser's intercepted drag data instead of guessing with a timeout.
 *
 * `arm()` before the first move with the button held; `started()` after it: true when a
 * `dragstart` followed that move and no handler cancelled it. The answer is read one task after
 * the `mousemove`, when every `dragstart` listener of the move has run.
 */
export class DragWatch {
  private started: Promise<boolean> = Promise.resolve(false);
  private cleanup: (() => void) | null = null;

  arm(): void {
    this.disarm();
    let dragEvent: Event | null = null;
    const onDragStart = (event: Event): void => {
      dragEvent = event;
    };
    const onMove = (): void => {
      this.started = new Promise((resolve) => setTimeout(() => resolve(dragEvent !== null && !dragEvent.defaultPrevented), 0));
    };
    this.started = Promise.resolve(false);
    window.addEventListener('dragstart', onDragStart, { capture: true });
    window.addEventListener('mousemove', onMove, { capture: true, once: true });
    this.cleanup = () => {
      window.removeEventListener('dragstart', onDragStart, { capture: true });
      window.removeEventListener('mousemove', onMove, { capture: true });
    };
  }

  async result(): Promise<boolean> {
    const started = await this.started;
    this.disarm();
    return started;
  }

  private disarm(): void {
    this.cleanup?.();
    this.cleanup = null;
  }
}
