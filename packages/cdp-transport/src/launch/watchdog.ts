/**
 * The managed browser's watchdog, run as its own detached Node process by managed-chrome.ts
 * (`node watchdog.js <profile name>`; the argument only labels it in process listings). It starts
 * Chromium, and when the owner is gone it kills Chromium's process tree and deletes the profile.
 * Only Node built-ins: it must start fast and behave the same on Linux, macOS and Windows.
 *
 * Owner → watchdog, stdin: one JSON line, a {@link WatchdogConfig}; then end of input means
 * "finish". The owner ends it in `stop()`, and the OS ends it when the owner dies in any way, even
 * by SIGKILL, because a dead process's pipes are closed. Watchdog → owner, stdout: `pid <n>` once
 * Chromium runs, `exit` when it has exited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { killProcessTree, removeDirectory } from './process-tree.js';

export interface WatchdogConfig {
  executable: string;
  args: string[];
  profileDir: string;
  /** Also polled, in case a handle leaked into another process keeps the pipe open. */
  ownerPid: number;
}

const OWNER_POLL_MS = 1_000;
/** A killed helper can still write to the profile for a moment: sweep once more after this. */
const RESWEEP_MS = 1_000;

let config: WatchdogConfig | undefined;
let browser: ChildProcess | undefined;
let browserExited = false;
let finishing = false;

function start(next: WatchdogConfig): void {
  config = next;
  // POSIX: its own process group, so one group kill reaches every helper but not this process.
  browser = spawn(next.executable, next.args, { detached: process.platform !== 'win32', stdio: 'ignore' });
  browser.once('error', () => {
    browserExited = true;
    finish();
  });
  browser.once('exit', () => {
    browserExited = true;
    process.stdout.write('exit\n');
    finish();
  });
  if (browser.pid !== undefined) process.stdout.write(`pid ${browser.pid}\n`);
  setInterval(() => {
    if (!isAlive(next.ownerPid)) finish();
  }, OWNER_POLL_MS).unref();
}

function finish(): void {
  if (finishing) return;
  finishing = true;
  if (!config) process.exit(0); // the owner left before sending anything: nothing was started
  const { profileDir } = config;
  if (browser?.pid !== undefined && !browserExited) {
    // This process holds the browser's handle until its exit is seen, so the pid cannot have been reused.
    browser.once('exit', () => sweep(profileDir));
    killProcessTree(browser.pid);
  } else {
    sweep(profileDir);
  }
}

function sweep(profileDir: string): void {
  removeDirectory(profileDir);
  setTimeout(() => {
    removeDirectory(profileDir);
    process.exit(0);
  }, RESWEEP_MS);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// The owner may be gone before it reads what we write; that must not end us before the cleanup.
process.stdout.on('error', () => {});
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (config) return;
  input += chunk;
  const newline = input.indexOf('\n');
  if (newline >= 0) start(JSON.parse(input.slice(0, newline)) as WatchdogConfig);
});
process.stdin.once('end', finish);
process.stdin.once('error', finish);
