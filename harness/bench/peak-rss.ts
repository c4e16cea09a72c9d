import { readFileSync } from 'node:fs';

/**
 * A process's peak RSS (kB) on Linux: the VmHWM line of `/proc/<pid>/status`, the high-water mark
 * of that program's own memory (null without /proc or once the process is gone). Not
 * `process.resourceUsage().maxRSS`: Linux carries ru_maxrss across exec, so a probe spawned by the
 * bench after its page × tool matrix reported the bench process's ~185 MB instead of its own ~100 MB.
 */
export function peakRssKb(pid: number | 'self'): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
