import type { CdpConnection, CdpEvent, CdpEventParams, CdpMethod, CdpParams, CdpResult } from './cdp-connection.js';
import { TransportError } from '@sightline/semantic-core';
import { checkSendScope } from './send-scope.js';

/**
 * A flat CDP session (or the browser-level root session when `id` is undefined). Listeners are
 * registered as `'<Domain.event>.<sessionId>'` and removed when the session detaches; pending
 * commands reject on detach.
 */
export class CdpSession {
  private readonly listeners: Array<{ event: string; handler: (params: unknown) => void }> = [];
  private readonly detachListeners = new Set<(reason: string) => void>();
  private detachedReason: string | null = null;

  constructor(
    private readonly connection: CdpConnection,
    readonly id: string | undefined,
  ) {}

  get detached(): boolean {
    return this.detachedReason !== null;
  }

  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, timeoutMs?: number): Promise<CdpResult<M>> {
    if (this.detachedReason !== null) {
      return Promise.reject(new TransportError('target_closed', `${method}: ${this.detachedReason}`, method));
    }
    const abandoned = checkSendScope(method);
    if (abandoned) return Promise.reject(abandoned);
    return this.connection.send(method, params, this.id, timeoutMs);
  }

  on<E extends CdpEvent>(event: E, handler: (params: CdpEventParams<E>) => void): () => void {
    const name = this.id === undefined ? event : `${event}.${this.id}`;
    const entry = { event: name, handler: handler as (params: unknown) => void };
    this.listeners.push(entry);
    this.connection.addListener(name, entry.handler);
    return () => {
      const index = this.listeners.indexOf(entry);
      if (index >= 0) this.listeners.splice(index, 1);
      this.connection.removeListener(name, entry.handler);
    };
  }

  onDetach(listener: (reason: string) => void): () => void {
    this.detachListeners.add(listener);
    return () => this.detachListeners.delete(listener);
  }

  /** Detach from the target (flat session); no-op for the root session. */
  async detach(): Promise<void> {
    if (this.id === undefined || this.detachedReason !== null) return;
    const id = this.id;
    try {
      await this.connection.root.send('Target.detachFromTarget', { sessionId: id });
    } catch {
      // The target may already be gone.
    }
    this.markDetached('the session was detached');
  }

  /** @internal */
  markDetached(reason: string): void {
    if (this.detachedReason !== null) return;
    this.detachedReason = reason;
    for (const { event, handler } of this.listeners.splice(0)) this.connection.removeListener(event, handler);
    if (this.id !== undefined) {
      this.connection.rejectSession(this.id, reason);
      this.connection.forgetSession(this.id);
    }
    for (const listener of [...this.detachListeners]) listener(reason);
    this.detachListeners.clear();
  }
}
