import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DevToolsActivePort, ListeningEndpoint, ProcessFingerprint } from '@sightline/semantic-core';
import { DEFAULT_COMMAND_TIMEOUT_MS, DesktopNativePlatform, loopbackEndpoints, type DesktopPlatformOptions } from '@sightline/platform-desktop';
import { defaultProfileDirectory, parseDevToolsActivePort } from './devtools-active-port.js';
import { parseLsofListen } from './lsof-output.js';
import { parsePidList, parsePsStartAndCommand, userDataDirFromCommandLine } from './ps-output.js';

export interface MacNativePlatformOptions extends DesktopPlatformOptions {
  /** The home directory holding `Library/Application Support`; defaults to the user's. */
  home?: string;
}

const MAX_TREE_SIZE = 512;

/** NativePlatform for macOS: node-window-manager for windows (platform-desktop), lsof/pgrep/ps for processes. */
export class MacNativePlatform extends DesktopNativePlatform {
  private readonly home: string;

  constructor(options: MacNativePlatformOptions = {}) {
    super({ packageName: 'platform-macos', servesPlatform: 'darwin', osName: 'macOS', commandTimeoutMs: DEFAULT_COMMAND_TIMEOUT_MS }, options);
    this.home = options.home ?? homedir();
  }

  /** The pid and its descendants (breadth first) via `pgrep -P`. */
  async processTree(pid: number): Promise<number[]> {
    const order = [pid];
    const seen = new Set(order);
    for (let index = 0; index < order.length && order.length < MAX_TREE_SIZE; index += 1) {
      const { stdout } = await this.run('pgrep', ['-P', String(order[index])]);
      for (const child of parsePidList(stdout)) {
        if (!seen.has(child)) {
          seen.add(child);
          order.push(child);
        }
      }
    }
    return order;
  }

  async listeningEndpoints(pid: number): Promise<ListeningEndpoint[]> {
    const pids = await this.processTree(pid);
    // -a: AND the selections (lsof ORs -p and -i by default).
    const { stdout } = await this.run('lsof', ['-nP', '-a', '-p', pids.join(','), '-iTCP', '-sTCP:LISTEN']);
    return loopbackEndpoints(parseLsofListen(stdout), pids);
  }

  async fingerprint(pid: number): Promise<ProcessFingerprint | null> {
    const { stdout, exitCode } = await this.run('ps', ['-o', 'lstart=', '-o', 'comm=', '-p', String(pid)]);
    if (exitCode !== 0) return null;
    const parsed = parsePsStartAndCommand(stdout);
    return parsed ? { pid, startTime: parsed.startTime, executable: parsed.executable } : null;
  }

  async devToolsActivePort(pid: number): Promise<DevToolsActivePort | null> {
    const { stdout, exitCode } = await this.run('ps', ['-o', 'command=', '-p', String(pid)]);
    if (exitCode !== 0 || !stdout.trim()) return null;
    const commandLine = stdout.trim();
    let dir = userDataDirFromCommandLine(commandLine);
    if (!dir) {
      const profile = defaultProfileDirectory(commandLine);
      if (!profile) return null;
      dir = join(this.home, 'Library', 'Application Support', profile);
    } else if (dir.startsWith('~/')) {
      dir = join(this.home, dir.slice(2));
    }
    try {
      return parseDevToolsActivePort(await this.readText(join(dir, 'DevToolsActivePort')));
    } catch {
      return null;
    }
  }
}

export function createNativePlatform(options: MacNativePlatformOptions = {}): MacNativePlatform {
  return new MacNativePlatform(options);
}
