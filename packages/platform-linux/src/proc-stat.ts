/**
 * Parser for `/proc/<pid>/stat`. The second field is the command name in parentheses and may
 * itself contain spaces and parentheses, so fields are counted from the *last* `)`.
 */
export interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  /** Field 22: start time in clock ticks since boot, kept as a decimal string. */
  startTime: string;
}

export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const comm = text.slice(open + 1, close);
  // Fields after comm start at field 3 (state); field N is rest[N - 3].
  const rest = text.slice(close + 1).trim().split(/\s+/);
  const state = rest[0];
  const ppid = Number(rest[1]);
  const startTime = rest[22 - 3];
  if (!Number.isSafeInteger(pid) || !state || !Number.isSafeInteger(ppid) || !startTime || !/^\d+$/.test(startTime)) {
    return null;
  }
  return { pid, comm, state, ppid, startTime };
}
