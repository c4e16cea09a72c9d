import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { constants, setPriority, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVTOOLS_ACTIVE_PORT_FILE, parseDevToolsActivePort, SightlineError, TransportError, cancelledError, type Size } from '@sightline/semantic-core/launch-support';
import { chromeFlags } from './chrome-flags.js';
import { findChromeExecutable } from './chrome-executable.js';
import { killProcessTree, removeDirectory, removeDirectoryAsync } from './process-tree.js';
import type { WatchdogConfig } from './watchdog.js';

/** How long a managed Chromium may take to write DevToolsActivePort (ms). */
export const LAUNCH_TIMEOUT_MS = 20_000;
const WATCHDOG_SCRIPT = fileURLToPath(new URL('./watchdog.js', import.meta.url));

export interface ManagedChrome {
  /** The browser process. */
  readonly pid: number;
  readonly profileDir: string;
  /** ws://127.0.0.1:<port>/devtools/browser/<id> */
  readonly webSocketUrl: string;
  /**
   * Kill the browser's process tree and delete the profile (idempotent). The kill is sent at once;
   * the promise settles when the browser has exited (bounded by {@link STOP_WAIT_MS}) and the
   * profile is removed (asynchronously: a busy server never blocks on a profile delete).
   */
  stop(): Promise<void>;
  /** Settles when the browser process has exited (however it ended). */
  readonly exited: Promise<void>;
}

/** How often the launch looks for the DevToolsActivePort file (ms). */
const ACTIVE_PORT_POLL_MS = 10;

/** How long `stop()` waits for the killed browser to be reaped before it settles anyway. */
export const STOP_WAIT_MS = 5_000;

const live = new Set<() => void>();
let hooksInstalled = false;

export interface ManagedChromeOptions {
  headless: boolean;
  viewport: Size;
  /** Where `SIGHTLINE_CHROME` and PATH are read; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** More command-line flags, after the SPEC §11 set. */
  extraArgs?: readonly string[];
  /** The first tab's URL; default about:blank. */
  url?: string;
  /** How long Chromium may take to open its DevTools port; default {@link LAUNCH_TIMEOUT_MS}. */
  startTimeoutMs?: number;
  /** The caller gave up: stop the browser and reject with a `cancelled` TransportError. */
  signal?: AbortSignal;
  /** Where the fresh profile directory is created; default the OS temp directory. */
  profileParent?: string;
}

/**
 * Starts Chromium in a fresh profile, watched by a small detached Node watchdog (watchdog.ts) that
 * kills it and deletes the profile if this Node process disappears without cleaning up (even on
 * SIGKILL), on Linux, macOS and Windows. Normal paths (`stop()`, process exit, SIGINT/SIGTERM/SIGHUP) clean
 * up synchronously.
 */
