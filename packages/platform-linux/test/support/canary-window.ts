import { X11Connection, XA } from '../../src/x11-connection.js';
import { TEST_X11_TIMEOUT_MS } from '../../src/testing/index.js';

/**
 * A small X window of our own, kept alive by its own connection (X destroys a client's windows
 * when the client disconnects). Used to prove the sentinels notice a raise/focus change.
 */
export class CanaryWindow {
  private constructor(
    private readonly connection: X11Connection,
    readonly id: number,
  ) {}

  static async create(display: string, title: string): Promise<CanaryWindow> {
    const connection = await X11Connection.open(display, TEST_X11_TIMEOUT_MS);
    const id = connection.client.AllocID();
    const screen = connection.client.display.screen[0];
    await connection.send('CreateWindow', () =>
      connection.client.CreateWindow(id, connection.root, 1000, 600, 160, 120, 0, 0, 0, 0, {
        backgroundPixel: screen?.white_pixel ?? 0,
      }),
    );
    const utf8 = await connection.atom('UTF8_STRING');
    const netWmName = await connection.atom('_NET_WM_NAME');
    const netWmPid = await connection.atom('_NET_WM_PID');
    const pid = Buffer.alloc(4);
    pid.writeUInt32LE(process.pid, 0);
    await connection.send('ChangeProperty', () => {
      connection.client.ChangeProperty(0, id, netWmName, utf8, 8, Buffer.from(title, 'utf8'));
      connection.client.ChangeProperty(0, id, XA.WM_NAME, XA.STRING, 8, Buffer.from(title, 'latin1'));
      connection.client.ChangeProperty(0, id, XA.WM_CLASS, XA.STRING, 8, Buffer.from('canary\0SightlineCanary\0', 'latin1'));
      connection.client.ChangeProperty(0, id, netWmPid, XA.CARDINAL, 32, pid);
    });
    await connection.send('MapWindow', () => connection.client.MapWindow(id));
    return new CanaryWindow(connection, id);
  }

  /** Asks the window manager to activate (raise and focus) `window`, as a pager would (EWMH). */
  async activate(window: number = this.id): Promise<void> {
    const type = await this.connection.atom('_NET_ACTIVE_WINDOW');
    const event = Buffer.alloc(32);
    event.writeUInt8(33, 0); // ClientMessage
    event.writeUInt8(32, 1); // format
    event.writeUInt32LE(window, 4);
    event.writeUInt32LE(type, 8);
    event.writeUInt32LE(2, 12); // source indication: pager
    event.writeUInt32LE(0, 16); // CurrentTime
    const substructureRedirectAndNotify = 0x00100000 | 0x00080000;
    await this.connection.send('SendEvent _NET_ACTIVE_WINDOW', () =>
      this.connection.client.SendEvent(this.connection.root, 0, substructureRedirectAndNotify, event),
    );
  }

  async warpPointer(x: number, y: number): Promise<void> {
    await this.connection.send('WarpPointer', () => this.connection.client.WarpPointer(0, this.connection.root, 0, 0, 0, 0, x, y));
  }

  close(): void {
    this.connection.close();
  }
}
