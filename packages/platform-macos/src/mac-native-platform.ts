import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type {
  DevToolsActivePort,
  ListeningEndpoint,
  NativePlatform,
  NativeWindow,
  PlatformSentinels,
  ProcessFingerprint,
} from '@sightline/semantic-core';
import { execCommand, type CommandRunner } from './command-runner.js';
import { defaultProfileDirectory, parseDevToolsActivePort } from './devtools-active-port.js';
import { isLoopbackHost, normalizeLoopbackHost, parseLsofListen } from './lsof-output.js';
import { parsePidList, parsePsStartAndCommand, userDataDirFromCommandLine } from './ps-output.js';
import { loadNodeWindowManager, toNativeWindows, type WindowManagerLike, type WindowManagerLoader } from './window-manager.js';

export interface MacNativePlatformOptions {
  run?: CommandRunner;
  loadWindowManager?: WindowManagerLoader;
  readText?: (path: string) => Promise<string>;
  home?: string;
  platform?: string;
}

const MAX_TREE_SIZE = 512;

/** NativePlatform for macOS: node-window-manager for windows, lsof/pgrep/ps for processes. */
export class MacNativePlatform implements NativePlatform {
  private readonly run: CommandRunner;
  private readonly loadWindowManager: WindowManagerLoader;
  private readonly readText: (path: string) => Promise<string>;
  private readonly home: string;
  private readonly platform: string;
  private manager: Promise<WindowManagerLike | { unavailable: string }> | null = null;

  constructor(options: MacNativePlatformOptions = {}) {
    this.run = options.run ?? execCommand();
    this.loadWindowManager = options.loadWindowManager ?? loadNodeWindowManager;
    this.readText = options.readText ?? ((path) => readFile(path, 'utf8'));
    this.home = options.home ?? homedir();
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
    if (this.platform !== 'darwin') return `platform-macos serves macOS only (this is ${this.platform}). ${remaining}`;
    const manager = await this.windowManager();
    return 'unavailable' in manager ? `${manager.unavailable}. ${remaining}` : null;
  }

  async listWindows(): Promise<NativeWindow[]> {
    return toNativeWindows((await this.requireWindowManager()).getWindows());
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
    const wanted = new Set(pids);
    const seen = new Set<string>();
    const endpoints: ListeningEndpoint[] = [];
    const rows = parseLsofListen(stdout).sort((a, b) => pids.indexOf(a.pid) - pids.indexOf(b.pid));
    for (const row of rows) {
      if (!wanted.has(row.pid) || !isLoopbackHost(row.host)) continue;
      const host = normalizeLoopbackHost(row.host);
      const key = `${host}:${row.port}`;
      if (seen.has(key)) continue; // one socket shared by parent and child: report the topmost owner
      seen.add(key);
      endpoints.push({ pid: row.pid, host, port: row.port });
    }
    return endpoints;
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

  /**
   * Bottom to top. node-window-manager enumerates on-screen windows front to back
   * (CGWindowListCopyWindowInfo order), so the list is reversed.
   */
  async stackingOrder(): Promise<Array<number | string>> {
    return (await this.listWindows()).map((window) => window.windowId).reverse();
  }

  /** Foreground window from node-window-manager; pointer and keyboard focus are not exposed by it (null). */
  async sentinels(): Promise<PlatformSentinels> {
    const active = (await this.requireWindowManager()).getActiveWindow();
    return { foregroundWindow: active && active.id > 0 ? active.id : null, pointer: null, inputFocus: null };
  }
}

export function createNativePlatform(options: MacNativePlatformOptions = {}): MacNativePlatform {
  return new MacNativePlatform(options);
}
