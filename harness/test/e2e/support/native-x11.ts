import x11, { type X11Client, type X11Event, type X11Xtest } from 'x11';
import { TEST_X11_TIMEOUT_MS, isolateAtomCache } from '@sightline/platform-linux/testing';

/**
 * A test-side X11 client for the native rows: promise-returning requests with a timeout, a
 * sentinel window of our own that counts the input events it receives, EWMH activation and XTEST
 * (real, server-generated input) for the canary that proves the sentinel can see what it guards
 * against. Only the test uses this; Sightline itself reads the display through platform-linux.
 */

// Generous: the display is live, only the machine may be busy (issue 17).
const TIMEOUT_MS = TEST_X11_TIMEOUT_MS;
const XA_CARDINAL = 6;
const XA_STRING = 31;
const XA_WINDOW = 33;
const XA_WM_NAME = 39;
const XA_WM_CLASS = 67;
const XA_WM_NORMAL_HINTS = 40;
const XA_WM_SIZE_HINTS = 41;

/** Core event codes (X11 protocol, chapter 11). */
export const X_EVENT = { KeyPress: 2, KeyRelease: 3, ButtonPress: 4, ButtonRelease: 5, MotionNotify: 6, FocusIn: 9, FocusOut: 10 } as const;

export class XClient {
  private readonly atoms = new Map<string, number>();
  private closed = false;

  private constructor(
    readonly client: X11Client,
    readonly root: number,
    readonly whitePixel: number,
  ) {
    client.on('error', () => undefined);
    client.on('end', () => {
      this.closed = true;
    });
  }

  static open(display: string): Promise<XClient> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`X display ${display} did not answer`)), TIMEOUT_MS);
      const client = x11.createClient({ display, disableBigRequests: true }, (error, info) => {
        clearTimeout(timer);
        const screen = info?.screen[0];
        if (error || !info || !screen) {
          try {
            client.stream.destroy();
          } catch {
            // never connected
          }
          reject(new Error(`cannot open X display ${display}: ${error?.message ?? 'no screen'}`));
          return;
        }
        // Atom ids are per server; the library would otherwise share them across displays.
        isolateAtomCache(info.client as unknown as Parameters<typeof isolateAtomCache>[0]);
        resolve(new XClient(info.client, screen.root, screen.white_pixel));
      });
      client.on('error', () => undefined);
    });
  }

  /** One request with a reply (node-style callback as its last argument), bounded by a timeout. */
  call<T>(what: string, issue: (callback: (error: Error | null | undefined, result: T) => boolean) => void): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`X connection closed before ${what}`));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`X server did not answer ${what}`)), TIMEOUT_MS);
      issue((error, result) => {
        clearTimeout(timer);
        if (error) reject(new Error(`${what}: ${error.message || 'X error'}`));
        else resolve(result);
        return true;
      });
    });
  }

  /** Round trip: everything issued before has been processed by the server. */
  async sync(what = 'sync'): Promise<void> {
    await this.call(what, (cb) => this.client.GetInputFocus(cb));
  }

  async atom(name: string): Promise<number> {
    const known = this.atoms.get(name);
    if (known !== undefined) return known;
    const value = await this.call<number>(`InternAtom ${name}`, (cb) => this.client.InternAtom(false, name, cb));
    this.atoms.set(name, value);
    return value;
  }

  async inputFocus(): Promise<number> {
    return (await this.call<{ focus: number }>('GetInputFocus', (cb) => this.client.GetInputFocus(cb))).focus;
  }

  async pointer(): Promise<{ x: number; y: number }> {
    const at = await this.call<{ rootX: number; rootY: number }>('QueryPointer', (cb) => this.client.QueryPointer(this.root, cb));
    return { x: at.rootX, y: at.rootY };
  }

  async activeWindow(): Promise<number | null> {
    const atom = await this.atom('_NET_ACTIVE_WINDOW');
    const prop = await this.call<{ type: number; data: Buffer }>('GetProperty _NET_ACTIVE_WINDOW', (cb) => this.client.GetProperty(0, this.root, atom, XA_WINDOW, 0, 1, cb));
    return prop.type === 0 || prop.data.length < 4 ? null : prop.data.readUInt32LE(0) || null;
  }

  /** Asks the window manager to activate (raise and focus) `window`, as a pager would (EWMH). */
  async activate(window: number): Promise<void> {
    const type = await this.atom('_NET_ACTIVE_WINDOW');
    const event = Buffer.alloc(32);
    event.writeUInt8(33, 0); // ClientMessage
    event.writeUInt8(32, 1); // format
    event.writeUInt32LE(window, 4);
    event.writeUInt32LE(type, 8);
    event.writeUInt32LE(2, 12); // source indication: pager
    event.writeUInt32LE(0, 16); // CurrentTime
    const substructureRedirectAndNotify = 0x00100000 | 0x00080000;
    this.client.SendEvent(this.root, 0, substructureRedirectAndNotify, event);
    await this.sync('SendEvent _NET_ACTIVE_WINDOW');
  }

  async warpPointer(x: number, y: number): Promise<void> {
    this.client.WarpPointer(0, this.root, 0, 0, 0, 0, x, y);
    await this.sync('WarpPointer');
  }

  private xtestExtension: Promise<X11Xtest> | null = null;

  private xtest(): Promise<X11Xtest> {
    this.xtestExtension ??= new Promise((resolve, reject) => {
      this.client.require('xtest', (error, ext) => (error ? reject(error) : resolve(ext)));
    });
    return this.xtestExtension;
  }

  /** A real key press and release, generated by the server (XTEST), delivered to the focus window. */
  async fakeKey(keycode: number): Promise<void> {
    const xtest = await this.xtest();
    xtest.FakeInput(xtest.KeyPress, keycode, 0, this.root, 0, 0);
    xtest.FakeInput(xtest.KeyRelease, keycode, 0, this.root, 0, 0);
    await this.sync('XTEST key');
  }

  /** A real button-1 click at the pointer's position (XTEST). */
  async fakeClick(): Promise<void> {
    const xtest = await this.xtest();
    xtest.FakeInput(xtest.ButtonPress, 1, 0, this.root, 0, 0);
    xtest.FakeInput(xtest.ButtonRelease, 1, 0, this.root, 0, 0);
    await this.sync('XTEST click');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.client.terminate();
    } catch {
      // already ended
    }
    try {
      this.client.stream.destroy();
    } catch {
      // already destroyed
    }
  }
}

