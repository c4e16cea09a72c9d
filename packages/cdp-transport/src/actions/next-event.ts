import type { CdpEvent, CdpEventParams } from '../connection/cdp-connection.js';
import type { CdpSession } from '../connection/cdp-session.js';

/** The next `event` on a session, listened for from now on; `wait` answers null after `timeoutMs`. */
export interface PendingEvent<E extends CdpEvent> {
  wait(timeoutMs: number): Promise<CdpEventParams<E> | null>;
  dispose(): void;
}

export function nextEvent<E extends CdpEvent>(session: CdpSession, event: E): PendingEvent<E> {
  let received: CdpEventParams<E> | null = null;
  let notify: (() => void) | null = null;
  const off = session.on(event, (params) => {
    if (received !== null) return;
    received = params;
    notify?.();
  });
  const detach = session.onDetach(() => notify?.());
  return {
    wait(timeoutMs) {
      if (received !== null) return Promise.resolve(received);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(received), timeoutMs);
        notify = () => {
          clearTimeout(timer);
          resolve(received);
        };
      });
    },
    dispose() {
      off();
      detach();
    },
  };
}
