import CDP from 'chrome-remote-interface';
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';
import { TransportError } from '@sightline/semantic-core';
import { CdpSession } from './cdp-session.js';

export type CdpMethod = keyof ProtocolMapping.Commands;
export type CdpParams<M extends CdpMethod> = ProtocolMapping.Commands[M]['paramsType'][0];
export type CdpResult<M extends CdpMethod> = ProtocolMapping.Commands[M]['returnType'];
export type CdpEvent = keyof ProtocolMapping.Events;
export type CdpEventParams<E extends CdpEvent> = ProtocolMapping.Events[E][0];

/** Default timeout of one protocol command (ms). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 15_000;

interface Pending {
  sessionId: string | undefined;
  /** The error built when the command was sent, re-labelled when it fails (stack = caller). */
  failure: TransportError;
  reject: (error: TransportError) => void;
}

/**
 * One WebSocket to a browser endpoint. Owns every in-flight command: each has a timeout, and all
 * reject when the socket closes (or, per session, when that session detaches).
 */
export class CdpConnection {
  private readonly pending = new Set<Pending>();
  private readonly sessions = new Map<string, CdpSession>();
  private closedReason: string | null = null;
  private readonly closeListeners = new Set<(reason: string) => void>();
  readonly root: CdpSession;

  private constructor(
    private readonly client: CDP.Client,
    readonly commandTimeoutMs: number,
  ) {
    this.root = new CdpSession(this, undefined);
    client.on('disconnect', () => this.markClosed('the browser connection closed'));
    client.on('Target.detachedFromTarget' as never, (params: { sessionId: string }) => {
      this.sessions.get(params.sessionId)?.markDetached('the target detached');
    });
  }

  static async open(webSocketUrl: string, commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): Promise<CdpConnection> {
    let client: CDP.Client;
    try {
      client = await withTimeout(CDP({ target: webSocketUrl, local: true }), commandTimeoutMs, 'connect');
    } catch (error) {
      if (TransportError.isInstance(error)) throw error;
      throw new TransportError('connection_closed', `could not open the DevTools WebSocket ${redactUrl(webSocketUrl)}: ${(error as Error).message}`, 'connect');
    }
    return new CdpConnection(client, commandTimeoutMs);
  }

  /** Wraps an already open chrome-remote-interface client (tests use a fake one). */
  static fromClient(client: CDP.Client, commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): CdpConnection {
    return new CdpConnection(client, commandTimeoutMs);
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  onClose(listener: (reason: string) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** A per-target session (flat mode); listeners it adds are removed when it detaches. */
  session(sessionId: string): CdpSession {
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = new CdpSession(this, sessionId);
      this.sessions.set(sessionId, session);
    }
    return session;
  }

  /** @internal used by CdpSession */
  forgetSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  async send<M extends CdpMethod>(method: M, params: CdpParams<M> | undefined, sessionId: string | undefined, timeoutMs?: number): Promise<CdpResult<M>> {
    // Built here so the stack points at the caller.
    const failure = new TransportError('protocol_error', '', method);
    if (this.closedReason !== null) throw rebrand(failure, 'connection_closed', `${method}: ${this.closedReason}`);
    const limit = timeoutMs ?? this.commandTimeoutMs;
    return new Promise<CdpResult<M>>((resolve, reject) => {
      let settled = false;
      const entry: Pending = {
        sessionId,
        failure,
        reject: (error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.pending.delete(entry);
          reject(error);
        },
      };
      const timer = setTimeout(() => entry.reject(rebrand(failure, 'timeout', `${method} timed out after ${limit} ms`)), limit);
      this.pending.add(entry);
      const callback = (isError: boolean, result: unknown) => {
        if (settled) return;
        if (isError) {
          const message = (result as { message?: string } | undefined)?.message ?? String(result);
          entry.reject(rebrand(failure, /target closed|session with given id not found|no target with given id/i.test(message) ? 'target_closed' : 'protocol_error', `${method}: ${message}`));
          return;
        }
        settled = true;
        clearTimeout(timer);
        this.pending.delete(entry);
        resolve(result as CdpResult<M>);
      };
      try {
        (this.client.send as unknown as (m: string, p: unknown, s: string | undefined, cb: typeof callback) => void)(method, params ?? {}, sessionId, callback);
      } catch (error) {
        entry.reject(rebrand(failure, 'connection_closed', `${method}: ${(error as Error).message}`));
      }
    });
  }

  /** @internal reject every pending command of one session (it detached). */
  rejectSession(sessionId: string, reason: string): void {
    for (const entry of [...this.pending]) {
      if (entry.sessionId === sessionId) entry.reject(rebrand(entry.failure, 'target_closed', `${entry.failure.method}: ${reason}`));
    }
  }

  /** @internal */
  addListener(event: string, handler: (params: unknown) => void): void {
    this.client.on(event as never, handler as never);
  }

  /** @internal */
  removeListener(event: string, handler: (params: unknown) => void): void {
    (this.client as unknown as { removeListener(e: string, h: unknown): void }).removeListener(event, handler);
  }

  async close(): Promise<void> {
    if (this.closedReason !== null) return;
    this.markClosed('the connection was closed by Sightline');
    try {
      await this.client.close();
    } catch {
      // Already gone.
    }
  }

  private markClosed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const entry of [...this.pending]) entry.reject(rebrand(entry.failure, 'connection_closed', `${entry.failure.method}: ${reason}`));
    for (const session of [...this.sessions.values()]) session.markDetached(reason);
    for (const listener of [...this.closeListeners]) listener(reason);
  }
}

function rebrand(error: TransportError, failure: TransportError['failure'], message: string): TransportError {
  (error as { failure: TransportError['failure'] }).failure = failure;
  error.message = message;
  return error;
}

function redactUrl(url: string): string {
  return url.replace(/\/devtools\/.*$/, '/devtools/…');
}

async function withTimeout<T>(promise: Promise<T>, ms: number, method: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransportError('timeout', `${method} timed out after ${ms} ms`, method)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
