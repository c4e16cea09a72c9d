import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { X11Connection } from '../x11-connection.js';

/**
 * Test support for real X11 rows: a private Xvfb display with openbox as its window manager, and
 * helpers to run processes in their own process groups so a test can always stop everything it
 * started. Every group started here is killed when this process exits, if a test forgot (or
 * crashed before) stopping it. Not used by the adapter itself.
 */

/**
 * X handshake and request timeout for tests (ms). The product default (`DEFAULT_X11_TIMEOUT_MS`)
 * is short so a dead display fails fast; a test talks to a live Xvfb that may simply be starved of
 * CPU on a saturated machine (issue 17), so tests pass this instead.
 */
export const TEST_X11_TIMEOUT_MS = 30_000;

/** The path of `name` on PATH, or null. */
export function findExecutable(name: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = result.stdout.trim();
  return result.status === 0 && path ? path : null;
}

/** Polls `probe` until it returns something truthy; a throwing probe is retried, its last error reported. */
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

/** Process groups started here; killed on exit if still alive. */
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

/** Signals a whole process group; a group that is gone already is fine. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** True while `pid` exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

/** Starts `command` as the leader of its own process group (output ignored unless `stderr: 'pipe'`). */
export function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, stderr: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', stderr], env, detached: true });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  child.on('error', () => undefined);
  track(child.pid);
  return child;
}

/** SIGTERM the child's process group, SIGKILL after `graceMs`, and wait for the child to exit. */
export async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
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

/**
 * Starts Xvfb in its own process group on a display it picks itself (`-displayfd`: Xvfb takes the
 * first free display under its own lock files), so parallel test processes never race for a
 * number. Resolves once the server accepts connections; on failure the error carries Xvfb's last
 * words.
 */
export function startXvfb(args: string[], timeoutMs = 30_000): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn('Xvfb', ['-displayfd', '3', ...args], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid === undefined) return Promise.reject(new Error('could not start Xvfb'));
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

/** A private X display (Xvfb) with openbox managing its windows. */
export class XSession {
  private constructor(
    readonly display: string,
    private readonly xvfb: ChildProcess,
    private readonly windowManager: ChildProcess,
  ) {}

  /** One retry: a display server that fails to come up once on a loaded machine usually does the second time. */
  static async start(screen: { width: number; height: number } = { width: 1280, height: 800 }): Promise<XSession> {
    try {
      return await XSession.startOnce(screen);
    } catch (error) {
      console.warn(`X session did not start, retrying once: ${String(error)}`);
      return XSession.startOnce(screen);
    }
  }

  private static async startOnce(screen: { width: number; height: number }): Promise<XSession> {
    const { display, child: xvfb } = await startXvfb(['-screen', '0', `${screen.width}x${screen.height}x24`, '-nolisten', 'tcp']);
    const windowManager = spawnGroup('openbox', [], { ...process.env, DISPLAY: display }, 'pipe');
    let said = '';
    windowManager.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-2000);
    });
    const session = new XSession(display, xvfb, windowManager);
    try {
      // openbox is ready once it advertises itself as the EWMH window manager.
      await waitFor(
        'openbox',
        () => {
          if (windowManager.exitCode !== null) throw new Error(`openbox exited with ${windowManager.exitCode}`);
          return X11Connection.with(display, TEST_X11_TIMEOUT_MS, async (connection) => (await connection.property(connection.root, '_NET_SUPPORTING_WM_CHECK')) !== null);
        },
        30_000,
      );
    } catch (error) {
      await session.stop();
      throw new Error(`${String(error)} (display ${display})${said.trim() ? `\nopenbox said: ${said.trim()}` : ''}`);
    }
    return session;
  }

  async stop(): Promise<void> {
    await stopGroup(this.windowManager);
    await stopGroup(this.xvfb);
  }
}
