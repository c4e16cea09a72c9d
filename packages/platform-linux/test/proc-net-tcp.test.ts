import { describe, expect, it } from 'vitest';
import { decodeIpv4, decodeIpv6, loopbackListeners, parseProcNetTcp } from '../src/index.js';

// Recorded from a Debian 12 x86_64 host (inodes and ports edited), header line included.
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:8506 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 123456 1 0000000000000000 100 0 0 10 0
   1: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 22222 1 0000000000000000 100 0 0 10 0
   2: 0101007F:0CEA 00000000:0000 0A 00000000:00000000 00:00000000 00000000   101        0 33333 1 0000000000000000 100 0 0 10 0
   3: 0100007F:8506 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 44444 1 0000000000000000 20 4 30 10 -1
   4: 0200000A:A1B2 0100000A:0050 06 00000000:00000000 03:00000D4C 00000000     0        0 0 3 0000000000000000
`;

const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000001000000:2382 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 333333 1 0000000000000000 100 0 0 10 0
   1: 0000000000000000FFFF00000100007F:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 444444 1 0000000000000000 100 0 0 10 0
   2: 00000000000000000000000000000000:0050 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 555555 1 0000000000000000 100 0 0 10 0
   3: B80D0120000000000000000001000000:01BB 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 666666 1 0000000000000000 100 0 0 10 0
   4: 0000000000000000FFFF00000200000A:1F91 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 777777 1 0000000000000000 100 0 0 10 0
   5: 00000000000000000000000001000000:2383 00000000000000000000000001000000:D431 01 00000000:00000000 00:00000000 00000000  1000        0 888888 1 0000000000000000 20 4 30 10 -1
`;

describe('decodeIpv4 / decodeIpv6', () => {
  it('decodes little-endian kernel words', () => {
    expect(decodeIpv4('0100007F')).toBe('127.0.0.1');
    expect(decodeIpv4('0101007F')).toBe('127.0.1.1');
    expect(decodeIpv4('7F000001', 'BE')).toBe('127.0.0.1');
    expect(decodeIpv6('00000000000000000000000001000000')).toBe('::1');
    expect(decodeIpv6('00000000000000000000000000000000')).toBe('::');
    expect(decodeIpv6('B80D0120000000000000000001000000')).toBe('2001:db8::1');
    expect(decodeIpv6('000080FE00000000FF00FC00010000FE')).toBe('fe80::fc:ff:fe00:1');
  });

  it('turns IPv4-mapped IPv6 into dotted IPv4', () => {
    expect(decodeIpv6('0000000000000000FFFF00000100007F')).toBe('127.0.0.1');
    expect(decodeIpv6('0000000000000000FFFF00000200000A')).toBe('10.0.0.2');
  });

  it('rejects malformed addresses', () => {
    expect(() => decodeIpv4('0100007')).toThrow();
    expect(() => decodeIpv6('zz')).toThrow();
  });
});

describe('parseProcNetTcp', () => {
  it('reads every row with port, state and inode', () => {
    const rows = parseProcNetTcp(TCP);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({ host: '127.0.0.1', port: 34054, state: '0A', inode: 123456, family: 4 });
    expect(rows[3]).toMatchObject({ host: '127.0.0.1', port: 34054, state: '01', inode: 44444 });
  });

  it('keeps only loopback listeners (IPv4, IPv6 ::1, IPv4-mapped loopback)', () => {
    const listeners = loopbackListeners([...parseProcNetTcp(TCP), ...parseProcNetTcp(TCP6)]);
    expect(listeners.map((row) => [row.host, row.port, row.inode, row.family])).toEqual([
      ['127.0.0.1', 34054, 123456, 4],
      ['127.0.1.1', 3306, 33333, 4],
      ['::1', 9090, 333333, 6],
      ['127.0.0.1', 8080, 444444, 6],
    ]);
  });

  it('skips the header, blank and truncated lines', () => {
    expect(parseProcNetTcp('  sl  local_address\n\n   0: 0100007F:8506 00000000:0000 0A\n')).toEqual([]);
  });
});
