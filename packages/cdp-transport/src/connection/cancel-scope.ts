import { cancelledError } from '@sightline/semantic-core';
import { currentSendScope, runInSendScope } from './send-scope.js';

/**
 * Issue 17: work on a tab (a capture, an action) that the caller may cancel. Run inside the work's
 * send scope (`raceDialog` opens one), it answers a `cancelled` TransportError as soon as the
 * signal fires and abandons the work: every command the work would send afterwards is refused
 * (send-scope.ts), and the ones in flight are no longer waited for (their replies are dropped).
 *
 * Except once the work has delivered something to the page (input, focus, a navigation): then it
 * runs to its end and answers as usual, so an action is never left half-done (a key pressed and
 * not released) and never reported cancelled when it happened.
 */
export async function runCancellable<T>(signal: AbortSignal | undefined, what: string, work: () => Promise<T>): Promise<T> {
  if (!signal) return work();
  if (signal.aborted) throw cancelledError(what);
  const scope = currentSendScope();
  // Outside any scope (no dialog race around the work): open one, so the work can be abandoned.
  if (!scope) return runInSendScope({ abandoned: null, delivering: false }, () => runCancellable(signal, what, work));
  let onAbort: () => void = () => undefined;
  const cancelled = new Promise<never>((_, reject) => {
    onAbort = () => {
      if (scope.delivering) return;
      if (scope.abandoned === null) scope.abandoned = `${what} was cancelled by the client`;
      reject(cancelledError(what));
    };
  });
  signal.addEventListener('abort', onAbort, { once: true });
  const running = work();
  try {
    return await Promise.race([running, cancelled]);
  } finally {
    signal.removeEventListener('abort', onAbort);
    running.catch(() => undefined);
    cancelled.catch(() => undefined);
  }
}
