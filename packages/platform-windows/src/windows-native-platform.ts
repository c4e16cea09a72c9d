import { win32 } from 'node:path';
import type { DevToolsActivePort, ListeningEndpoint, ProcessFingerprint } from '@sightline/semantic-core';
import { DesktopNativePlatform, loopbackEndpoints, type DesktopPlatformOptions } from '@sightline/platform-desktop';
import { defaultUserDataDir, parseDevToolsActivePort } from './devtools-active-port.js';
import { parseNetstatListening } from './netstat-output.js';
import { descendants, parseProcessDetails, parseProcessParents, userDataDirFromCommandLine, type ProcessDetails } from './process-output.js';

export interface WindowsNativePlatformOptions extends DesktopPlatformOptions {
  /** %LOCALAPPDATA%; defaults to the environment variable. */
  localAppData?: string;
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

/** NativePlatform for Windows: node-window-manager for windows (platform-desktop), netstat/PowerShell for processes. */
export class WindowsNativePlatform extends DesktopNativePlatform {
  private readonly localAppData: string | undefined;

  constructor(options: WindowsNativePlatformOptions = {}) {
    super({ packageName: 'platform-windows', servesPlatform: 'win32', osName: 'Windows', commandTimeoutMs: 15_000 }, options);
    this.localAppData = options.localAppData ?? process.env.LOCALAPPDATA;
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
    return loopbackEndpoints([...parseNetstatListening(v4.stdout), ...parseNetstatListening(v6.stdout)], pids);
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
}

export function createNativePlatform(options: WindowsNativePlatformOptions = {}): WindowsNativePlatform {
  return new WindowsNativePlatform(options);
}
