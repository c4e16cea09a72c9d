import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { SightlineError } from '@sightline/semantic-core/launch-support';

/** Names tried on PATH, in order, when `SIGHTLINE_CHROME` is not set. */
export const CHROME_EXECUTABLE_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

/**
 * Finds the Chromium-family executable for the managed route: `$SIGHTLINE_CHROME`, then the first
 * of {@link CHROME_EXECUTABLE_NAMES} on PATH. None → refusal `browser_requires_setup`.
 */
export function findChromeExecutable(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['SIGHTLINE_CHROME'];
  if (explicit) {
    if (isExecutable(explicit)) return explicit;
    throw new SightlineError('browser_requires_setup', `SIGHTLINE_CHROME points at ${explicit}, which is not an executable file. Fix the path or unset it to search PATH.`);
  }
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of CHROME_EXECUTABLE_NAMES) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  throw new SightlineError(
    'browser_requires_setup',
    'No Chromium-family browser found (looked for chromium, chromium-browser, google-chrome on PATH). Install one (e.g. `apt-get install chromium`) or set SIGHTLINE_CHROME to its executable.',
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
