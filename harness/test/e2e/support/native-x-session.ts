import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XClient } from './native-x11.js';
import { SPEC_CHROMIUM_FLAGS } from '@sightline/cdp-transport';

/**
 * Xvfb + openbox and headful Chromium processes for the native-window rows (SPEC §3 route 1).
 * Everything runs in its own process group, started here and killed by `stop()` (or, as a last
 * resort, when this process exits); profiles are deleted with their browser.
 */

export function findExecutable(name: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = result.stdout.trim();
  return result.status === 0 && path ? path : null;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Process groups this file started; killed on exit if a test forgot (or crashed before) `stop()`. */
const liveGroups = new Set<number>();
let exitHook = false;
function track(pid: number): void {
  liveGroups.add(pid);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const group of liveGroups) killGroup(group, 'SIGKILL');
  });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

/** SIGTERM the child's process group, SIGKILL after `graceMs`, and wait for the child to exit. */
async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  killGroup(pid, 'SIGKILL'); // stragglers of the group
  liveGroups.delete(pid);
}

function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore', env, detached: true });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  child.on('error', () => undefined);
  track(child.pid);
  return child;
}

/**
 * Starts Xvfb in its own process group on a display it picks itself (`-displayfd`: Xvfb takes the
 * first free display under its own lock files), so parallel test processes never race for a number.
 * On failure the error carries Xvfb's last words.
 */
function startXvfb(args: string[], timeoutMs = 30_000): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn('Xvfb', ['-displayfd', '3', ...args], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid === undefined) throw new Error('could not start Xvfb');
  track(child.pid);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    let announced = '';
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopGroup(child, 0).finally(() => reject(new Error(`Xvfb did not start: ${why}${stderr.trim() ? `\n${stderr.trim()}` : ''}`)));
    };
    const timer = setTimeout(() => fail(`no display announced within ${timeoutMs} ms`), timeoutMs);
    child.on('error', (error) => fail(String(error)));
    child.once('exit', (code, signal) => fail(`exited with ${code ?? signal}`));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      announced += chunk.toString('utf8');
      const match = /^(\d+)\n/.exec(announced);
      if (!match || settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ display: `:${match[1]}`, child });
    });
  });
}

export const SCREEN = { width: 1280, height: 800 } as const;

export class XSession {
  private constructor(
    readonly display: string,
    private readonly xvfb: ChildProcess,
    private readonly windowManager: ChildProcess,
  ) {}

  /** One retry: a display server that fails to come up once on a loaded machine usually does the second time. */
  static async start(): Promise<XSession> {
    try {
      return await XSession.startOnce();
    } catch (error) {
      console.warn(`X session did not start, retrying once: ${String(error)}`);
      return XSession.startOnce();
    }
  }

  private static async startOnce(): Promise<XSession> {
    const { display, child: xvfb } = await startXvfb(['-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp']);
    const windowManager = spawnGroup('openbox', [], { ...process.env, DISPLAY: display });
    const session = new XSession(display, xvfb, windowManager);
    try {
      // openbox is ready once it advertises itself as the EWMH window manager.
      await waitFor(
        'openbox',
        async () => {
          if (windowManager.exitCode !== null) throw new Error(`openbox exited with ${windowManager.exitCode}`);
          const x = await XClient.open(display);
          try {
            const atom = await x.atom('_NET_SUPPORTING_WM_CHECK');
            const prop = await x.call<{ type: number }>('GetProperty', (cb) => x.client.GetProperty(0, x.root, atom, 0, 0, 1, cb));
            return prop.type !== 0;
          } finally {
            x.close();
          }
        },
        30_000,
      );
    } catch (error) {
      await session.stop();
      throw error;
    }
    return session;
  }

  async stop(): Promise<void> {
    await stopGroup(this.windowManager);
    await stopGroup(this.xvfb);
  }
}

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
    liveGroups.delete(this.pid);
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
