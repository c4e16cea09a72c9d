/**
 * Parser for `netstat -ano -p tcp` and `netstat -ano -p tcpv6`:
 *
 *     Proto  Local Address          Foreign Address        State           PID
 *     TCP    127.0.0.1:9222         0.0.0.0:0              LISTENING       5678
 *     TCP    [::1]:9223             [::]:0                 LISTENING       5678
 *
 * The State column is localised (e.g. `ABHÖREN` in German), so a row also counts as listening when
 * its foreign address is the wildcard `0.0.0.0:0` / `[::]:0`, which only listening sockets show.
 */
export interface NetstatListener {
  pid: number;
  host: string;
  port: number;
  family: 4 | 6;
}

export function parseNetstatAddress(address: string): { host: string; port: number; family: 4 | 6 } | null {
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(address);
  if (v6) return { host: (v6[1] ?? '').replace(/%\d+$/, '').toLowerCase(), port: Number(v6[2]), family: 6 };
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d+)$/.exec(address);
  if (v4) return { host: v4[1] ?? '', port: Number(v4[2]), family: 4 };
  return null;
}

export function parseNetstatListening(text: string): NetstatListener[] {
  const listeners: NetstatListener[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] !== 'TCP' || fields.length < 5) continue;
    const local = parseNetstatAddress(fields[1] ?? '');
    const foreign = fields[2] ?? '';
    const pid = Number(fields[fields.length - 1]);
    const state = fields.length >= 5 ? fields.slice(3, -1).join(' ') : '';
    const listening = state === 'LISTENING' || foreign === '0.0.0.0:0' || foreign === '[::]:0';
    if (!local || !listening || !Number.isSafeInteger(pid) || pid <= 0) continue;
    listeners.push({ pid, host: local.host, port: local.port, family: local.family });
  }
  return listeners;
}
