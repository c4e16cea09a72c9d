import type { ListeningEndpoint } from '@sightline/semantic-core';

/** Loopback only: 127.0.0.0/8, ::1 and IPv4-mapped loopback. Wildcard `*` / `0.0.0.0` listeners are not loopback-only. */
export function isLoopbackHost(host: string): boolean {
  const mapped = /^::ffff:(127\.\d+\.\d+\.\d+)$/i.exec(host);
  return host === '::1' || host === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(mapped?.[1] ?? host);
}

/** IPv4-mapped loopback as plain IPv4, `localhost` as 127.0.0.1; anything else unchanged. */
export function normalizeLoopbackHost(host: string): string {
  const mapped = /^::ffff:(127\.\d+\.\d+\.\d+)$/i.exec(host);
  if (mapped?.[1]) return mapped[1];
  return host === 'localhost' ? '127.0.0.1' : host;
}

/**
 * The loopback listeners of a process tree, from socket rows of any tool (lsof, netstat): rows of
 * other processes and non-loopback hosts are dropped, and a socket shared by parent and child is
 * reported once, for the owner that comes first in `pids` (the tree walk's order, root first).
 */
export function loopbackEndpoints(rows: ReadonlyArray<{ pid: number; host: string; port: number }>, pids: readonly number[]): ListeningEndpoint[] {
  const wanted = new Set(pids);
  const seen = new Set<string>();
  const endpoints: ListeningEndpoint[] = [];
  for (const row of [...rows].sort((a, b) => pids.indexOf(a.pid) - pids.indexOf(b.pid))) {
    if (!wanted.has(row.pid) || !isLoopbackHost(row.host)) continue;
    const host = normalizeLoopbackHost(row.host);
    const key = `${host}:${row.port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    endpoints.push({ pid: row.pid, host, port: row.port });
  }
  return endpoints;
}
