import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SightlineError, TransportError, type Size } from '@sightline/semantic-core';
import { chromeFlags } from './chrome-flags.js';
import { findChromeExecutable } from './chrome-executable.js';

/** How long a managed Chromium may take to write DevToolsActivePort (ms). */
export const LAUNCH_TIMEOUT_MS = 20_000;
/** How often the watchdog checks that the owning Node process is still alive (s). */
const WATCHDOG_INTERVAL_S = 0.5;

export interface ManagedChrome {
  readonly pid: number;
  readonly profileDir: string;
  /** ws://127.0.0.1:<port>/devtools/browser/<id> */
  readonly webSocketUrl: string;
  /** Kill the process group and delete the profile (idempotent, synchronous). */
  stop(): void;
}

const live = new Set<ManagedChrome>();
let hooksInstalled = false;

/**
 * Starts Chromium in a fresh profile, in its own process group led by a tiny `sh` watchdog that
 * kills the group and deletes the profile if this Node process disappears without cleaning up
 * (even on SIGKILL). Normal paths (`stop()`, process exit, SIGINT/SIGTERM/SIGHUP) clean up
 * synchronously.
 */
export async function launchManagedChrome(options: { headless: boolean; viewport: Size; env?: NodeJS.ProcessEnv }): Promise<ManagedChrome> {
  const executable = findChromeExecutable(options.env);
  const profileDir = mkdtempSync(join(tmpdir(), 'sightline-chrome-'));
  const args = chromeFlags({ profileDir, headless: options.headless, viewport: options.viewport });
  const script = [
    '"$@" >/dev/null 2>&1 </dev/null &',
    'child=$!',
    `owner=${process.pid}`,
    `while kill -0 "$owner" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep ${WATCHDOG_INTERVAL_S}; done`,
    'kill -9 "$child" 2>/dev/null',
    // Every other member of this group (browser helpers), then the profile once nothing can write to it.
    'for p in $(pgrep -g $$ 2>/dev/null); do [ "$p" = "$$" ] || kill -9 "$p" 2>/dev/null; done',
    'sleep 0.3',
    `rm -rf "${profileDir.replace(/"/g, '')}"`,
    'kill -9 0',
  ].join('\n');
  const child = spawn('/bin/sh', ['-c', script, 'sightline-chrome-watchdog', executable, ...args], {
    detached: true,
    stdio: 'ignore',
    env: options.env ?? process.env,
  });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) {
    rmSync(profileDir, { recursive: true, force: true });
    throw new SightlineError('browser_requires_setup', `Could not start ${executable}. Check that it runs, or set SIGHTLINE_CHROME.`);
  }
  let stopped = false;
  const managed: ManagedChrome = {
    pid,
    profileDir,
    webSocketUrl: '',
    stop() {
      if (stopped) return;
      stopped = true;
      live.delete(managed);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Group already gone.
      }
      try {
        rmSync(profileDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
      } catch {
        // A dying helper was still writing; the sweeper below finishes the job.
      }
      sweepLater(profileDir);
    },
  };
  live.add(managed);
  installProcessHooks();
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + LAUNCH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const port = readActivePort(profileDir);
    if (port) {
      (managed as { webSocketUrl: string }).webSocketUrl = `ws://127.0.0.1:${port.port}${port.path}`;
      return managed;
    }
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  managed.stop();
  throw exited
    ? new SightlineError('browser_requires_setup', `${executable} exited during start-up. Run it by hand with --headless to see why, or set SIGHTLINE_CHROME to a working browser.`)
    : new TransportError('timeout', `${executable} did not open its DevTools port within ${LAUNCH_TIMEOUT_MS} ms`, 'launch');
}

/**
 * Killed browser helpers can write to the profile for a few ms after the group kill; a detached
 * one-second sweeper (its own session, so it survives this process) removes what they left.
 */
function sweepLater(profileDir: string): void {
  try {
    const sweeper = spawn('/bin/sh', ['-c', 'sleep 1; rm -rf "$SIGHTLINE_SWEEP"'], {
      detached: true,
      stdio: 'ignore',
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', SIGHTLINE_SWEEP: profileDir },
    });
    sweeper.unref();
  } catch {
    // Nothing more can be done while the process exits.
  }
}

function readActivePort(profileDir: string): { port: number; path: string } | null {
  try {
    const [portLine, pathLine] = readFileSync(join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n');
    const port = Number(portLine);
    if (!Number.isInteger(port) || port <= 0 || !pathLine) return null;
    return { port, path: pathLine.trim() };
  } catch {
    return null;
  }
}

function stopAll(): void {
  for (const chrome of [...live]) chrome.stop();
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
