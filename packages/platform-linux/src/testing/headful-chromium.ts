import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevToolsActivePort } from '@sightline/semantic-core';
import { DEVTOOLS_ACTIVE_PORT_FILE, parseDevToolsActivePort } from '../devtools-active-port.js';
import { killGroup, spawnGroup, stopGroup, waitFor } from './x-session.js';

/**
 * The shape of cdp-transport's `chromeFlags`: the flags every Sightline Chromium starts with. The
 * caller passes that function in (this package may not import the transport), so test browsers
 * start exactly like managed ones, never with flags written by hand.
 */
export type ChromeFlagsBuilder = (options: { profileDir: string; headless: boolean; viewport: { width: number; height: number }; extraArgs?: readonly string[]; url?: string }) => string[];

export interface HeadfulChromiumOptions {
  display: string;
  url: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** cdp-transport's `chromeFlags`. */
  chromeFlags: ChromeFlagsBuilder;
  /** Reuse this profile directory (a restart); default: a fresh one. */
  userDataDir?: string;
}

/**
 * A headful Chromium on a test X display with DevTools on a free loopback port, in its own process
 * group: `stop()` (or, as a last resort, this process's exit) kills it, and its profile is
 * deleted with it.
 */
export class HeadfulChromium {
  private constructor(
    private readonly child: ChildProcess,
    readonly userDataDir: string,
    readonly port: number,
  ) {}

  /** The browser process (the Debian wrapper execs the binary when a profile is given). */
  get pid(): number {
    return this.child.pid as number;
  }

  get httpEndpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async launch(executable: string, options: HeadfulChromiumOptions): Promise<HeadfulChromium> {
    const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'sightline-headful-'));
    const activePort = join(userDataDir, DEVTOOLS_ACTIVE_PORT_FILE);
    rmSync(activePort, { force: true });
    const args = options.chromeFlags({
      profileDir: userDataDir,
      headless: false,
      viewport: options.size,
      // No keyring prompt on a bare X session; the window where the test wants it.
      extraArgs: ['--password-store=basic', `--window-position=${options.position.x},${options.position.y}`],
      url: options.url,
    });
    const child = spawnGroup(executable, args, { ...process.env, DISPLAY: options.display });
    try {
      const port = await waitFor(
        'DevToolsActivePort',
        () => {
          if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
          const [line] = readFileSync(activePort, 'utf8').split('\n');
          return line ? Number(line) : null;
        },
        30_000,
      );
      return new HeadfulChromium(child, userDataDir, port);
    } catch (error) {
      await stopGroup(child);
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The profile's DevToolsActivePort as Chromium wrote it (port and browser WebSocket path). */
  activePort(): Promise<DevToolsActivePort> {
    return waitFor('a complete DevToolsActivePort', () => parseDevToolsActivePort(readFileSync(join(this.userDataDir, DEVTOOLS_ACTIVE_PORT_FILE), 'utf8')));
  }

  /** SIGKILL the browser (a crash, as far as anyone attached can tell); the profile stays. */
  async kill(): Promise<void> {
    const exited = this.child.exitCode !== null || this.child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    killGroup(this.pid, 'SIGKILL');
    await exited;
  }

  /** Stop the browser and delete its profile. Safe to call twice. */
  async stop(): Promise<void> {
    await stopGroup(this.child);
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}
