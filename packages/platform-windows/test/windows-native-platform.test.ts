import { describe, expect, it } from 'vitest';
import {
  PARENTS_SCRIPT,
  WindowsNativePlatform,
  detailsScript,
  loadNodeWindowManager,
  type CommandRunner,
  type WindowManagerWindow,
} from '../src/index.js';
import { NETSTAT_TCP, NETSTAT_TCPV6, PS_DETAILS_CHROME, PS_DETAILS_DEFAULT_PROFILE, PS_PARENTS, WMIC_PARENTS } from './fixtures.js';

function decodeScript(args: string[]): string {
  return Buffer.from(args[args.length - 1] ?? '', 'base64').toString('utf16le');
}

function fakeRunner(options: { powershell?: boolean } = {}): { run: CommandRunner; calls: string[] } {
  const calls: string[] = [];
  const run: CommandRunner = async (file, args) => {
    if (file === 'powershell.exe') {
      const script = decodeScript(args);
      calls.push(`powershell ${script}`);
      if (options.powershell === false) throw new Error('spawn powershell.exe ENOENT');
      if (script === PARENTS_SCRIPT) return { stdout: PS_PARENTS, exitCode: 0 };
      if (script === detailsScript(6120)) return { stdout: PS_DETAILS_CHROME, exitCode: 0 };
      if (script === detailsScript(6300)) return { stdout: PS_DETAILS_DEFAULT_PROFILE, exitCode: 0 };
      return { stdout: '', exitCode: 0 };
    }
    calls.push(`${file} ${args.join(' ')}`);
    if (file === 'wmic') return { stdout: WMIC_PARENTS, exitCode: 0 };
    if (file === 'netstat') return { stdout: args.includes('tcpv6') ? NETSTAT_TCPV6 : NETSTAT_TCP, exitCode: 0 };
    return { stdout: '', exitCode: 1 };
  };
  return { run, calls };
}

const noManager = async () => ({ unavailable: 'node-window-manager is not installed' });

function fakeWindow(id: number, pid: number, title: string, visible = true): WindowManagerWindow {
  return {
    id,
    processId: pid,
    path: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    getTitle: () => title,
    getBounds: () => ({ x: -8, y: -8, width: 1936, height: 1056 }),
    isVisible: () => visible,
    isWindow: () => true,
  };
}

describe('WindowsNativePlatform endpoints and processes (recorded command outputs)', () => {
  it('collects loopback listeners of the pid and its children (IPv6 and IPv4-mapped included)', async () => {
    const { run, calls } = fakeRunner();
    const platform = new WindowsNativePlatform({ run, loadWindowManager: noManager, platform: 'win32' });
    expect(await platform.listeningEndpoints(6120)).toEqual([
      { pid: 6120, host: '127.0.0.1', port: 9222 },
      { pid: 6144, host: '::1', port: 9333 },
      { pid: 6188, host: '127.0.0.1', port: 7001 },
      { pid: 6188, host: '127.0.0.1', port: 7002 },
    ]);
    expect(calls).toContain('netstat -ano -p tcp');
    expect(calls).toContain('netstat -ano -p tcpv6');
  });

  it('falls back to wmic when PowerShell is unavailable', async () => {
    const { run, calls } = fakeRunner({ powershell: false });
    const platform = new WindowsNativePlatform({ run, loadWindowManager: noManager });
    expect(await platform.processTree(6120)).toEqual([6120, 6144, 6188]);
    expect(calls).toContain('wmic process get ProcessId,ParentProcessId /format:csv');
  });

  it('fingerprints from the CIM creation date and executable path', async () => {
    const platform = new WindowsNativePlatform({ run: fakeRunner().run, loadWindowManager: noManager });
    expect(await platform.fingerprint(6120)).toEqual({
      pid: 6120,
      startTime: '2024-06-03T10:11:12.1234567Z',
      executable: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    });
    expect(await platform.fingerprint(31337)).toBeNull();
  });

  it('reads DevToolsActivePort from --user-data-dir or the default User Data', async () => {
    const files: Record<string, string> = {
      'C:\\Users\\ada\\AppData\\Local\\Temp\\sightline profile\\DevToolsActivePort': '61000\r\n/devtools/browser/explicit\r\n',
      'C:\\Users\\ada\\AppData\\Local\\Microsoft\\Edge\\User Data\\DevToolsActivePort': '9222\n/devtools/browser/edge\n',
    };
    const readText = async (path: string) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error(`ENOENT ${path}`), { code: 'ENOENT' });
      return text;
    };
    const platform = new WindowsNativePlatform({
      run: fakeRunner().run,
      readText,
      localAppData: 'C:\\Users\\ada\\AppData\\Local',
      loadWindowManager: noManager,
    });
    expect(await platform.devToolsActivePort(6120)).toEqual({ port: 61000, path: '/devtools/browser/explicit' });
    expect(await platform.devToolsActivePort(6300)).toEqual({ port: 9222, path: '/devtools/browser/edge' });
    expect(await platform.devToolsActivePort(31337)).toBeNull();
  });
});

describe('WindowsNativePlatform windows (fake node-window-manager)', () => {
  it('keeps same-size (maximised) windows distinct, reverses EnumWindows order for stacking', async () => {
    const top = fakeWindow(0x1a2b, 6120, 'Inbox - Google Chrome');
    const below = fakeWindow(0x3c4d, 6120, 'Docs - Google Chrome');
    const hidden = fakeWindow(0x5e6f, 6120, '', false);
    const manager = { getWindows: () => [top, below, hidden], getActiveWindow: () => top };
    const platform = new WindowsNativePlatform({ loadWindowManager: async () => manager, platform: 'win32' });
    const windows = await platform.listWindows();
    expect(windows).toEqual([
      { pid: 6120, windowId: 0x1a2b, title: 'Inbox - Google Chrome', bounds: { x: -8, y: -8, width: 1936, height: 1056 }, app: 'chrome' },
      { pid: 6120, windowId: 0x3c4d, title: 'Docs - Google Chrome', bounds: { x: -8, y: -8, width: 1936, height: 1056 }, app: 'chrome' },
    ]);
    expect(await platform.stackingOrder()).toEqual([0x3c4d, 0x1a2b]);
    expect(await platform.sentinels()).toEqual({ foregroundWindow: 0x1a2b, pointer: null, inputFocus: null });
    expect(await platform.unavailableReason()).toBeNull();
  });

  it('explains unavailability and rejects window calls when node-window-manager is missing', async () => {
    const platform = new WindowsNativePlatform({ loadWindowManager: noManager, platform: 'win32' });
    expect(await platform.unavailableReason()).toMatch(/not installed.*cdp_url/);
    await expect(platform.sentinels()).rejects.toThrow(/not installed/);
    expect(await new WindowsNativePlatform({ loadWindowManager: noManager, platform: 'linux' }).unavailableReason()).toMatch(/Windows only/);
  });

  it('the real loader resolves to a window manager or a reason, never a throw', async () => {
    const loaded = await loadNodeWindowManager();
    if ('unavailable' in loaded) expect(loaded.unavailable).toMatch(/node-window-manager/);
    else expect(typeof loaded.getWindows).toBe('function');
  });
});
