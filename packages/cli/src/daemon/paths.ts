import { mkdirSync, lstatSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the daemon keeps its socket, pid file and log. */
export interface RuntimePaths {
  dir: string;
  socket: string;
  pidFile: string;
  logFile: string;
}

export interface RuntimeEnvironment {
  SIGHTLINE_RUNTIME_DIR?: string | undefined;
  XDG_RUNTIME_DIR?: string | undefined;
}

function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/**
 * Picks the runtime directory: `SIGHTLINE_RUNTIME_DIR`, else `$XDG_RUNTIME_DIR/sightline`,
 * else a private `sightline-<uid>` directory under the system temp dir. Pure: touches no disk.
 */
export function runtimeDirectory(env: RuntimeEnvironment = process.env, tempDir: string = tmpdir()): string {
  if (env.SIGHTLINE_RUNTIME_DIR) return env.SIGHTLINE_RUNTIME_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'sightline');
  const uid = currentUid();
  return join(tempDir, `sightline-${uid ?? 'user'}`);
}

export function runtimePaths(dir: string): RuntimePaths {
  return {
    dir,
    socket: join(dir, 'daemon.sock'),
    pidFile: join(dir, 'daemon.pid'),
    logFile: join(dir, 'daemon.log'),
  };
}

/**
 * Creates the runtime directory with mode 0700 and checks that it belongs to this user and is
 * not readable by anyone else (a shared temp dir could hold someone else's directory).
 */
export function ensureRuntimeDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory; remove it or set SIGHTLINE_RUNTIME_DIR`);
  const uid = currentUid();
  if (uid !== null && stat.uid !== uid) {
    throw new Error(`${dir} belongs to another user; set SIGHTLINE_RUNTIME_DIR to a private directory`);
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}
