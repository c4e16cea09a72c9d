import type { DialogTracker } from './dialog-tracker.js';

/**
 * Resolves `'blocked'` once a dialog blocks the page (at once when one does already), for a wait
 * that must not outlast it: while an alert, confirm or prompt is open every call into the page
 * hangs and nothing in it changes. `off()` stops listening.
 */
export function pageBlocked(dialogs: DialogTracker): { blocked: Promise<'blocked'>; off: () => void } {
  let off: () => void = () => undefined;
  const blocked = new Promise<'blocked'>((resolve) => {
    if (dialogs.blocksPage) {
      resolve('blocked');
      return;
    }
    // `opened` is only signalled for a dialog left to the caller (a policy's beforeunload is not).
    off = dialogs.onSignal((signal) => {
      if (signal.kind === 'opened') resolve('blocked');
    });
  });
  return { blocked, off: () => off() };
}
