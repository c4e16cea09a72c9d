import type { NativeWindow } from '@sightline/semantic-core';

/**
 * The slice of `node-window-manager` the desktop platforms use, and its guarded loader. The module is an
 * optional native dependency: when it is missing or fails to load, windows are unavailable but the
 * socket/process parts of the platform still work.
 */
export interface WindowManagerWindow {
  id: number;
  processId: number;
  path: string;
  getTitle(): string;
  getBounds(): { x?: number; y?: number; width?: number; height?: number };
  isVisible?(): boolean;
  isWindow?(): boolean;
}

export interface WindowManagerLike {
  getWindows(): WindowManagerWindow[];
  getActiveWindow(): WindowManagerWindow | undefined;
  requestAccessibility?(): boolean;
}

export type WindowManagerLoader = () => Promise<WindowManagerLike | { unavailable: string }>;

export const loadNodeWindowManager: WindowManagerLoader = async () => {
  const specifier = 'node-window-manager';
  try {
    const module = (await import(specifier)) as { windowManager?: WindowManagerLike; default?: { windowManager?: WindowManagerLike } };
    const manager = module.windowManager ?? module.default?.windowManager;
    if (!manager) return { unavailable: 'node-window-manager loaded but exports no windowManager' };
    return manager;
  } catch (error) {
    return { unavailable: `node-window-manager is not installed or failed to load (${(error as Error).message.split('\n')[0]})` };
  }
};

function executableName(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  return base.replace(/\.exe$/i, '');
}

/**
 * Converts the enumeration into NativeWindows: keeps visible windows with a real size and owner,
 * never merges windows (several same-size windows of one pid stay distinct by id).
 */
export function toNativeWindows(windows: WindowManagerWindow[], appName: (path: string) => string = executableName): NativeWindow[] {
  const result: NativeWindow[] = [];
  const seen = new Set<number>();
  for (const window of windows) {
    if (seen.has(window.id) || !(window.processId > 0)) continue;
    if (window.isWindow && !window.isWindow()) continue;
    if (window.isVisible && !window.isVisible()) continue;
    const bounds = window.getBounds();
    const width = bounds.width ?? 0;
    const height = bounds.height ?? 0;
    if (width <= 0 || height <= 0) continue;
    let title = '';
    try {
      title = window.getTitle() ?? '';
    } catch {
      // macOS needs the Screen Recording permission for titles, and on Windows a window may close
      // between enumeration and the title query: either way the window is still listed
    }
    seen.add(window.id);
    result.push({
      pid: window.processId,
      windowId: window.id,
      title,
      bounds: { x: bounds.x ?? 0, y: bounds.y ?? 0, width, height },
      app: appName(window.path ?? ''),
    });
  }
  return result;
}
