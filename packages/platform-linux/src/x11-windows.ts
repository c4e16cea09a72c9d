import type { NativeWindow, PlatformSentinels } from '@sightline/semantic-core';
import { XA, type X11Connection } from './x11-connection.js';
import { decodeCardinal, decodeCardinalList, decodeFrameExtents, decodeLatin1, decodeUtf8, decodeWmClass } from './x11-properties.js';

/**
 * Reads top-level windows and focus state over one X11 connection (EWMH where a window manager
 * provides it, the core protocol otherwise).
 */

const MAP_STATE_VIEWABLE = 2;
const INPUT_OUTPUT = 1;

async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

/** `_NET_CLIENT_LIST` of the root, or null when no EWMH window manager maintains it. */
export async function clientList(connection: X11Connection, name = '_NET_CLIENT_LIST'): Promise<number[] | null> {
  const prop = await optional(connection.property(connection.root, name));
  return prop ? decodeCardinalList(prop.data) : null;
}

/**
 * Without a window manager: mapped InputOutput children of the root, in QueryTree's order
 * (bottom to top). A child without WM_NAME may be a frame: its named descendant is used instead.
 */
export async function walkTopLevelWindows(connection: X11Connection): Promise<number[]> {
  const tree = await connection.call<{ children: number[] }>('QueryTree root', (cb) =>
    connection.client.QueryTree(connection.root, cb),
  );
  const windows: number[] = [];
  for (const child of tree.children) {
    const attributes = await optional(
      connection.call<{ mapState: number; klass: number }>('GetWindowAttributes', (cb) =>
        connection.client.GetWindowAttributes(child, cb),
      ),
    );
    if (!attributes || attributes.mapState !== MAP_STATE_VIEWABLE || attributes.klass !== INPUT_OUTPUT) continue;
    windows.push((await findClientWindow(connection, child, 2)) ?? child);
  }
  return windows;
}

async function hasProperty(connection: X11Connection, window: number, name: string | number): Promise<boolean> {
  return (await optional(connection.property(window, name))) !== null;
}

/** The window itself or the first descendant (up to `depth` levels) that carries WM_STATE or WM_NAME. */
async function findClientWindow(connection: X11Connection, window: number, depth: number): Promise<number | null> {
  if ((await hasProperty(connection, window, 'WM_STATE')) || (await hasProperty(connection, window, XA.WM_NAME))) return window;
  if (depth === 0) return null;
  const tree = await optional(
    connection.call<{ children: number[] }>('QueryTree', (cb) => connection.client.QueryTree(window, cb)),
  );
  for (const child of tree?.children ?? []) {
    const found = await findClientWindow(connection, child, depth - 1);
    if (found !== null) return found;
  }
  return null;
}

export async function windowTitle(connection: X11Connection, window: number): Promise<string> {
  const utf8 = await optional(connection.property(window, '_NET_WM_NAME'));
  if (utf8 && utf8.data.length > 0) return decodeUtf8(utf8.data);
  const legacy = await optional(connection.property(window, XA.WM_NAME));
  return legacy ? decodeLatin1(legacy.data) : '';
}

export async function windowPid(connection: X11Connection, window: number): Promise<number | null> {
  const prop = await optional(connection.property(window, '_NET_WM_PID', XA.CARDINAL));
  return prop ? decodeCardinal(prop.data) : null;
}

export async function windowClass(connection: X11Connection, window: number): Promise<string | null> {
  const prop = await optional(connection.property(window, XA.WM_CLASS, XA.STRING));
  const decoded = prop ? decodeWmClass(prop.data) : null;
  return decoded ? decoded.className || decoded.instance : null;
}

/**
 * Outer bounds in root coordinates: the client area (GetGeometry + TranslateCoordinates to the
 * root) grown by `_NET_FRAME_EXTENTS` when the window manager draws a frame around it.
 */
export async function windowBounds(connection: X11Connection, window: number): Promise<NativeWindow['bounds'] | null> {
  const geometry = await optional(
    connection.call<{ width: number; height: number; borderWidth: number }>('GetGeometry', (cb) =>
      connection.client.GetGeometry(window, cb),
    ),
  );
  if (!geometry) return null;
  const origin = await optional(
    connection.call<{ destX: number; destY: number }>('TranslateCoordinates', (cb) =>
      connection.client.TranslateCoordinates(window, connection.root, 0, 0, cb),
    ),
  );
  if (!origin) return null;
  const extentsProp = await optional(connection.property(window, '_NET_FRAME_EXTENTS', XA.CARDINAL));
  const extents = extentsProp ? decodeFrameExtents(extentsProp.data) : null;
  const left = extents?.left ?? 0;
  const top = extents?.top ?? 0;
  return {
    x: origin.destX - left,
    y: origin.destY - top,
    width: geometry.width + left + (extents?.right ?? 0),
    height: geometry.height + top + (extents?.bottom ?? 0),
  };
}

export interface RawWindow {
  windowId: number;
  pid: number | null;
  title: string;
  bounds: NativeWindow['bounds'];
  wmClass: string | null;
}

export async function describeWindow(connection: X11Connection, window: number): Promise<RawWindow | null> {
  const bounds = await windowBounds(connection, window);
  if (!bounds) return null; // vanished while we looked
  const [pid, title, wmClass] = await Promise.all([
    windowPid(connection, window),
    windowTitle(connection, window),
    windowClass(connection, window),
  ]);
  return { windowId: window, pid, title, bounds, wmClass };
}

/** Top-level client windows: `_NET_CLIENT_LIST` (mapping order), else the root's mapped children. */
export async function topLevelWindows(connection: X11Connection): Promise<number[]> {
  return (await clientList(connection)) ?? walkTopLevelWindows(connection);
}

/** Top-level client windows bottom to top: `_NET_CLIENT_LIST_STACKING`, else QueryTree order. */
export async function stackingOrder(connection: X11Connection): Promise<number[]> {
  return (await clientList(connection, '_NET_CLIENT_LIST_STACKING')) ?? walkTopLevelWindows(connection);
}

export async function readSentinels(connection: X11Connection): Promise<PlatformSentinels> {
  const active = await optional(connection.property(connection.root, '_NET_ACTIVE_WINDOW', XA.WINDOW));
  const activeWindow = active ? decodeCardinal(active.data) : null;
  const focus = await optional(
    connection.call<{ focus: number }>('GetInputFocus', (cb) => connection.client.GetInputFocus(cb)),
  );
  const pointer = await optional(
    connection.call<{ rootX: number; rootY: number }>('QueryPointer', (cb) => connection.client.QueryPointer(connection.root, cb)),
  );
  // Focus values 0 (None) and 1 (PointerRoot) name no window.
  const inputFocus = focus && focus.focus > 1 ? focus.focus : null;
  return {
    foregroundWindow: activeWindow && activeWindow !== 0 ? activeWindow : null,
    pointer: pointer ? { x: pointer.rootX, y: pointer.rootY } : null,
    inputFocus,
  };
}