export async function launchManagedChrome(options: ManagedChromeOptions): Promise<ManagedChrome> {
  if (options.signal?.aborted) throw cancelledError('the launch');
  const executable = findChromeExecutable(options.env);
  const profileDir = mkdtempSync(join(options.profileParent ?? tmpdir(), 'sightline-chrome-'));
  const args = chromeFlags({ profileDir, headless: options.headless, viewport: options.viewport, extraArgs: options.extraArgs, url: options.url });
  // The watchdog first: from the browser's first moment, something that outlives this process
  // (even a SIGKILL of it) is there to stop the browser and delete its profile.
  const watchdog = spawn(process.execPath, [WATCHDOG_SCRIPT, basename(profileDir)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: options.env ?? process.env,
    windowsHide: true,
  });
  let watchdogGone = false;
  const watchdogEnded = () => {
    watchdogGone = true;
  };
  watchdog.on('error', watchdogEnded).once('exit', watchdogEnded);
  if (watchdog.pid === undefined) {
    removeDirectory(profileDir);
    throw new SightlineError('browser_requires_setup', `Could not start the browser's watchdog (${process.execPath}), so ${executable} was not started.`);
  }
  // Issue 16: its boot (~50 ms of CPU) must not slow the browser's start or the Driver's load on two
  // cores; below normal it still runs as soon as a core is free, long before the owner could be gone.
  try {
    setPriority(watchdog.pid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not permitted here: it runs at normal priority.
  }
  const toWatchdog = watchdog.stdin as Socket;
  toWatchdog.on('error', () => {}); // the watchdog already ended: nothing left to tell it
  // Issue 16: Chromium starts here, at once, not from the watchdog once that second Node process
  // has booted (~60–100 ms more per launch on the 2-core machine). POSIX: its own process group, so
  // one group kill reaches every helper but not this process.
  const browser = spawn(executable, args, { detached: process.platform !== 'win32', stdio: 'ignore', env: options.env ?? process.env, windowsHide: true });
  const browserPid = browser.pid;
  const config: WatchdogConfig = { browserPid: browserPid ?? null, profileDir, ownerPid: process.pid };
  toWatchdog.write(`${JSON.stringify(config)}\n`);
  let browserGone = browserPid === undefined;
  let markExited: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => {
    markExited = resolve;
  });
  const browserEnded = (): void => {
    browserGone = true;
    // Once this process has seen the exit, the pid may be reused: the watchdog must not kill it any more.
    if (!toWatchdog.destroyed) toWatchdog.write('gone\n');
    markExited();
  };
  browser.once('error', browserEnded).once('exit', browserEnded);
  if (browserGone) markExited();
  // Neither the browser, the watchdog nor its pipe may keep this process alive.
  browser.unref();
  watchdog.unref();
  toWatchdog.unref();

  let stopping: Promise<void> | null = null;
  /** Synchronous part of a stop: the kill (also what the process-exit hooks run). */
  const kill = (): void => {
    live.delete(stopNow);
    if (browserPid !== undefined && !browserGone) killProcessTree(browserPid);
    // "Finish": the watchdog kills whatever is left, sweeps the profile once more and exits.
    toWatchdog.destroy();
  };
  const stopNow = (): void => {
    if (stopping) return;
    stopping = Promise.resolve();
    kill();
    removeDirectory(profileDir);
  };
  const stop = (): Promise<void> => {
    if (stopping) return stopping;
    kill();
    stopping = (async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]).finally(() => clearTimeout(timer));
      await removeDirectoryAsync(profileDir);
    })();
    return stopping;
  };
  live.add(stopNow);
  installProcessHooks();

  const startTimeoutMs = options.startTimeoutMs ?? LAUNCH_TIMEOUT_MS;
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (options.signal?.aborted) {
      await stop();
      throw cancelledError('the launch');
    }
    const port = readActivePort(profileDir);
    if (port && browserPid !== undefined) {
      return { pid: browserPid, profileDir, webSocketUrl: `ws://127.0.0.1:${port.port}${port.path}`, stop, exited };
    }
    if (browserGone || watchdogGone) break;
    // A short poll: the file appears ~0.2 s after the spawn, and every ms of it is the caller's wait.
    await new Promise((resolve) => setTimeout(resolve, ACTIVE_PORT_POLL_MS));
  }
  await stop();
  throw browserGone || watchdogGone
    ? new SightlineError('browser_requires_setup', `${executable} exited during start-up. Run it by hand with --headless to see why, or set SIGHTLINE_CHROME to a working browser.`)
    : new TransportError('timeout', `${executable} did not open its DevTools port within ${startTimeoutMs} ms`, 'launch');
}

function readActivePort(profileDir: string): { port: number; path: string } | null {
  try {
    // Null until Chromium has written both lines (it may be caught half-written).
    return parseDevToolsActivePort(readFileSync(join(profileDir, DEVTOOLS_ACTIVE_PORT_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function stopAll(): void {
  for (const stop of [...live]) stop();
}

function installProcessHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      stopAll();
      // Keep the host's behaviour: if nobody else handles the signal, re-raise it with the default action.
      process.removeListener(signal, handler);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, handler);
  }
}
