import CDP from 'chrome-remote-interface';
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';
import { TransportError, cancelledError } from '@sightline/semantic-core';
import { CdpSession } from './cdp-session.js';

export type CdpMethod = keyof ProtocolMapping.Commands;
export type CdpParams<M extends CdpMethod> = ProtocolMapping.Commands[M]['paramsType'][0];
export type CdpResult<M extends CdpMethod> = ProtocolMapping.Commands[M]['returnType'];
export type CdpEvent = keyof ProtocolMapping.Events;
export type CdpEventParams<E extends CdpEvent> = ProtocolMapping.Events[E][0];

/** Default timeout of one protocol command (ms). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 15_000;

/**
 * Liveness (issue 17): a command pending this long while nothing at all was received for as long
 * makes the connection probe the link (ms).
 */
export const STALL_MS = 1_000;
/** The probe (`Browser.getVersion`, answered by the browser process, never by a busy page) must answer within this (ms). */
export const PROBE_TIMEOUT_MS = 2_500;
/** A dropped link is re-opened on the next command; the attempt gives up after this (ms). */
export const RECONNECT_TIMEOUT_MS = 1_500;

export interface CdpConnectionOptions {
  /** Probe a stalled link and drop it when the probe times out (default: for non-loopback endpoints). */
  liveness?: boolean;
  /** The caller gave up on opening: reject with a `cancelled` TransportError. */
  signal?: AbortSignal | undefined;
}

interface Pending {
  sessionId: string | undefined;
  /** The error built when the command was sent, re-labelled when it fails (stack = caller). */
  failure: TransportError;
  reject: (error: TransportError) => void;
  sentAt: number;
  probe: boolean;
}

type LinkState = 'up' | 'down' | 'closed';

/**
 * One WebSocket to a browser endpoint. Owns every in-flight command: each has a timeout, and all
 * reject when the socket closes (or, per session, when that session detaches).
 *
 * A remote link can die without a close (a cut cable, a dropped VPN): TCP then retries for
 * minutes. So when a command has waited {@link STALL_MS} and nothing was received for as long,
 * a cheap probe goes out; if it is not answered within {@link PROBE_TIMEOUT_MS} the socket is
 * dropped and every pending command fails with `timeout`, and the next command first opens a new
 * socket to the same browser (within {@link RECONNECT_TIMEOUT_MS}). Flat sessions of the old socket
 * are detached; `onReconnect` listeners re-attach what they need.
 */
export class CdpConnection {
  private readonly pending = new Set<Pending>();
  private readonly sessions = new Map<string, CdpSession>();
  private closedReason: string | null = null;
  private readonly closeListeners = new Set<(reason: string) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  /** Every listener on the client, by event name, so a new socket gets them again. */
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();
  private state: LinkState = 'up';
  private reconnecting: Promise<void> | null = null;
  private lastInbound = performance.now();
  private stallTimer: NodeJS.Timeout | null = null;
  private probing = false;
  readonly root: CdpSession;

  private constructor(
    private client: CDP.Client,
    readonly commandTimeoutMs: number,
    private readonly webSocketUrl: string | null,
    private readonly liveness: boolean,
  ) {
    this.root = new CdpSession(this, undefined);
    this.attachClient(client);
  }

  static async open(webSocketUrl: string, commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS, options: CdpConnectionOptions = {}): Promise<CdpConnection> {
    const client = await openClient(webSocketUrl, commandTimeoutMs, 'connect', options.signal);
    // A loopback socket cannot be cut without closing: probing it would only risk a false alarm on
    // a saturated machine. Remote links are probed.
    return new CdpConnection(client, commandTimeoutMs, webSocketUrl, options.liveness ?? !isLoopbackUrl(webSocketUrl));
  }

