import { readFile } from 'node:fs/promises';
import type {
  DevToolsActivePort,
  ListeningEndpoint,
  NativePlatform,
  NativeWindow,
  PlatformSentinels,
  ProcessFingerprint,
} from '@sightline/semantic-core';
import { displayUnavailableReason } from './display-environment.js';
import { devToolsActivePort, processFingerprint } from './proc-process-info.js';
import { listeningEndpoints } from './proc-sockets.js';
import { DEFAULT_X11_TIMEOUT_MS, X11Connection } from './x11-connection.js';
import { describeWindow, readSentinels, stackingOrder, topLevelWindows } from './x11-windows.js';

export interface X11NativePlatformOptions {
  /** X display to use; defaults to `$DISPLAY` at call time. */
  display?: string;
  /** Timeout for the connection and for each X request (ms). */
  timeoutMs?: number;
  /** Root of the proc filesystem (tests). */
  procRoot?: string;
  /** Environment consulted by `unavailableReason()`; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
}

/** NativePlatform for Linux: X11 windows via the pure-JS `x11` client, endpoint proof via /proc. */
export class X11NativePlatform implements NativePlatform {
  private readonly timeoutMs: number;
  private readonly procRoot: string;

  constructor(private readonly options: X11NativePlatformOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_X11_TIMEOUT_MS;
    this.procRoot = options.procRoot ?? '/proc';
  }

  private get env(): Record<string, string | undefined> {
    return this.options.env ?? process.env;
  }

  private display(): string {
    const display = this.options.display ?? this.env.DISPLAY;
    if (!display) throw new Error(displayUnavailableReason(this.env) ?? 'DISPLAY is not set');
    return display;
  }

  async unavailableReason(): Promise<string | null> {
    if (this.options.display) return process.platform === 'linux' ? null : displayUnavailableReason(this.env);
    return displayUnavailableReason(this.env);
  }

  async listWindows(): Promise<NativeWindow[]> {
    const raw = await X11Connection.with(this.display(), this.timeoutMs, async (connection) => {
      const ids = await topLevelWindows(connection);
      const described = [];
      for (const id of ids) described.push(await describeWindow(connection, id));
      return described;
    });
    const windows: NativeWindow[] = [];
    const commCache = new Map<number, string>();
    for (const window of raw) {
      // A window without _NET_WM_PID cannot be tied to a process, so it cannot anchor a binding.
      if (!window || window.pid === null || window.pid <= 0) continue;
      windows.push({
        pid: window.pid,
        windowId: window.windowId,
        title: window.title,
        bounds: window.bounds,
        app: window.wmClass ?? (await this.comm(window.pid, commCache)),
      });
    }
    return windows;
  }

  private async comm(pid: number, cache: Map<number, string>): Promise<string> {
    const cached = cache.get(pid);
    if (cached !== undefined) return cached;
    let name = '';
    try {
      name = (await readFile(`${this.procRoot}/${pid}/comm`, 'utf8')).trim();
    } catch {
      // process gone or not visible (another pid namespace)
    }
    cache.set(pid, name);
    return name;
  }

  fingerprint(pid: number): Promise<ProcessFingerprint | null> {
    return processFingerprint(pid, this.procRoot);
  }

  listeningEndpoints(pid: number): Promise<ListeningEndpoint[]> {
    return listeningEndpoints(pid, { procRoot: this.procRoot });
  }

  devToolsActivePort(pid: number): Promise<DevToolsActivePort | null> {
    return devToolsActivePort(pid, this.procRoot);
  }

  stackingOrder(): Promise<Array<number | string>> {
    return X11Connection.with(this.display(), this.timeoutMs, (connection) => stackingOrder(connection));
  }

  sentinels(): Promise<PlatformSentinels> {
    return X11Connection.with(this.display(), this.timeoutMs, (connection) => readSentinels(connection));
  }
}

export function createNativePlatform(options: X11NativePlatformOptions = {}): X11NativePlatform {
  return new X11NativePlatform(options);
}
