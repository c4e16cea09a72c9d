// The DevToolsActivePort parser is pure and shared by every platform, so it lives in semantic-core.
export { parseDevToolsActivePort } from '@sightline/semantic-core';

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
