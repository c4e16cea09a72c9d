import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { descendantsOf } from '@sightline/platform-linux/testing';

/**
 * Test-side eyes on the browsers the built server launched (Linux /proc): which Chromium processes
 * descend from the server, and the DevTools port each one wrote. Only the test uses this; the
 * server under test is not told.
 */
export interface LaunchedChromium {
  pid: number;
  userDataDir: string;
  port: number;
}

/** Browser processes (the ones with a --user-data-dir and no --type) started under `serverPid`. */
export function launchedChromiums(serverPid: number): LaunchedChromium[] {
  const browsers: LaunchedChromium[] = [];
  for (const { pid, args } of descendantsOf(serverPid)) {
    if (args.some((arg) => arg.startsWith('--type='))) continue;
    const dirArg = args.find((arg) => arg.startsWith('--user-data-dir='));
    if (!dirArg) continue;
    const userDataDir = dirArg.slice('--user-data-dir='.length);
    // /usr/bin/chromium is a shell wrapper: the script and the browser carry the same arguments.
    if (browsers.some((browser) => browser.userDataDir === userDataDir)) continue;
    try {
      const port = Number(readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      browsers.push({ pid, userDataDir, port });
    } catch {
      // Not started yet, or not a DevTools browser.
    }
  }
  return browsers;
}
