/** Minimal typing for the untyped pure-JS `x11` client (v2.x): only what the native E2E rows call. */
declare module 'x11' {
  import type { EventEmitter } from 'node:events';

  export type X11Callback<T> = (error: Error | undefined | null, result: T) => unknown;

  export interface X11Screen {
    root: number;
    white_pixel: number;
    black_pixel: number;
  }

  export interface X11Display {
    client: X11Client;
    screen: X11Screen[];
  }

  export interface X11Property {
    type: number;
    data: Buffer;
  }

  export interface X11Event {
    type: number;
    name?: string;
    wid?: number;
    event?: number;
  }

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
    stream: { destroy(): void };
    AllocID(): number;
    terminate(): void;
    require(extension: 'xtest', callback: X11Callback<X11Xtest>): void;
    InternAtom(onlyIfExists: boolean, name: string, callback: X11Callback<number>): void;
    GetProperty(del: number, window: number, property: number, type: number, offset: number, length: number, callback: X11Callback<X11Property>): void;
    ChangeProperty(mode: number, window: number, property: number, type: number, units: 8 | 16 | 32, data: Buffer): void;
    CreateWindow(id: number, parent: number, x: number, y: number, width: number, height: number, borderWidth: number, depth: number, windowClass: number, visual: number, values: Record<string, number>): void;
    MapWindow(window: number): void;
    DestroyWindow(window: number): void;
    RaiseWindow(window: number): void;
    GetInputFocus(callback: X11Callback<{ focus: number; revertTo: number }>): void;
    QueryPointer(window: number, callback: X11Callback<{ root: number; child: number; rootX: number; rootY: number }>): void;
    WarpPointer(sourceWindow: number, destinationWindow: number, sourceX: number, sourceY: number, sourceWidth: number, sourceHeight: number, x: number, y: number): void;
    SendEvent(destination: number, propagate: number, eventMask: number, raw: Buffer): void;
  }

  export function createClient(options: { display?: string; disableBigRequests?: boolean }, callback: X11Callback<X11Display>): X11Client;

  export const eventMask: Record<string, number>;
  const x11: { createClient: typeof createClient; eventMask: Record<string, number> };
  export default x11;
}
