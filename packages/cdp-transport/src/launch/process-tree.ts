import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/**
 * Kills a browser and every process it started, synchronously; a pid that is already gone is fine.
 * POSIX: `pid` must lead its own process group (spawned `detached`), and the whole group gets
 * SIGKILL. Windows has no process groups: `taskkill /T` walks the parent/child tree instead.
 */
export function killProcessTree(pid: number): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Group already gone.
  }
}

/** rmSync retries on EBUSY/EPERM/ENOTEMPTY, each waiting 50 ms longer than the last. */
const REMOVE_RETRIES = process.platform === 'win32' ? 10 : 3;

/**
 * Deletes a profile directory as far as it can (never throws). The retries cover a killed
 * process that still writes for a moment and, on Windows, files that stay locked briefly after their
 * process died (up to ~2.75 s there, ~0.3 s elsewhere).
 */
export function removeDirectory(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: REMOVE_RETRIES, retryDelay: 50 });
  } catch {
    // Still in use; the watchdog sweeps again.
  }
}

/** {@link removeDirectory} off the event loop: a server ending many sessions at once never stalls on it. */
export async function removeDirectoryAsync(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: REMOVE_RETRIES, retryDelay: 50 });
  } catch {
    // Still in use; the watchdog sweeps again.
  }
}
