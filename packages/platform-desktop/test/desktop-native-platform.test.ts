import { describe, expect, it } from 'vitest';
import type { DevToolsActivePort, ListeningEndpoint, ProcessFingerprint } from '@sightline/semantic-core';
import {
  DesktopNativePlatform,
  loadNodeWindowManager,
  toNativeWindows,
  type DesktopPlatformOptions,
  type WindowManagerLike,
  type WindowManagerWindow,
} from '../src/index.js';

class TestPlatform extends DesktopNativePlatform {
  constructor(options: DesktopPlatformOptions = {}) {
    super({ packageName: 'platform-test', servesPlatform: 'darwin', osName: 'TestOS', commandTimeoutMs: 1000 }, options);
  }
  async listeningEndpoints(): Promise<ListeningEndpoint[]> {
    return [];
  }
  async fingerprint(): Promise<ProcessFingerprint | null> {
    return null;
  }
  async devToolsActivePort(): Promise<DevToolsActivePort | null> {
    return null;
  }
}

function fakeWindow(id: number, pid: number, title: string, bounds = { x: 0, y: 25, width: 1200, height: 800 }, visible = true): WindowManagerWindow {
  return { id, processId: pid, path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', getTitle: () => title, getBounds: () => bounds, isVisible: () => visible };
}

const noManager = async () => ({ unavailable: 'node-window-manager is not installed or failed to load (test)' });

describe('DesktopNativePlatform', () => {
  it('lists windows front to back and reports the stacking order bottom to top, with the foreground sentinel', async () => {
    const front = fakeWindow(11, 40, 'Front');
    const back = fakeWindow(12, 40, 'Back');
    let loads = 0;
    const manager: WindowManagerLike = { getWindows: () => [front, back], getActiveWindow: () => front };
    const platform = new TestPlatform({
      platform: 'darwin',
      loadWindowManager: async () => {
        loads += 1;
        return manager;
      },
    });
    expect((await platform.listWindows()).map((window) => window.windowId)).toEqual([11, 12]);
    expect(await platform.stackingOrder()).toEqual([12, 11]);
    expect(await platform.sentinels()).toEqual({ foregroundWindow: 11, pointer: null, inputFocus: null });
    expect(await platform.unavailableReason()).toBeNull();
    expect(loads).toBe(1);
  });

  it('names its package and OS off its OS, and the loader reason without the addon; window calls reject', async () => {
    expect(await new TestPlatform({ platform: 'linux', loadWindowManager: noManager }).unavailableReason()).toBe(
      'platform-test serves TestOS only (this is linux). The explicit-endpoint route (cdp_url) and the managed-launch route (launch) remain available.',
    );
    const missing = new TestPlatform({ platform: 'darwin', loadWindowManager: noManager });
    expect(await missing.unavailableReason()).toMatch(/^node-window-manager is not installed.*\. The explicit-endpoint route \(cdp_url\)/);
    await expect(missing.listWindows()).rejects.toThrow(/not installed/);
    await expect(missing.sentinels()).rejects.toThrow(/not installed/);
  });

  it('toNativeWindows keeps a window whose title throws and drops hidden, empty and ownerless ones', () => {
    const locked = { ...fakeWindow(21, 40, ''), getTitle: (): string => { throw new Error('no permission'); } };
    const windows = toNativeWindows([locked, fakeWindow(22, 40, 'hidden', undefined, false), fakeWindow(23, 40, 'empty', { x: 0, y: 0, width: 0, height: 0 }), fakeWindow(24, 0, 'no owner')]);
    expect(windows).toEqual([{ pid: 40, windowId: 21, title: '', bounds: { x: 0, y: 25, width: 1200, height: 800 }, app: 'Google Chrome' }]);
  });

  it('the real loader resolves to a window manager or a reason, never a throw', async () => {
    const loaded = await loadNodeWindowManager();
    if ('unavailable' in loaded) expect(loaded.unavailable).toMatch(/node-window-manager/);
    else expect(typeof loaded.getWindows).toBe('function');
  });
});
