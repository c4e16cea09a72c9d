import { AsyncLocalStorage } from 'node:async_hooks';
import { TransportError } from '@sightline/semantic-core';

/**
 * The async scope of one piece of work on a tab (an action, a capture) that may be given up on —
 * when a JavaScript dialog blocks the page, Sightline answers at once and abandons the work still
 * waiting on the page. Every command the abandoned work sends afterwards is refused here, so it
 * can never deliver late input (a second key, a second option click) once the dialog is handled.
 */
export interface SendScope {
  /** Set when the work was abandoned: the reason its further commands fail. */
  abandoned: string | null;
  /** The work sent a command that delivers something to the page (input, focus, navigation). */
  delivering: boolean;
}

const storage = new AsyncLocalStorage<SendScope>();

/** Methods that put something into the page: once one was sent, the work's effect is its own. */
const DELIVERY = /^(Input\.|DOM\.focus$|Page\.(navigate|reload|navigateToHistoryEntry)$)/;

export function runInSendScope<T>(scope: SendScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** Called by CdpSession before every send: refuses commands of abandoned work, notes delivery. */
export function checkSendScope(method: string): TransportError | null {
  const scope = storage.getStore();
  if (!scope) return null;
  if (scope.abandoned !== null) return new TransportError('target_closed', `${method}: ${scope.abandoned}`, method);
  if (DELIVERY.test(method)) scope.delivering = true;
  return null;
}

/** The scope the calling async context runs in, if any (see cancel-scope.ts). */
export function currentSendScope(): SendScope | undefined {
  return storage.getStore();
}
