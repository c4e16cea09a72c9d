import { readFile, readdir } from 'node:fs/promises';
import { parseProcStat, type ProcStat } from './proc-stat.js';

/**
 * The process tree below a pid, from `/proc`. Uses `/proc/<pid>/task/<tid>/children` when the
 * kernel provides it (CONFIG_PROC_CHILDREN) and falls back to one scan of `/proc/<n>/stat` ppids.
 */
export async function readProcStat(pid: number, procRoot = '/proc'): Promise<ProcStat | null> {
  try {
    return parseProcStat(await readFile(`${procRoot}/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

async function childrenFromTaskFiles(pid: number, procRoot: string): Promise<number[] | null> {
  let tasks: string[];
  try {
    tasks = await readdir(`${procRoot}/${pid}/task`);
  } catch {
    return null;
  }
  const children: number[] = [];
  for (const tid of tasks) {
    let text: string;
    try {
      text = await readFile(`${procRoot}/${pid}/task/${tid}/children`, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && tid === String(pid)) return null;
      continue;
    }
    for (const token of text.split(/\s+/)) if (/^\d+$/.test(token)) children.push(Number(token));
  }
  return children;
}

/** Maps each ppid to its children by reading every `/proc/<n>/stat` once. */
export async function scanParentMap(procRoot = '/proc'): Promise<Map<number, number[]>> {
  const byParent = new Map<number, number[]>();
  const entries = (await readdir(procRoot)).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(entries.map((name) => readProcStat(Number(name), procRoot)));
  for (const stat of stats) {
    if (!stat) continue;
    const list = byParent.get(stat.ppid) ?? [];
    list.push(stat.pid);
    byParent.set(stat.ppid, list);
  }
  return byParent;
}

/** `pid` followed by all its descendants, breadth first (each at most once). */
export async function processTree(pid: number, procRoot = '/proc'): Promise<number[]> {
  const seen = new Set<number>([pid]);
  const order = [pid];
  let parentMap: Map<number, number[]> | null = null;
  for (let index = 0; index < order.length; index += 1) {
    const current = order[index] as number;
    let children = parentMap ? null : await childrenFromTaskFiles(current, procRoot);
    if (children === null) {
      parentMap ??= await scanParentMap(procRoot);
      children = parentMap.get(current) ?? [];
    }
    for (const child of children) {
      if (!seen.has(child)) {
        seen.add(child);
        order.push(child);
      }
    }
  }
  return order;
}
