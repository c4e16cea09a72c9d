/** Minimal typing for the untyped pure-JS `x11` client (v2.x): only what this package (and its test support) calls. */
declare module 'x11' {
  import type { EventEmitter } from 'node:events';

  export type X11Callback<T> = (error: Error | undefined | null, result: T) => unknown;

  export interface X11Screen {
    root: number;
    width_in_pixels: number;
    height_in_pixels: number;
    root_depth: number;
    white_pixel: number;
    black_pixel: number;
  }

  export interface X11Display {
    client: X11Client;
    screen: X11Screen[];
  }

  export interface X11Property {
    type: number;
    bytesAfter: number;
    data: Buffer;
  }

  export interface X11Geometry {
    windowid: number;
    xPos: number;
    yPos: number;
    width: number;
    height: number;
    borderWidth: number;
    depth: number;
  }

  /** An event as the client emits it (`'event'`); `wid` or `event` names the window. */
  export interface X11Event {
    type: number;
    name?: string;
    wid?: number;
    event?: number;
  }

  /** The XTEST extension (`client.require('xtest', …)`): server-generated input for tests. */
  export interface X11Xtest {
    KeyPress: number;
    KeyRelease: number;
    ButtonPress: number;
    ButtonRelease: number;
    MotionNotify: number;
    FakeInput(type: number, detail: number, time: number, window: number, x: number, y: number): void;
  }

  export interface X11Client extends EventEmitter {
    display: X11Display;
    /** Atom ids by name and names by id; the library starts every client on one shared object. */
    atoms: Record<string, number>;
    atom_names: Record<number, string>;
    stream: { end(): void; destroy(): void };
    AllocID(): number;
    terminate(): void;
    require(extension: 'xtest', callback: X11Callback<X11Xtest>): void;
    InternAtom(onlyIfExists: boolean, name: string, callback: X11Callback<number>): void;
    GetProperty(
      del: number,
      window: number,
      property: number,
      type: number,
      longOffset: number,
      longLength: number,
      callback: X11Callback<X11Property>,
    ): void;
    ChangeProperty(mode: number, window: number, property: number, type: number, units: 8 | 16 | 32, data: Buffer | string): void;
    QueryTree(window: number, callback: X11Callback<{ root: number; parent: number; children: number[] }>): void;
    GetGeometry(drawable: number, callback: X11Callback<X11Geometry>): void;
    TranslateCoordinates(
      source: number,
      destination: number,
      x: number,
      y: number,
      callback: X11Callback<{ child: number; destX: number; destY: number }>,
    ): void;
    GetWindowAttributes(window: number, callback: X11Callback<{ mapState: number; klass: number; overrideRedirect: number }>): void;
    GetInputFocus(callback: X11Callback<{ focus: number; revertTo: number }>): void;
    QueryPointer(window: number, callback: X11Callback<{ root: number; child: number; rootX: number; rootY: number }>): void;
    CreateWindow(
      id: number,
      parent: number,
      x: number,
      y: number,
      width: number,
      height: number,
      borderWidth: number,
      depth: number,
      windowClass: number,
      visual: number,
      values: Record<string, number>,
    ): void;
    MapWindow(window: number): void;
    DestroyWindow(window: number): void;
    RaiseWindow(window: number): void;
    SetInputFocus(window: number, revertTo: number): void;
    WarpPointer(sourceWindow: number, destinationWindow: number, sourceX: number, sourceY: number, sourceWidth: number, sourceHeight: number, x: number, y: number): void;
    SendEvent(destination: number, propagate: number, eventMask: number, raw: Buffer): void;
  }

  export function createClient(options: { display?: string; disableBigRequests?: boolean }, callback: X11Callback<X11Display>): X11Client;

  export const eventMask: Record<string, number>;
  const x11: { createClient: typeof createClient; eventMask: Record<string, number> };
  export default x11;
}
