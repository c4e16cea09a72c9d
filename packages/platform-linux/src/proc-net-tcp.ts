/**
 * Parser for `/proc/net/tcp` and `/proc/net/tcp6` (SPEC §9): which sockets listen where, by inode.
 * Pure: takes the file text, returns rows. Addresses are printed by the kernel as 32-bit words in
 * host byte order, so decoding needs the host's endianness (little-endian on x86 and arm64).
 */
export type Endianness = 'LE' | 'BE';

export interface TcpSocketRow {
  /** Local address, normalised: dotted IPv4, IPv6 in compressed form; IPv4-mapped IPv6 becomes dotted IPv4. */
  host: string;
  port: number;
  /** Kernel TCP state, two hex digits (`0A` = LISTEN). */
  state: string;
  inode: number;
  family: 4 | 6;
}

export const TCP_STATE_LISTEN = '0A';

/** Decodes one hex 32-bit word as printed by the kernel into its four bytes in network order. */
function wordBytes(hex: string, endianness: Endianness): number[] {
  const value = Number.parseInt(hex, 16);
  const bytes = [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  return endianness === 'LE' ? bytes.reverse() : bytes;
}

export function decodeIpv4(hex: string, endianness: Endianness = 'LE'): string {
  if (!/^[0-9A-Fa-f]{8}$/.test(hex)) throw new Error(`not an IPv4 /proc address: ${hex}`);
  return wordBytes(hex, endianness).join('.');
}

/** Formats 16 bytes as an IPv6 address (RFC 5952 compression); IPv4-mapped becomes dotted IPv4. */
export function formatIpv6(bytes: number[]): string {
  const isMapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (isMapped) return bytes.slice(12).join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  const head = hex.slice(0, bestStart).join(':');
  const tail = hex.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}

export function decodeIpv6(hex: string, endianness: Endianness = 'LE'): string {
  if (!/^[0-9A-Fa-f]{32}$/.test(hex)) throw new Error(`not an IPv6 /proc address: ${hex}`);
  const bytes: number[] = [];
  for (let i = 0; i < 32; i += 8) bytes.push(...wordBytes(hex.slice(i, i + 8), endianness));
  return formatIpv6(bytes);
}

/** Parses the whole file; malformed lines (and the header) are skipped. */
export function parseProcNetTcp(text: string, endianness: Endianness = 'LE'): TcpSocketRow[] {
  const rows: TcpSocketRow[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    // sl local rem st tx:rx tr:when retrnsmt uid timeout inode ...
    if (fields.length < 10 || !/^\d+:$/.test(fields[0] ?? '')) continue;
    const local = fields[1] ?? '';
    const state = (fields[3] ?? '').toUpperCase();
    const inode = Number(fields[9]);
    const colon = local.indexOf(':');
    if (colon < 0 || !Number.isSafeInteger(inode)) continue;
    const addressHex = local.slice(0, colon);
    const port = Number.parseInt(local.slice(colon + 1), 16);
    if (!Number.isInteger(port)) continue;
    if (addressHex.length === 8) rows.push({ host: decodeIpv4(addressHex, endianness), port, state, inode, family: 4 });
    else if (addressHex.length === 32) rows.push({ host: decodeIpv6(addressHex, endianness), port, state, inode, family: 6 });
  }
  return rows;
}

/** True for 127.0.0.0/8 and ::1 (IPv4-mapped loopback arrives here already as dotted IPv4). */
export function isLoopbackHost(host: string): boolean {
  return host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function loopbackListeners(rows: TcpSocketRow[]): TcpSocketRow[] {
  return rows.filter((row) => row.state === TCP_STATE_LISTEN && isLoopbackHost(row.host));
}
