/**
 * The managed browser's watchdog, run as its own detached Node process by managed-chrome.ts
 * (`node watchdog.js <profile name>`; the argument only labels it in process listings). When the
 * owner is gone it kills Chromium's process tree and deletes the profile. Only Node built-ins: it
 * must start fast and behave the same on Linux, macOS and Windows.
 *
 * Owner → watchdog, stdin: one JSON line, a {@link WatchdogConfig}; then `gone` once the owner has
 * seen the browser exit (its pid may be reused from then on: never killed again); then end of
 * input means "finish". The owner ends it in `stop()`, and the OS ends it when the owner dies in
 * any way, even by SIGKILL, because a dead process's pipes are closed.
 *
 * The owner starts Chromium itself (issue 16: waiting for this process to boot first cost every
 * launch ~60–100 ms), in its own process group on POSIX, and hands the pid over at once.
 */
import { killProcessTree, removeDirectory } from './process-tree.js';

export interface WatchdogConfig {
  /** The browser the owner started (null: it could not be started; only the profile is swept). */
  browserPid: number | null;
  profileDir: string;
  /** Also polled, in case a handle leaked into another process keeps the pipe open. */
  ownerPid: number;
}

const OWNER_POLL_MS = 1_000;
/** How often a killed browser is looked for until it is gone, and for how long at most. */
const GONE_POLL_MS = 50;
const GONE_WAIT_MS = 5_000;
/** A killed helper can still write to the profile for a moment: sweep once more after this. */
const RESWEEP_MS = 1_000;

let config: WatchdogConfig | undefined;
/** The owner saw the browser exit: its pid is not ours to kill any more. */
let browserGone = false;
let finishing = false;

function start(next: WatchdogConfig): void {
  config = next;
  setInterval(() => {
    if (!isAlive(next.ownerPid)) finish();
  }, OWNER_POLL_MS).unref();
}

function finish(): void {
  if (finishing) return;
  finishing = true;
  if (!config) process.exit(0); // the owner left before sending anything: nothing was started
  const { profileDir, browserPid } = config;
  if (browserPid === null || browserGone || !isAlive(browserPid)) {
    sweep(profileDir);
    return;
  }
  killProcessTree(browserPid);
  // Not our child: wait until the process is gone (reaped by the owner, or by init once the owner died).
  const deadline = Date.now() + GONE_WAIT_MS;
  const poll = setInterval(() => {
    if (isAlive(browserPid) && Date.now() < deadline) return;
    clearInterval(poll);
    sweep(profileDir);
  }, GONE_POLL_MS);
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

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  input += chunk;
  for (let newline = input.indexOf('\n'); newline >= 0; newline = input.indexOf('\n')) {
    const line = input.slice(0, newline);
    input = input.slice(newline + 1);
    if (!config) start(JSON.parse(line) as WatchdogConfig);
    else if (line === 'gone') browserGone = true;
  }
});
process.stdin.once('end', finish);
process.stdin.once('error', finish);
