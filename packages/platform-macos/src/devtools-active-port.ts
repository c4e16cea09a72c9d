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

/** Default user-data-dirs under `~/Library/Application Support`, by the executable that owns them. */
const DEFAULT_PROFILES: Array<{ match: RegExp; dir: string }> = [
  { match: /Google Chrome Canary/i, dir: 'Google/Chrome Canary' },
  { match: /Google Chrome Beta/i, dir: 'Google/Chrome Beta' },
  { match: /Google Chrome Dev/i, dir: 'Google/Chrome Dev' },
  { match: /Google Chrome/i, dir: 'Google/Chrome' },
  { match: /Chromium/i, dir: 'Chromium' },
  { match: /Microsoft Edge/i, dir: 'Microsoft Edge' },
  { match: /Brave Browser/i, dir: 'BraveSoftware/Brave-Browser' },
];

/** The default profile directory (relative to Application Support) for an executable path, or null. */
export function defaultProfileDirectory(executable: string): string | null {
  return DEFAULT_PROFILES.find((entry) => entry.match.test(executable))?.dir ?? null;
}
