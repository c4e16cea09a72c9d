import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
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

function freeDisplayNumber(): number {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const number = 90 + Math.floor(Math.random() * 400);
    if (!existsSync(`/tmp/.X11-unix/X${number}`) && !existsSync(`/tmp/.X${number}-lock`)) return number;
  }
  throw new Error('no free X display number');
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

  static async start(): Promise<XSession> {
    const number = freeDisplayNumber();
    const display = `:${number}`;
    const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    await waitFor(`Xvfb on ${display}`, async () => existsSync(`/tmp/.X11-unix/X${number}`) && xvfb.exitCode === null);
    const windowManager = spawn('openbox', [], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
    const session = new XSession(display, xvfb, windowManager);
    // openbox is ready once it advertises itself as the EWMH window manager.
    await waitFor('openbox', () =>
      X11Connection.with(display, 2000, async (connection) => (await connection.property(connection.root, '_NET_SUPPORTING_WM_CHECK')) !== null),
    );
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
