/**
 * Parsers for process facts on Windows, from PowerShell (`Get-CimInstance Win32_Process`) or, where
 * PowerShell is missing, `wmic` CSV output.
 */

export interface ProcessParentRow {
  pid: number;
  ppid: number;
  /** Creation time, ISO 8601 UTC, when the source reports it. */
  created?: string;
}

/** `"<pid> <ppid> [<created ISO>]"` lines (PowerShell) or `Node,ParentProcessId,ProcessId` CSV (wmic). */
export function parseProcessParents(text: string): ProcessParentRow[] {
  const rows: ProcessParentRow[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const header = lines.find((line) => /ProcessId/i.test(line));
  if (header && header.includes(',')) {
    const columns = header.split(',').map((column) => column.trim().toLowerCase());
    const pidIndex = columns.indexOf('processid');
    const ppidIndex = columns.indexOf('parentprocessid');
    for (const line of lines) {
      if (line === header) continue;
      const cells = line.split(',');
      const pid = Number(cells[pidIndex]);
      const ppid = Number(cells[ppidIndex]);
      if (Number.isSafeInteger(pid) && Number.isSafeInteger(ppid) && cells.length === columns.length) rows.push({ pid, ppid });
    }
    return rows;
  }
  for (const line of lines) {
    const match = /^(\d+)\s+(\d+)(?:\s+(\d{4}-\d{2}-\d{2}T\S+))?$/.exec(line);
    if (match) rows.push(match[3] ? { pid: Number(match[1]), ppid: Number(match[2]), created: match[3] } : { pid: Number(match[1]), ppid: Number(match[2]) });
  }
  return rows;
}

/**
 * Descendants breadth first. Windows reuses pids and never rewrites ParentProcessId, so a stale
 * parent link can point at an unrelated new process; a child created before its "parent" is not
 * its child; rows carrying `created` get that check.
 */
export function descendants(rows: ProcessParentRow[], root: number): number[] {
  const created = new Map<number, string>();
  for (const row of rows) if (row.created) created.set(row.pid, row.created);
  const byParent = new Map<number, number[]>();
  for (const row of rows) {
    if (row.pid === row.ppid) continue; // System Idle Process (0, 0)
    const list = byParent.get(row.ppid) ?? [];
    list.push(row.pid);
    byParent.set(row.ppid, list);
  }
  const order = [root];
  const seen = new Set(order);
  for (let index = 0; index < order.length; index += 1) {
    const parent = order[index] as number;
    for (const child of byParent.get(parent) ?? []) {
      const childTime = created.get(child);
      const parentTime = created.get(parent);
      if (childTime && parentTime && childTime < parentTime) continue;
      if (!seen.has(child)) {
        seen.add(child);
        order.push(child);
      }
    }
  }
  return order;
}

export interface ProcessDetails {
  startTime: string;
  executable: string;
  commandLine: string;
}

/**
 * Output of the details script: three lines — creation date (ISO 8601 UTC), executable path,
 * command line. Empty output means no such process.
 */
export function parseProcessDetails(text: string): ProcessDetails | null {
  const lines = text.split(/\r?\n/);
  const startTime = (lines[0] ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}T/.test(startTime)) return null;
  return { startTime, executable: (lines[1] ?? '').trim(), commandLine: lines.slice(2).join(' ').trim() };
}

/** `--user-data-dir=<dir>` from a Windows command line: quoted value, quoted switch, or bare. */
export function userDataDirFromCommandLine(commandLine: string): string | null {
  let found: string | null = null;
  const pattern = /(?:^|\s)(?:"--user-data-dir=([^"]*)"|--user-data-dir="([^"]*)"|--user-data-dir=([^\s"]+))/g;
  for (const match of commandLine.matchAll(pattern)) found = match[1] ?? match[2] ?? match[3] ?? null;
  return found && found.length > 0 ? found.replace(/[\\/]+$/, '') : null;
}
