import { cancelledError } from './call-options.js';

/**
 * Issue 17: a read the caller gave up on answers at once. The transport is told too (it stops
 * sending and waiting), but the Driver does not depend on that: it stops waiting itself and answers
 * the `cancelled` failure a cancelled bind answers. Only for calls without effects on the page
 * (reads and checks): whether an action was cancelled before it delivered anything is the
 * transport's to say, so `perform` is never raced.
 */
export function untilCancelled<T>(signal: AbortSignal | undefined, what: string, call: Promise<T>): Promise<T> {
  if (!signal) return call;
  if (signal.aborted) {
    call.catch(() => undefined);
    return Promise.reject(cancelledError(what));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      call.catch(() => undefined);
      reject(cancelledError(what));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The `signal` field of a transport request, present only when there is one (requests stay comparable in tests). */
export function signalField(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}
