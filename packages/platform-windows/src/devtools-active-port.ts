import { win32 } from 'node:path';
import type { DevToolsActivePort } from '@sightline/semantic-core';

/** `DevToolsActivePort`: line 1 the port, line 2 the browser WebSocket path. */
export function parseDevToolsActivePort(text: string): DevToolsActivePort | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const portLine = lines[0] ?? '';
  const path = lines[1] ?? '';
  if (!/^\d{1,5}$/.test(portLine)) return null;
  const port = Number(portLine);
  if (port < 1 || port > 65535 || !path.startsWith('/devtools/browser/')) return null;
  return { port, path };
}

const DEFAULT_PROFILES: Array<{ match: RegExp; dir: string[] }> = [
  { match: /chrome sxs|chrome canary/i, dir: ['Google', 'Chrome SxS', 'User Data'] },
  { match: /chrome beta/i, dir: ['Google', 'Chrome Beta', 'User Data'] },
  { match: /google[\\/]chrome[\\/]/i, dir: ['Google', 'Chrome', 'User Data'] },
  { match: /chromium[\\/]/i, dir: ['Chromium', 'User Data'] },
  { match: /microsoft[\\/]edge[\\/]|msedge\.exe/i, dir: ['Microsoft', 'Edge', 'User Data'] },
  { match: /brave/i, dir: ['BraveSoftware', 'Brave-Browser', 'User Data'] },
];

/** The default `User Data` directory under %LOCALAPPDATA% for an executable path, or null. */
export function defaultUserDataDir(executable: string, localAppData: string): string | null {
  const entry = DEFAULT_PROFILES.find((candidate) => candidate.match.test(executable));
  return entry ? win32.join(localAppData, ...entry.dir) : null;
}
