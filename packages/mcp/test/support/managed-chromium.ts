import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import CDP from 'chrome-remote-interface';

/**
 * Test-side eyes on the browsers the built server launched (Linux /proc): which Chromium processes
 * descend from the server, and the page journal of the fixture read over their own DevTools port.
 * Only the test uses this; the server under test is not told.
 */
export interface LaunchedChromium {
  pid: number;
  userDataDir: string;
  port: number;
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== null) parents.set(Number(entry), parent);
  }
  const found: number[] = [];
  for (const pid of parents.keys()) {
    for (let at: number | undefined = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) {
      if (at === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

/** Browser processes (the ones with a --user-data-dir and no --type) started under `serverPid`. */
export function launchedChromiums(serverPid: number): LaunchedChromium[] {
  const browsers: LaunchedChromium[] = [];
  for (const pid of descendants(serverPid)) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
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

/** The fixture journal (one JSON object per user action) of the first page whose URL starts with `urlPrefix`. */
export async function readJournal(browser: LaunchedChromium, urlPrefix: string): Promise<Array<Record<string, unknown>>> {
  const targets = await CDP.List({ host: '127.0.0.1', port: browser.port });
  const page = targets.find((target) => target.type === 'page' && target.url.startsWith(urlPrefix));
  if (!page) throw new Error(`no page at ${urlPrefix} in ${JSON.stringify(targets.map((target) => target.url))}`);
  const client = await CDP({ host: '127.0.0.1', port: browser.port, target: page.id });
  try {
    const { result } = await client.Runtime.evaluate({
      expression: "document.getElementById('sightline-journal').textContent",
      returnByValue: true,
    });
    return String(result.value ?? '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } finally {
    await client.close();
  }
}
