import { readdirSync, readFileSync } from 'node:fs';
import { parseCmdline } from '../proc-cmdline.js';
import { parseProcStat } from '../proc-stat.js';

/**
 * Synchronous looks at `/proc` for tests that count processes (which browsers a server launched,
 * what a test left running), with the adapter's own parsers. Sync so a test can poll it from
 * `expect.poll` or a plain condition.
 */
export interface LiveProcess {
  pid: number;
  ppid: number;
  /** The argument vector (`argv[0]` first). */
  args: string[];
}

/** Every process that is running now; zombies, and processes that exit while being read, are left out. */
export function liveProcesses(procRoot = '/proc'): LiveProcess[] {
  const found: LiveProcess[] = [];
  for (const entry of readdirSync(procRoot)) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseProcStat(readFileSync(`${procRoot}/${entry}/stat`, 'utf8'));
      if (!stat || stat.state === 'Z' || stat.state === 'X') continue;
      found.push({ pid: stat.pid, ppid: stat.ppid, args: parseCmdline(readFileSync(`${procRoot}/${entry}/cmdline`, 'utf8')) });
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** The live descendants of `root` (not `root` itself), parents before their children. */
export function descendantsOf(root: number, processes: LiveProcess[] = liveProcesses()): LiveProcess[] {
  const byParent = new Map<number, LiveProcess[]>();
  for (const process of processes) byParent.set(process.ppid, [...(byParent.get(process.ppid) ?? []), process]);
  const order: LiveProcess[] = [];
  const seen = new Set<number>([root]);
  for (let queue = [root]; queue.length > 0; ) {
    const next: number[] = [];
    for (const pid of queue) {
      for (const child of byParent.get(pid) ?? []) {
        if (seen.has(child.pid)) continue;
        seen.add(child.pid);
        order.push(child);
        next.push(child.pid);
      }
    }
    queue = next;
  }
  return order;
}

/** Live processes started with a `--user-data-dir` inside `parent` (a profile folder the test owns). */
export function processesWithProfileUnder(parent: string, processes: LiveProcess[] = liveProcesses()): LiveProcess[] {
  return processes.filter((process) => process.args.some((arg) => arg.startsWith(`--user-data-dir=${parent}`)));
}