  /** Wraps an already open chrome-remote-interface client (tests use a fake one); it cannot reconnect. */
  static fromClient(client: CDP.Client, commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS, options: CdpConnectionOptions = {}): CdpConnection {
    return new CdpConnection(client, commandTimeoutMs, null, options.liveness ?? true);
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  onClose(listener: (reason: string) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** After a dropped link was re-opened: sessions of the old socket are gone, root listeners carry over. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
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
    if (this.state === 'down') {
      try {
        await this.reconnect();
      } catch (error) {
        const cause = TransportError.isInstance(error) ? error : null;
        throw rebrand(failure, cause?.failure ?? 'connection_closed', `${method}: ${cause?.message ?? String(error)}`);
      }
      if (sessionId !== undefined) throw rebrand(failure, 'target_closed', `${method}: the link to the browser dropped and was re-opened; the target's session is gone`);
    }
    return this.dispatch(method, params, sessionId, timeoutMs ?? this.commandTimeoutMs, failure, false);
  }

  private dispatch<M extends CdpMethod>(method: M, params: CdpParams<M> | undefined, sessionId: string | undefined, limit: number, failure: TransportError, probe: boolean): Promise<CdpResult<M>> {
    return new Promise<CdpResult<M>>((resolve, reject) => {
      let settled = false;
      const entry: Pending = {
        sessionId,
        failure,
        sentAt: performance.now(),
        probe,
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
      this.watchStalls();
      // chrome-remote-interface calls back (true, {message}) for a protocol error, (false, result)
      // for a result, and (Error) alone when the socket closed or the frame could not be sent.
      const callback = (isError: boolean | Error, result: unknown) => {
        if (settled) return;
        if (isError instanceof Error) {
          entry.reject(rebrand(failure, 'connection_closed', `${method}: the browser connection closed (${isError.message})`));
          return;
        }
        this.lastInbound = performance.now();
        if (isError) {
          const message = (result as { message?: string } | undefined)?.message ?? 'the browser answered with an error';
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
    let handlers = this.listeners.get(event);
    if (!handlers) this.listeners.set(event, (handlers = new Set()));
    handlers.add(handler);
    this.client.on(event as never, handler as never);
  }

  /** @internal */
  removeListener(event: string, handler: (params: unknown) => void): void {
    const handlers = this.listeners.get(event);
    handlers?.delete(handler);
    if (handlers?.size === 0) this.listeners.delete(event);
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

  private attachClient(client: CDP.Client): void {
    client.on('disconnect', () => {
      // A socket this connection dropped itself (link down) is not the browser going away.
      if (client === this.client && this.state === 'up') this.markClosed('the browser connection closed');
    });
    client.on('event' as never, (() => {
      if (client === this.client) this.lastInbound = performance.now();
    }) as never);
    client.on('Target.detachedFromTarget' as never, ((params: { sessionId: string }) => {
      if (client === this.client) this.sessions.get(params.sessionId)?.markDetached('the target detached');
    }) as never);
  }

  private watchStalls(): void {
    if (!this.liveness || this.stallTimer) return;
    this.stallTimer = setInterval(() => this.checkStall(), STALL_MS / 4);
    this.stallTimer.unref?.();
  }

  private checkStall(): void {
    if (this.pending.size === 0 || this.state !== 'up') {
      if (this.stallTimer) clearInterval(this.stallTimer);
      this.stallTimer = null;
      return;
    }
    if (this.probing) return;
    const now = performance.now();
    // Silence for STALL_MS while a command waits that long (a reply already on its way when the link died may still arrive after the command went out).
    const stalled = now - this.lastInbound >= STALL_MS && [...this.pending].some((entry) => !entry.probe && now - entry.sentAt >= STALL_MS);
    if (!stalled) return;
    this.probing = true;
    const failure = new TransportError('timeout', '', 'Browser.getVersion');
    this.dispatch('Browser.getVersion', undefined, undefined, PROBE_TIMEOUT_MS, failure, true).then(
      () => {
        this.probing = false;
      },
      (error: unknown) => {
        this.probing = false;
        if (TransportError.isInstance(error) && error.failure === 'timeout' && this.state === 'up') {
          this.linkDown(`the link to the browser stopped answering (no reply to a liveness probe within ${PROBE_TIMEOUT_MS} ms); the socket was dropped, and the next call re-opens it`);
        }
      },
    );
  }

  /** Drops a socket that stopped answering; pending commands fail now, the next one reconnects. */
  private linkDown(reason: string): void {
    this.state = 'down';
    terminate(this.client);
    for (const entry of [...this.pending]) entry.reject(rebrand(entry.failure, 'timeout', `${entry.failure.method}: ${reason}`));
    for (const session of [...this.sessions.values()]) session.markDetached(reason);
  }

  private reconnect(): Promise<void> {
    this.reconnecting ??= (async () => {
      try {
        if (this.webSocketUrl === null) throw new TransportError('connection_closed', 'the link to the browser dropped, and this connection cannot re-open it; bind again', 'reconnect');
        let client: CDP.Client;
        try {
          client = await openClient(this.webSocketUrl, RECONNECT_TIMEOUT_MS, 'reconnect', undefined);
        } catch (error) {
          const message = TransportError.isInstance(error) ? error.message : String(error);
          throw new TransportError('timeout', `the link to the browser is still down (${message}); retry shortly, or bind again`, 'reconnect');
        }
        if (this.closedReason !== null) {
          terminate(client);
          throw new TransportError('connection_closed', this.closedReason, 'reconnect');
        }
        this.client = client;
        this.attachClient(client);
        for (const [event, handlers] of this.listeners) for (const handler of handlers) client.on(event as never, handler as never);
        this.state = 'up';
        this.lastInbound = performance.now();
        for (const listener of [...this.reconnectListeners]) listener();
      } finally {
        this.reconnecting = null;
      }
    })();
    return this.reconnecting;
  }

  private markClosed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    this.state = 'closed';
    for (const entry of [...this.pending]) entry.reject(rebrand(entry.failure, 'connection_closed', `${entry.failure.method}: ${reason}`));
    for (const session of [...this.sessions.values()]) session.markDetached(reason);
    for (const listener of [...this.closeListeners]) listener(reason);
  }
}

/**
 * The protocol descriptor the client is given: no domains. Issue 16: with its bundled descriptor
 * (`local: true`) chrome-remote-interface builds a method for every command and event of every
 * domain at each connect (~25–40 ms of CPU on the 2-core machine, while a just-started browser wants
 * both cores); this transport only calls `send(method, params, sessionId)` and listens by event
 * name, which need no descriptor — and with one given, nothing is fetched from the browser either.
 */
const NO_DOMAINS: CDP.Protocol = { version: { major: '1', minor: '3' }, domains: [] };

/** Opens a chrome-remote-interface client within `ms`; one that opens too late is closed. */
async function openClient(webSocketUrl: string, ms: number, method: string, signal: AbortSignal | undefined): Promise<CDP.Client> {
  if (signal?.aborted) throw cancelledError('connecting to the browser');
  const opening = CDP({ target: webSocketUrl, protocol: NO_DOMAINS });
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      opening,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransportError('timeout', `opening the DevTools WebSocket ${redactUrl(webSocketUrl)} timed out after ${ms} ms`, method)), ms);
        onAbort = () => reject(cancelledError('connecting to the browser'));
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } catch (error) {
    void opening.then(terminate, () => undefined);
    if (TransportError.isInstance(error)) throw error;
    throw new TransportError('connection_closed', `could not open the DevTools WebSocket ${redactUrl(webSocketUrl)}: ${(error as Error).message}`, method);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** Drops a socket at once (a close handshake would wait on a dead link). */
function terminate(client: CDP.Client): void {
  const ws = (client as unknown as { _ws?: { terminate?: () => void } })._ws;
  if (ws?.terminate) ws.terminate();
  else void client.close().catch(() => undefined);
}

function rebrand(error: TransportError, failure: TransportError['failure'], message: string): TransportError {
  (error as { failure: TransportError['failure'] }).failure = failure;
  error.message = message;
  return error;
}

/** A DevTools URL without its browser id and query (a farm's token never reaches a message). */
export function redactUrl(url: string): string {
  return url.replace(/\?.*$/, '?…').replace(/\/devtools\/.*$/, '/devtools/…');
}

function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}
