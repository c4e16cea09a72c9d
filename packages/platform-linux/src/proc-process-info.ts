import { readFile, readlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DevToolsActivePort, ProcessFingerprint } from '@sightline/semantic-core';
import { DEVTOOLS_ACTIVE_PORT_FILE, parseDevToolsActivePort } from './devtools-active-port.js';
import { parseCmdline, userDataDirFromArgs } from './proc-cmdline.js';
import { readProcStat } from './proc-process-tree.js';

/** Process identity and profile facts read from `/proc/<pid>`. */

export async function processFingerprint(pid: number, procRoot = '/proc'): Promise<ProcessFingerprint | null> {
  const stat = await readProcStat(pid, procRoot);
  if (!stat) return null;
  let executable: string;
  try {
    executable = await readlink(`${procRoot}/${pid}/exe`);
  } catch {
    // Not ours to read (or a kernel thread): fall back to the command name, still stable per process.
    executable = stat.comm;
  }
  return { pid, startTime: stat.startTime, executable };
}

export async function processArgs(pid: number, procRoot = '/proc'): Promise<string[] | null> {
  try {
    return parseCmdline(await readFile(`${procRoot}/${pid}/cmdline`, 'utf8'));
  } catch {
    return null;
  }
}

/** Parses `/proc/<pid>/environ` (NUL-separated `KEY=value`). */
export function parseEnviron(text: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const entry of text.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  return env;
}

/**
 * Chromium's default Linux profile directory when no `--user-data-dir` was given, chosen by the
 * executable name and the process's own environment (CHROME_USER_DATA_DIR, XDG_CONFIG_HOME, HOME).
 */
export function defaultUserDataDir(executable: string, env: Map<string, string>): string | null {
  const fromEnv = env.get('CHROME_USER_DATA_DIR');
  if (fromEnv) return fromEnv;
  const configHome = env.get('XDG_CONFIG_HOME') || join(env.get('HOME') || homedir(), '.config');
  const name = executable.split('/').pop() ?? '';
  const path = executable.toLowerCase();
  if (path.includes('chrome-beta')) return join(configHome, 'google-chrome-beta');
  if (path.includes('chrome-unstable') || path.includes('chrome-dev')) return join(configHome, 'google-chrome-unstable');
  if (path.includes('google/chrome') || name === 'chrome' || name === 'google-chrome') return join(configHome, 'google-chrome');
  if (name.startsWith('chromium')) return join(configHome, 'chromium');
  if (path.includes('microsoft/msedge') || name.startsWith('msedge')) return join(configHome, 'microsoft-edge');
  if (path.includes('brave')) return join(configHome, 'BraveSoftware', 'Brave-Browser');
  return null;
}

export async function userDataDir(pid: number, procRoot = '/proc'): Promise<string | null> {
  const args = await processArgs(pid, procRoot);
  if (!args) return null;
  const explicit = userDataDirFromArgs(args);
  if (explicit) return explicit;
  let executable = args[0] ?? '';
  try {
    executable = await readlink(`${procRoot}/${pid}/exe`);
  } catch {
    // keep argv[0]
  }
  let env = new Map<string, string>();
  try {
    env = parseEnviron(await readFile(`${procRoot}/${pid}/environ`, 'utf8'));
  } catch {
    // environ is private to the owner; fall back to our own HOME
  }
  return defaultUserDataDir(executable, env);
}

export async function devToolsActivePort(pid: number, procRoot = '/proc'): Promise<DevToolsActivePort | null> {
  const dir = await userDataDir(pid, procRoot);
  if (!dir) return null;
  // Resolve a relative --user-data-dir against the process's working directory.
  let absolute = dir;
  if (!dir.startsWith('/')) {
    try {
      absolute = join(await readlink(`${procRoot}/${pid}/cwd`), dir);
    } catch {
      return null;
    }
  }
  try {
    return parseDevToolsActivePort(await readFile(join(absolute, DEVTOOLS_ACTIVE_PORT_FILE), 'utf8'));
  } catch {
    return null;
  }
}
