import { describe, expect, it } from 'vitest';
import { MacNativePlatform, loadNodeWindowManager, type CommandRunner, type WindowManagerLike, type WindowManagerWindow } from '../src/index.js';
import {
  LSOF_CHROME_TREE,
  LSOF_SHARED_SOCKET,
  LSOF_WITH_STRANGER,
  PGREP_CHILDREN,
  PS_COMMAND_DEFAULT,
  PS_COMMAND_EXPLICIT,
  PS_LSTART,
} from './fixtures.js';

function fakeRunner(lsof: string, extra: Record<string, string> = {}): { run: CommandRunner; calls: string[][] } {
  const calls: string[][] = [];
  const run: CommandRunner = async (file, args) => {
    calls.push([file, ...args]);
    if (file === 'pgrep') {
      const out = PGREP_CHILDREN[args[1] ?? ''] ?? '';
      return { stdout: out, exitCode: out ? 0 : 1 };
    }
    if (file === 'lsof') return { stdout: lsof, exitCode: lsof ? 0 : 1 };
    const key = `${file} ${args.join(' ')}`;
    const out = extra[key];
    return out === undefined ? { stdout: '', exitCode: 1 } : { stdout: out, exitCode: 0 };
  };
  return { run, calls };
}

function fakeWindow(id: number, pid: number, title: string, bounds = { x: 0, y: 25, width: 1200, height: 800 }, visible = true): WindowManagerWindow {
  return {
    id,
    processId: pid,
    path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    getTitle: () => title,
    getBounds: () => bounds,
    isVisible: () => visible,
    isWindow: () => true,
  };
}

function fakeManager(windows: WindowManagerWindow[], active?: WindowManagerWindow): WindowManagerLike {
  return { getWindows: () => windows, getActiveWindow: () => active };
}

const noManager = async () => ({ unavailable: 'node-window-manager is not installed' });

describe('MacNativePlatform endpoints and processes (recorded command outputs)', () => {
  it('collects loopback listeners of the pid and its children, IPv6 included', async () => {
    const { run, calls } = fakeRunner(LSOF_WITH_STRANGER);
    const platform = new MacNativePlatform({ run, loadWindowManager: noManager, platform: 'darwin' });
    expect(await platform.listeningEndpoints(4012)).toEqual([
      { pid: 4012, host: '127.0.0.1', port: 9222 },
      { pid: 4020, host: '::1', port: 9333 },
      { pid: 4031, host: '127.0.0.1', port: 7001 },
    ]);
    expect(calls).toContainEqual(['lsof', '-nP', '-a', '-p', '4012,4020,4031', '-iTCP', '-sTCP:LISTEN']);
  });

  it('reports a socket shared by parent and child once, for the parent', async () => {
    const platform = new MacNativePlatform({ run: fakeRunner(LSOF_SHARED_SOCKET).run, loadWindowManager: noManager });
    expect(await platform.listeningEndpoints(5100)).toEqual([{ pid: 5100, host: '127.0.0.1', port: 9229 }]);
  });

  it('finds nothing (not an error) when lsof matches nothing', async () => {
    const platform = new MacNativePlatform({ run: fakeRunner('').run, loadWindowManager: noManager });
    expect(await platform.listeningEndpoints(4012)).toEqual([]);
    expect(LSOF_CHROME_TREE).toContain('9222');
  });

  it('fingerprints from ps lstart and comm; null for a missing pid', async () => {
    const { run } = fakeRunner('', { 'ps -o lstart= -o comm= -p 4012': PS_LSTART });
    const platform = new MacNativePlatform({ run, loadWindowManager: noManager });
    expect(await platform.fingerprint(4012)).toEqual({
      pid: 4012,
      startTime: 'Mon Jun 3 10:11:12 2024',
      executable: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    });
    expect(await platform.fingerprint(9999)).toBeNull();
  });

  it('reads DevToolsActivePort from --user-data-dir or the default profile', async () => {
    const files: Record<string, string> = {
      '/Users/bob/Library/Caches/sightline profile 2/DevToolsActivePort': '55123\n/devtools/browser/explicit\n',
      '/Users/alice/Library/Application Support/Google/Chrome/DevToolsActivePort': '9222\n/devtools/browser/default\n',
    };
    const readText = async (path: string) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return text;
    };
    const { run } = fakeRunner('', { 'ps -o command= -p 1': PS_COMMAND_EXPLICIT, 'ps -o command= -p 2': PS_COMMAND_DEFAULT });
    const platform = new MacNativePlatform({ run, readText, home: '/Users/alice', loadWindowManager: noManager });
    expect(await platform.devToolsActivePort(1)).toEqual({ port: 55123, path: '/devtools/browser/explicit' });
    expect(await platform.devToolsActivePort(2)).toEqual({ port: 9222, path: '/devtools/browser/default' });
    expect(await platform.devToolsActivePort(3)).toBeNull();
  });
});

describe('MacNativePlatform windows (fake node-window-manager)', () => {
  it('keeps several same-size windows of one pid distinct and drops hidden or empty ones', async () => {
    const a = fakeWindow(101, 4012, 'Inbox - Google Chrome');
    const b = fakeWindow(102, 4012, 'Docs - Google Chrome');
    const hidden = fakeWindow(103, 4012, 'hidden', undefined, false);
    const empty = fakeWindow(104, 4012, 'empty', { x: 0, y: 0, width: 0, height: 0 });
    const other = fakeWindow(105, 777, 'Other');
    const platform = new MacNativePlatform({ loadWindowManager: async () => fakeManager([b, a, hidden, empty, other], b), platform: 'darwin' });
    const windows = await platform.listWindows();
    expect(windows.map((window) => [window.windowId, window.pid, window.title])).toEqual([
      [102, 4012, 'Docs - Google Chrome'],
      [101, 4012, 'Inbox - Google Chrome'],
      [105, 777, 'Other'],
    ]);
    expect(windows[0]?.app).toBe('Google Chrome');
    expect(windows[0]?.bounds).toEqual({ x: 0, y: 25, width: 1200, height: 800 });
    expect(await platform.stackingOrder()).toEqual([105, 101, 102]);
    expect(await platform.sentinels()).toEqual({ foregroundWindow: 102, pointer: null, inputFocus: null });
    expect(await platform.unavailableReason()).toBeNull();
  });

  it('still lists a window whose title needs a permission', async () => {
    const locked = { ...fakeWindow(201, 4012, ''), getTitle: () => { throw new Error('no screen recording permission'); } };
    const platform = new MacNativePlatform({ loadWindowManager: async () => fakeManager([locked]) });
    expect(await platform.listWindows()).toMatchObject([{ windowId: 201, title: '' }]);
  });

  it('explains unavailability when node-window-manager cannot load, off macOS, and rejects window calls', async () => {
    const missing = new MacNativePlatform({ loadWindowManager: noManager, platform: 'darwin' });
    expect(await missing.unavailableReason()).toMatch(/node-window-manager is not installed.*cdp_url/);
    await expect(missing.listWindows()).rejects.toThrow(/not installed/);
    const linux = new MacNativePlatform({ loadWindowManager: noManager, platform: 'linux' });
    expect(await linux.unavailableReason()).toMatch(/macOS only/);
  });

  it('the real loader resolves to a window manager or a reason, never a throw', async () => {
    const loaded = await loadNodeWindowManager();
    if ('unavailable' in loaded) expect(loaded.unavailable).toMatch(/node-window-manager/);
    else expect(typeof loaded.getWindows).toBe('function');
  });
});