/**
 * A top-level window owned by this test process that selects key, button and focus events and
 * counts what it receives. It lives as long as its own connection.
 */
export class SentinelWindow {
  readonly counts = new Map<number, number>();

  private constructor(
    readonly x: XClient,
    readonly id: number,
    readonly bounds: { x: number; y: number; width: number; height: number },
  ) {
    x.client.on('event', (event: X11Event) => {
      const window = event.wid ?? event.event;
      if (window !== undefined && window !== id) return;
      this.counts.set(event.type, (this.counts.get(event.type) ?? 0) + 1);
    });
  }

  /** `pid` and `wmClass` default to this process and "SightlineSentinel" (an impostor row passes others). */
  static async create(
    display: string,
    title: string,
    bounds: { x: number; y: number; width: number; height: number },
    claims: { pid?: number; wmClass?: string } = {},
  ): Promise<SentinelWindow> {
    const x = await XClient.open(display);
    try {
      const id = x.client.AllocID();
      const mask = x11.eventMask;
      const eventMask =
        (mask.KeyPress ?? 0) | (mask.KeyRelease ?? 0) | (mask.ButtonPress ?? 0) | (mask.ButtonRelease ?? 0) | (mask.FocusChange ?? 0) | (mask.StructureNotify ?? 0);
      x.client.CreateWindow(id, x.root, bounds.x, bounds.y, bounds.width, bounds.height, 0, 0, 0, 0, { backgroundPixel: x.whitePixel, eventMask });
      const utf8 = await x.atom('UTF8_STRING');
      const netWmName = await x.atom('_NET_WM_NAME');
      const netWmPid = await x.atom('_NET_WM_PID');
      const pid = Buffer.alloc(4);
      pid.writeUInt32LE(claims.pid ?? process.pid, 0);
      x.client.ChangeProperty(0, id, netWmName, utf8, 8, Buffer.from(title, 'utf8'));
      x.client.ChangeProperty(0, id, XA_WM_NAME, XA_STRING, 8, Buffer.from(title, 'latin1'));
      x.client.ChangeProperty(0, id, XA_WM_CLASS, XA_STRING, 8, Buffer.from(`sentinel\0${claims.wmClass ?? 'SightlineSentinel'}\0`, 'latin1'));
      x.client.ChangeProperty(0, id, netWmPid, XA_CARDINAL, 32, pid);
      // WM_NORMAL_HINTS with USPosition|USSize|PPosition|PSize, so the window manager keeps the place asked for.
      const hints = Buffer.alloc(18 * 4);
      hints.writeUInt32LE(1 | 2 | 4 | 8, 0);
      hints.writeInt32LE(bounds.x, 4);
      hints.writeInt32LE(bounds.y, 8);
      hints.writeInt32LE(bounds.width, 12);
      hints.writeInt32LE(bounds.height, 16);
      x.client.ChangeProperty(0, id, XA_WM_NORMAL_HINTS, XA_WM_SIZE_HINTS, 32, hints);
      x.client.MapWindow(id);
      await x.sync('create the sentinel window');
      return new SentinelWindow(x, id, bounds);
    } catch (error) {
      x.close();
      throw error;
    }
  }

  count(type: number): number {
    return this.counts.get(type) ?? 0;
  }

  /** Counts of the events the background row must never cause. */
  inputCounts(): Record<'KeyPress' | 'KeyRelease' | 'ButtonPress' | 'ButtonRelease' | 'FocusIn' | 'FocusOut', number> {
    return {
      KeyPress: this.count(X_EVENT.KeyPress),
      KeyRelease: this.count(X_EVENT.KeyRelease),
      ButtonPress: this.count(X_EVENT.ButtonPress),
      ButtonRelease: this.count(X_EVENT.ButtonRelease),
      FocusIn: this.count(X_EVENT.FocusIn),
      FocusOut: this.count(X_EVENT.FocusOut),
    };
  }

  resetCounts(): void {
    this.counts.clear();
  }

  close(): void {
    this.x.close();
  }
}
