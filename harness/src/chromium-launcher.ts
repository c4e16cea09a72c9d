import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEC_CHROMIUM_FLAGS } from '@sightline/cdp-transport';

/** Flags without which Debian Chromium hangs or phones home on a closed network (SPEC §11), headless. */
export const CHROMIUM_BASE_FLAGS: readonly string[] = Object.freeze(['--headless', ...SPEC_CHROMIUM_FLAGS]);

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export interface LaunchTestChromiumOptions {
  /** Browser executable; defaults to $SIGHTLINE_CHROME, then /usr/bin/chromium. */
  executablePath?: string;
  /** Window size in CSS px; default 1280×800. */
  windowSize?: { width: number; height: number };
  /** Extra command-line flags, appended after the base flags. */
  extraArgs?: string[];
  /** URL of the first tab; default about:blank. */
  url?: string;
  /** How long to wait for DevToolsActivePort; default 30 s. */
  startTimeoutMs?: number;
}

export interface TestChromium {
  /** Browser-level DevTools WebSocket, `ws://127.0.0.1:<port>/devtools/browser/<id>`. */
  wsEndpoint: string;
  /** `http://127.0.0.1:<port>`, for `/json/*` and chrome-remote-interface's host/port. */
  httpEndpoint: string;
  /** The DevTools port. */
  port: number;
  /** Browser process id (also its process group id). */
  pid: number;
  /** The fresh profile directory, deleted on close. */
  userDataDir: string;
  /** Kill the browser's process group and delete the profile. Safe to call twice. */
  close(): Promise<void>;
}

const live = new Set<{ pid: number; userDataDir: string }>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const browser of live) {
      killGroup(browser.pid, 'SIGKILL');
      rmSync(browser.userDataDir, { recursive: true, force: true });
    }
  });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Start a headless Chromium for tests on a fresh profile with DevTools on a free loopback port
 * (read from the profile's DevToolsActivePort). The browser runs in its own process group, which
 * `close()` (or this process's exit) kills; the profile is deleted with it.
 */
export async function launchTestChromium(options: LaunchTestChromiumOptions = {}): Promise<TestChromium> {
  const executable = options.executablePath ?? process.env.SIGHTLINE_CHROME ?? DEFAULT_CHROMIUM_PATH;
  const size = options.windowSize ?? { width: 1280, height: 800 };
  const userDataDir = mkdtempSync(join(tmpdir(), 'sightline-chromium-'));
  const args = [
    ...CHROMIUM_BASE_FLAGS,
    `--user-data-dir=${userDataDir}`,
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    `--window-size=${size.width},${size.height}`,
    ...(options.extraArgs ?? []),
    options.url ?? 'about:blank',
  ];
  const child = spawn(executable, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 200) stderr.shift();
  });
  const pid = child.pid;
  if (pid === undefined) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(`could not start ${executable}`);
  }
  const entry = { pid, userDataDir };
  live.add(entry);
  installExitHook();

  let exited = child.exitCode !== null;
  const exitPromise = new Promise<void>((resolve) => {
    if (exited) resolve();
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  child.once('error', () => {
    exited = true;
  });

  const close = async (): Promise<void> => {
    if (!live.has(entry)) return;
    live.delete(entry);
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5_000);
    await exitPromise;
    clearTimeout(timer);
    killGroup(pid, 'SIGKILL'); // stragglers in the group (zygotes, renderers)
    rmSync(userDataDir, { recursive: true, force: true });
  };

  try {
    const { port, path } = await waitForDevToolsActivePort(userDataDir, options.startTimeoutMs ?? 30_000, () => exited, child);
    child.stderr?.removeAllListeners('data');
    child.stderr?.resume();
    return {
      wsEndpoint: `ws://127.0.0.1:${port}${path}`,
      httpEndpoint: `http://127.0.0.1:${port}`,
      port,
      pid,
      userDataDir,
      close,
    };
  } catch (error) {
    await close();
    const tail = stderr.join('').split('\n').slice(-15).join('\n');
    throw new Error(`${(error as Error).message}\n--- chromium stderr (tail) ---\n${tail}`);
  }
}

async function waitForDevToolsActivePort(
  userDataDir: string,
  timeoutMs: number,
  hasExited: () => boolean,
  child: ChildProcess,
): Promise<{ port: number; path: string }> {
  const file = join(userDataDir, 'DevToolsActivePort');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`chromium exited early (code ${child.exitCode ?? 'unknown'})`);
    try {
      const [portLine, pathLine] = readFileSync(file, 'utf8').split('\n');
      const port = Number(portLine);
      if (Number.isInteger(port) && port > 0 && pathLine?.startsWith('/devtools/browser/')) {
        return { port, path: pathLine.trim() };
      }
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`chromium did not write ${file} within ${timeoutMs} ms`);
}
