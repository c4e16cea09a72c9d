/**
 * Resolves true once the document has drawn two more animation frames — by then a frame that
 * shows the current scroll positions has been handed to the compositor — or false after
 * `timeoutMs` (a hidden tab draws none). The browser routes input into out-of-process frames by
 * what was last drawn, so a point aimed right after a scroll must wait for that (click-point.ts).
 */
export function framePresented(timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(true);
      }),
    );
  });
}
