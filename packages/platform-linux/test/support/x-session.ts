import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X11Connection } from '../../src/x11-connection.js';

/** Starts and stops Xvfb, openbox and a headful Chromium for the real X11 tests. */

export function findExecutable(name: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = result.stdout.trim();
  return result.status === 0 && path ? path : null;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/**
 * Starts Xvfb on a display it picks itself (`-displayfd`: Xvfb takes the first free display under
 * its own lock files), so parallel test processes never race for a number. Resolves with the
 * display once the server accepts connections; on failure the error carries Xvfb's last words.
 */
export function startXvfb(args: string[], timeoutMs = 30_000, spawnOptions: { detached?: boolean } = {}): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn('Xvfb', ['-displayfd', '3', ...args], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], ...spawnOptions });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    let announced = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`Xvfb did not start: ${why}${stderr.trim() ? `\n${stderr.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail(`no display announced within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(String(error)));
    child.once('exit', (code, signal) => fail(`exited with ${code ?? signal}`));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      announced += chunk.toString('utf8');
      const match = /^(\d+)\n/.exec(announced);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.on('error', () => undefined);
      resolve({ display: `:${match[1]}`, child });
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

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
    const { display, child: xvfb } = await startXvfb(['-screen', '0', '1280x800x24', '-nolisten', 'tcp']);
    const windowManager = spawn('openbox', [], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
    windowManager.on('error', () => undefined);
    const session = new XSession(display, xvfb, windowManager);
    try {
      // openbox is ready once it advertises itself as the EWMH window manager.
      await waitFor(
        'openbox',
        () => {
          if (windowManager.exitCode !== null) throw new Error(`openbox exited with ${windowManager.exitCode}`);
          return X11Connection.with(display, 2000, async (connection) => (await connection.property(connection.root, '_NET_SUPPORTING_WM_CHECK')) !== null);
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
    await stop(this.windowManager);
    await stop(this.xvfb);
  }
}

export class ChromiumProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly userDataDir: string,
  ) {}

  get pid(): number {
    return this.child.pid as number;
  }

  static async launch(executable: string, display: string): Promise<ChromiumProcess> {
    const userDataDir = await mkdtemp(join(tmpdir(), 'sightline-x11-'));
    const child = spawn(
      executable,
      [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-default-browser-check',
        '--password-store=basic',
        `--user-data-dir=${userDataDir}`,
        '--remote-debugging-port=0',
        '--remote-debugging-address=127.0.0.1',
        '--window-position=10,10',
        '--window-size=900,700',
        'about:blank',
      ],
      { stdio: 'ignore', env: { ...process.env, DISPLAY: display } },
    );
    return new ChromiumProcess(child, userDataDir);
  }

  async activePortFile(): Promise<{ port: number; path: string }> {
    return waitFor('DevToolsActivePort', async () => {
      const [port, path] = (await readFile(join(this.userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n');
      return port && path ? { port: Number(port), path } : null;
    });
  }

  async stop(): Promise<void> {
    await stop(this.child);
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}
