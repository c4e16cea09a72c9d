import { TransportError } from '../errors/transport-error.js';

/** Per-call options of the Driver's methods (all optional; the input stays untyped). */
export interface CallOptions {
  /**
   * The caller gave up on this request (an MCP `notifications/cancelled`, a closed connection, a
   * CLI interrupt). A bind in flight stops: a browser it was launching is stopped, a connection it
   * opened is closed, and nothing is added to the session. Other calls are not started once aborted.
   */
  signal?: AbortSignal | undefined;
}

/** The structured failure of a call its caller cancelled. */
export function cancelledError(what: string): TransportError {
  return new TransportError('cancelled', `${what} was cancelled by the client`, 'cancel');
}

/** Throws {@link cancelledError} when the signal has fired. */
export function throwIfCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelledError(what);
}

/** One signal that fires when any of the given ones does (AbortSignal.any where the runtime has it). */
export function anySignal(signals: ReadonlyArray<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length <= 1) return present[0];
  const any = (AbortSignal as unknown as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (any) return any(present);
  const controller = new AbortController();
  for (const signal of present) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
