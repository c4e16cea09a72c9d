import { win32 } from 'node:path';
// The DevToolsActivePort parser is pure and shared by every platform, so it lives in semantic-core.
export { parseDevToolsActivePort } from '@sightline/semantic-core';

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
