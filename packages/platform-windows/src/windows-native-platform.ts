import { readFile } from 'node:fs/promises';
import { win32 } from 'node:path';
import type {
  DevToolsActivePort,
  ListeningEndpoint,
  NativePlatform,
  NativeWindow,
  PlatformSentinels,
  ProcessFingerprint,
} from '@sightline/semantic-core';
import { execCommand, type CommandRunner } from './command-runner.js';
import { defaultUserDataDir, parseDevToolsActivePort } from './devtools-active-port.js';
import { isLoopbackHost, normalizeLoopbackHost, parseNetstatListening } from './netstat-output.js';
import { descendants, parseProcessDetails, parseProcessParents, userDataDirFromCommandLine, type ProcessDetails } from './process-output.js';
import { loadNodeWindowManager, toNativeWindows, type WindowManagerLike, type WindowManagerLoader } from './window-manager.js';

export interface WindowsNativePlatformOptions {
  run?: CommandRunner;
  loadWindowManager?: WindowManagerLoader;
  readText?: (path: string) => Promise<string>;
  /** %LOCALAPPDATA%; defaults to the environment variable. */
  localAppData?: string;
  platform?: string;
}

const POWERSHELL = 'powershell.exe';

/** `-EncodedCommand` (base64 of UTF-16LE) sidesteps Windows command-line quoting of the script. */
export function powershellArgs(script: string): string[] {
  return ['-NoProfile', '-NonInteractive', '-EncodedCommand', Buffer.from(script, 'utf16le').toString('base64')];
}

export const PARENTS_SCRIPT =
  "Get-CimInstance Win32_Process | ForEach-Object { \"$($_.ProcessId) $($_.ParentProcessId) $(if ($_.CreationDate) { $_.CreationDate.ToUniversalTime().ToString('o') })\" }";

export function detailsScript(pid: number): string {
  return (
    `$p = Get-CimInstance Win32_Process -Filter "ProcessId=${Math.trunc(pid)}"; ` +
    "if ($p) { $p.CreationDate.ToUniversalTime().ToString('o'); $p.ExecutablePath; $p.CommandLine }"
  );
}

/** NativePlatform for Windows: node-window-manager for windows, netstat/PowerShell for processes. */
export class WindowsNativePlatform implements NativePlatform {
  private readonly run: CommandRunner;
  private readonly loadWindowManager: WindowManagerLoader;
  private readonly readText: (path: string) => Promise<string>;
  private readonly localAppData: string | undefined;
  private readonly platform: string;
  private manager: Promise<WindowManagerLike | { unavailable: string }> | null = null;

  constructor(options: WindowsNativePlatformOptions = {}) {
    this.run = options.run ?? execCommand(15_000);
    this.loadWindowManager = options.loadWindowManager ?? loadNodeWindowManager;
    this.readText = options.readText ?? ((path) => readFile(path, 'utf8'));
    this.localAppData = options.localAppData ?? process.env.LOCALAPPDATA;
    this.platform = options.platform ?? process.platform;
  }

  private windowManager(): Promise<WindowManagerLike | { unavailable: string }> {
    this.manager ??= this.loadWindowManager();
    return this.manager;
  }

  private async requireWindowManager(): Promise<WindowManagerLike> {
    const manager = await this.windowManager();
    if ('unavailable' in manager) throw new Error(manager.unavailable);
    return manager;
  }

  async unavailableReason(): Promise<string | null> {
    const remaining = 'The explicit-endpoint route (cdp_url) and the managed-launch route (launch) remain available.';
    if (this.platform !== 'win32') return `platform-windows serves Windows only (this is ${this.platform}). ${remaining}`;
    const manager = await this.windowManager();
    return 'unavailable' in manager ? `${manager.unavailable}. ${remaining}` : null;
  }

  async listWindows(): Promise<NativeWindow[]> {
    return toNativeWindows((await this.requireWindowManager()).getWindows());
  }

  /** The pid and its descendants: PowerShell/CIM first, `wmic` where PowerShell is unavailable. */
  async processTree(pid: number): Promise<number[]> {
    let rows = [] as ReturnType<typeof parseProcessParents>;
    try {
      const result = await this.run(POWERSHELL, powershellArgs(PARENTS_SCRIPT));
      if (result.exitCode === 0) rows = parseProcessParents(result.stdout);
    } catch {
      // fall through to wmic
    }
    if (rows.length === 0) {
      try {
        const result = await this.run('wmic', ['process', 'get', 'ProcessId,ParentProcessId', '/format:csv']);
        if (result.exitCode === 0) rows = parseProcessParents(result.stdout);
      } catch {
        // neither tool: the pid alone
      }
    }
    return descendants(rows, pid);
  }

  async listeningEndpoints(pid: number): Promise<ListeningEndpoint[]> {
    const pids = await this.processTree(pid);
    const [v4, v6] = await Promise.all([this.run('netstat', ['-ano', '-p', 'tcp']), this.run('netstat', ['-ano', '-p', 'tcpv6'])]);
    const rows = [...parseNetstatListening(v4.stdout), ...parseNetstatListening(v6.stdout)];
    const wanted = new Set(pids);
    const seen = new Set<string>();
    const endpoints: ListeningEndpoint[] = [];
    for (const row of rows.sort((a, b) => pids.indexOf(a.pid) - pids.indexOf(b.pid))) {
      if (!wanted.has(row.pid) || !isLoopbackHost(row.host)) continue;
      const host = normalizeLoopbackHost(row.host);
      const key = `${host}:${row.port}`;
      if (seen.has(key)) continue;
      seen.add(key);
      endpoints.push({ pid: row.pid, host, port: row.port });
    }
    return endpoints;
  }

  private async details(pid: number): Promise<ProcessDetails | null> {
    const result = await this.run(POWERSHELL, powershellArgs(detailsScript(pid)));
    return result.exitCode === 0 ? parseProcessDetails(result.stdout) : null;
  }

  async fingerprint(pid: number): Promise<ProcessFingerprint | null> {
    const details = await this.details(pid);
    return details ? { pid, startTime: details.startTime, executable: details.executable } : null;
  }

  async devToolsActivePort(pid: number): Promise<DevToolsActivePort | null> {
    const details = await this.details(pid);
    if (!details) return null;
    const dir =
      userDataDirFromCommandLine(details.commandLine) ??
      (this.localAppData ? defaultUserDataDir(details.executable || details.commandLine, this.localAppData) : null);
    if (!dir) return null;
    try {
      return parseDevToolsActivePort(await this.readText(win32.join(dir, 'DevToolsActivePort')));
    } catch {
      return null;
    }
  }

  /** Bottom to top: node-window-manager enumerates with EnumWindows, which walks the z-order top first. */
  async stackingOrder(): Promise<Array<number | string>> {
    return (await this.listWindows()).map((window) => window.windowId).reverse();
  }

  /** Foreground window (GetForegroundWindow); pointer and keyboard focus are not exposed by node-window-manager. */
  async sentinels(): Promise<PlatformSentinels> {
    const active = (await this.requireWindowManager()).getActiveWindow();
    return { foregroundWindow: active && active.id > 0 ? active.id : null, pointer: null, inputFocus: null };
  }
}

export function createNativePlatform(options: WindowsNativePlatformOptions = {}): WindowsNativePlatform {
  return new WindowsNativePlatform(options);
}
