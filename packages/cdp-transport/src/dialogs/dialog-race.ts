import { SightlineError, dialogOpenMessage } from '@sightline/semantic-core';
import { runInSendScope, type SendScope } from '../connection/send-scope.js';
import type { DialogTracker, OpenDialog } from './dialog-tracker.js';

export type RaceResult<T> =
  | { kind: 'done'; value: T }
  /** A dialog opened while the work ran; `delivering`: the work had already sent input or a navigation. */
  | { kind: 'dialog'; dialog: OpenDialog; delivering: boolean }
  /** A `beforeunload` was dismissed by policy: the navigation will not happen. */
  | { kind: 'beforeunload_dismissed' };

/**
 * Runs `work` (an action, a capture) against the tab's dialog signals. While a dialog is open the
 * page's main thread is blocked and every call into it hangs, so the first dialog that opens ends
 * the race at once; the work is abandoned (its later commands are refused, see send-scope.ts) and
 * whatever it left pending settles on its own once the dialog is handled.
 */
export async function raceDialog<T>(dialogs: DialogTracker, work: () => Promise<T>, options: { endOnDismissedBeforeUnload?: boolean } = {}): Promise<RaceResult<T>> {
  const scope: SendScope = { abandoned: null, delivering: false };
  let off: () => void = () => undefined;
  const signalled = new Promise<RaceResult<T>>((resolve) => {
    off = dialogs.onSignal((signal) => {
      if (signal.kind === 'opened') resolve({ kind: 'dialog', dialog: signal.dialog, delivering: scope.delivering });
      else if (!signal.accepted && options.endOnDismissedBeforeUnload) resolve({ kind: 'beforeunload_dismissed' });
    });
  });
  const running = runInSendScope(scope, work);
  try {
    const result = await Promise.race([running.then((value): RaceResult<T> => ({ kind: 'done', value })), signalled]);
    if (result.kind !== 'done') {
      scope.abandoned = 'given up: a JavaScript dialog interrupted this step';
      running.catch(() => undefined);
    }
    return result;
  } finally {
    off();
  }
}

/** Refuses with `browser_dialog_open` (SPEC §12) when a dialog blocks the tab. */
export function refuseWhileDialog(dialogs: DialogTracker): void {
  const open = dialogs.open;
  if (open) throw dialogOpenRefusal(open);
}

export function dialogOpenRefusal(dialog: OpenDialog): SightlineError {
  return new SightlineError('browser_dialog_open', dialogOpenMessage(dialog), { dialog: { type: dialog.type, message: dialog.message } });
}
