import x11, { type X11Client, type X11Property } from 'x11';

/**
 * A short-lived connection to the X server with promise-returning requests. Every request has a
 * timeout (an X server that stops answering must not hang the caller) and `close()` always ends
 * the socket. X errors for one request (e.g. BadWindow when a window vanished) reject that request
 * only; they never surface as an unhandled `error` event.
 */
export const DEFAULT_X11_TIMEOUT_MS = 3000;

/** One handshake attempt's limit within a longer timeout (see `X11Connection.open`). */
const HANDSHAKE_ATTEMPT_MS = 5000;

/** Predefined atoms of the core protocol (X11 spec, Appendix B). */
export const XA = { ATOM: 4, CARDINAL: 6, STRING: 31, WINDOW: 33, WM_CLASS: 67, WM_NAME: 39 } as const;
export const ANY_PROPERTY_TYPE = 0;

export class X11TimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`X server did not answer ${what} within ${timeoutMs} ms`);
    this.name = 'X11TimeoutError';
  }
}

export class X11Connection {
  private readonly atoms = new Map<string, number>();
  private closed = false;
  private lastError: Error | null = null;

  private constructor(
    readonly client: X11Client,
    readonly root: number,
    readonly timeoutMs: number,
  ) {
    client.on('error', (error: Error) => {
      this.lastError = error;
    });
    client.on('end', () => {
      this.closed = true;
    });
  }

  /**
   * Connects and completes the X handshake within `timeoutMs`. A handshake that gets no answer is
   * retried on a fresh socket every `HANDSHAKE_ATTEMPT_MS` until then: with a busy headful Chromium
   * on another display of the same machine, about one connection attempt in four to a second Xvfb
   * saw no answer at all while the next one answered in ~15 ms.
   */
  static async open(display: string, timeoutMs = DEFAULT_X11_TIMEOUT_MS): Promise<X11Connection> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const attemptMs = Math.min(HANDSHAKE_ATTEMPT_MS, Math.max(1, deadline - Date.now()));
      try {
        return await X11Connection.openOnce(display, attemptMs);
      } catch (error) {
        if (!(error instanceof X11TimeoutError) || Date.now() >= deadline) {
          throw error instanceof X11TimeoutError ? new X11TimeoutError(`the connection handshake on ${display}`, timeoutMs) : error;
        }
      }
    }
  }

  private static openOnce(display: string, timeoutMs: number): Promise<X11Connection> {
    return new Promise((resolve, reject) => {
      let settled = false;
      let client: X11Client | undefined;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        try {
          client?.stream?.destroy();
        } catch {
          // already gone
        }
        reject(new X11TimeoutError(`the connection handshake on ${display}`, timeoutMs));
      }, timeoutMs);
      try {
        client = x11.createClient({ display, disableBigRequests: true }, (error, displayInfo) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error || !displayInfo) {
            try {
              client?.stream?.destroy();
            } catch {
              // already gone
            }
            reject(new Error(`cannot connect to X display ${display}: ${error?.message ?? 'no display'}`));
            return;
          }
          const screen = displayInfo.screen[0];
          if (!screen) {
            client?.stream.destroy();
            reject(new Error(`X display ${display} reports no screen`));
            return;
          }
          isolateAtomCache(displayInfo.client);
          resolve(new X11Connection(displayInfo.client, screen.root, timeoutMs));
        });
        // Errors before the handshake completes go to the callback; swallow duplicates.
        client.on('error', () => undefined);
      } catch (error) {
        settled = true;
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Runs one request whose last argument is a node-style callback, with the timeout. */
  call<T>(what: string, issue: (callback: (error: Error | null | undefined, result: T) => boolean) => void): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`X connection closed before ${what}`));
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        reject(new X11TimeoutError(what, this.timeoutMs));
      }, this.timeoutMs);
      issue((error, result) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          if (error) reject(Object.assign(new Error(`${what}: ${error.message || 'X error'}`), { cause: error }));
          else resolve(result);
        }
        // Returning true marks an X error as handled so the client does not emit 'error'.
        return true;
      });
    });
  }

  async atom(name: string): Promise<number> {
    const known = this.atoms.get(name);
    if (known !== undefined) return known;
    const value = await this.call<number>(`InternAtom ${name}`, (cb) => this.client.InternAtom(false, name, cb));
    this.atoms.set(name, value);
    return value;
  }

  /** Reads a whole property (up to 1 MiB); null when the window has no such property. */
  async property(window: number, name: string | number, type: number = ANY_PROPERTY_TYPE): Promise<X11Property | null> {
    const atom = typeof name === 'number' ? name : await this.atom(name);
    const prop = await this.call<X11Property>(`GetProperty ${name} of 0x${window.toString(16)}`, (cb) =>
      this.client.GetProperty(0, window, atom, type, 0, 262144, cb),
    );
    return prop.type === 0 ? null : prop;
  }

  /** Issues a request that has no reply, then round-trips so that errors and ordering are observed. */
  async send(what: string, issue: () => void): Promise<void> {
    issue();
    await this.sync(what);
  }

  /** A cheap request with a reply: everything issued before it has been processed by the server. */
  async sync(what = 'sync'): Promise<void> {
    await this.call(`${what} (GetInputFocus round trip)`, (cb) => this.client.GetInputFocus(cb));
  }

  get error(): Error | null {
    return this.lastError;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.client.terminate();
    } catch {
      // socket already ended
    }
    try {
      this.client.stream.destroy();
    } catch {
      // socket already destroyed
    }
  }

  /** Opens a connection, runs `work`, and always closes. */
  static async with<T>(display: string, timeoutMs: number, work: (connection: X11Connection) => Promise<T>): Promise<T> {
    const connection = await X11Connection.open(display, timeoutMs);
    try {
      return await work(connection);
    } finally {
      connection.close();
    }
  }
}

/** The highest of the atoms the X protocol predefines (XA_PRIMARY = 1 … XA_WM_TRANSIENT_FOR = 68). */
const LAST_PREDEFINED_ATOM = 68;

/**
 * Gives `client` atom tables of its own. The x11 library starts every client on one module-wide
 * table and adds each interned atom to it, so a second X server (another display, or the same
 * display after a restart) would be sent the first server's atom ids: `Bad atom` at best, another
 * property's value at worst. Only the predefined atoms, the same on every server, are kept.
 */
export function isolateAtomCache(client: X11Client): void {
  const atoms: Record<string, number> = {};
  const names: Record<number, string> = {};
  for (const [name, id] of Object.entries(client.atoms)) {
    if (id >= 1 && id <= LAST_PREDEFINED_ATOM) {
      atoms[name] = id;
      names[id] = name;
    }
  }
  client.atoms = atoms;
  client.atom_names = names;
}
