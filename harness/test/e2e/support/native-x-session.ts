import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEC_CHROMIUM_FLAGS } from '@sightline/cdp-transport';
import { killGroup, spawnGroup, stopGroup, waitFor } from '@sightline/platform-linux/testing';

/**
 * Headful Chromium processes (and an idle stand-in process) for the native-window rows (SPEC §3
 * route 1), on the X display platform-linux's test support starts. Everything runs in its own
 * process group, started here and killed by `stop()` (or, as a last resort, when this process
 * exits); profiles are deleted with their browser.
 */
export { TEST_X11_TIMEOUT_MS, XSession, findExecutable, isAlive, waitFor } from '@sightline/platform-linux/testing';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface HeadfulChromiumOptions {
  display: string;
  url: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** Reuse this profile directory (a restart); default: a fresh one. */
  userDataDir?: string;
}

/** A headful Chromium on the test's X display with DevTools on a free loopback port. */
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
    const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'sightline-native-'));
    const activePort = join(userDataDir, 'DevToolsActivePort');
    rmSync(activePort, { force: true });
    const child = spawnGroup(
      executable,
      [
        ...SPEC_CHROMIUM_FLAGS,
        '--no-default-browser-check',
        '--password-store=basic',
        `--user-data-dir=${userDataDir}`,
        '--remote-debugging-port=0',
        '--remote-debugging-address=127.0.0.1',
        `--window-position=${options.position.x},${options.position.y}`,
        `--window-size=${options.size.width},${options.size.height}`,
        options.url,
      ],
      { ...process.env, DISPLAY: options.display },
    );
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

/** A process that owns no window and no DevTools endpoint (for the wrong-pid row); `args` show up in its command line. */
export function spawnIdleProcess(args: string[] = []): { pid: number; stop(): Promise<void> } {
  const child = spawnGroup('sh', ['-c', 'sleep 600; :', 'sightline-idle', ...args], process.env);
  return { pid: child.pid as number, stop: () => stopGroup(child, 1_000) };
}
