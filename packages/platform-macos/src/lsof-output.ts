/**
 * Parser for `lsof -nP -a -p <pids> -iTCP -sTCP:LISTEN` (human-readable columns):
 *
 *   COMMAND     PID  USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME
 *   Google\x20 4012 alice   52u  IPv4 0x3c1f0e6a1b2c3d4e      0t0  TCP 127.0.0.1:9222 (LISTEN)
 *
 * COMMAND may contain escaped spaces, so rows are read from the right: NAME (and its state),
 * NODE, and the PID as the first integer column after COMMAND.
 */
export interface LsofListener {
  pid: number;
  command: string;
  /** `127.0.0.1`, `::1`, `*` (any address), … */
  host: string;
  port: number;
  family: 4 | 6;
}

export function parseLsofAddress(name: string): { host: string; port: number } | null {
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(name);
  if (bracketed) return { host: (bracketed[1] ?? '').toLowerCase(), port: Number(bracketed[2]) };
  const plain = /^([^:]+|\*):(\d+)$/.exec(name);
  if (plain) return { host: plain[1] ?? '', port: Number(plain[2]) };
  return null;
}

export function parseLsofListen(text: string): LsofListener[] {
  const listeners: LsofListener[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('COMMAND')) continue;
    const match = /^(.*?)\s+(\d+)\s+\S+\s+\S+\s+(IPv4|IPv6)\s+.*?\bTCP\s+(\S+)(?:\s+\((\w+)\))?\s*$/.exec(line);
    if (!match) continue;
    const [, command = '', pid = '', type, name = '', state] = match;
    if (state && state !== 'LISTEN') continue;
    if (name.includes('->')) continue; // a connection, not a listener
    const address = parseLsofAddress(name);
    if (!address) continue;
    listeners.push({ pid: Number(pid), command: command.trim(), host: address.host, port: address.port, family: type === 'IPv6' ? 6 : 4 });
  }
  return listeners;
}
