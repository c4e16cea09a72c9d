import { describe, expect, it } from 'vitest';
import {
  defaultUserDataDir,
  descendants,
  parseDevToolsActivePort,
  parseNetstatAddress,
  parseNetstatListening,
  parseProcessDetails,
  parseProcessParents,
  userDataDirFromCommandLine,
} from '../src/index.js';
import { NETSTAT_TCP, NETSTAT_TCPV6, NETSTAT_TCP_GERMAN, PS_DETAILS_CHROME, PS_PARENTS, WMIC_PARENTS } from './fixtures.js';

describe('netstat parsing', () => {
  it('keeps LISTENING rows of IPv4 and IPv6 with pids', () => {
    expect(parseNetstatListening(NETSTAT_TCP).map((row) => [row.pid, row.host, row.port])).toEqual([
      [1024, '0.0.0.0', 135],
      [4, '0.0.0.0', 445],
      [6120, '127.0.0.1', 9222],
      [6188, '127.0.0.1', 7001],
      [1300, '10.1.0.4', 3389],
      [4400, '127.0.0.1', 49670],
    ]);
    expect(parseNetstatListening(NETSTAT_TCPV6).map((row) => [row.pid, row.host, row.port, row.family])).toEqual([
      [1024, '::', 135, 6],
      [6144, '::1', 9333, 6],
      [4, 'fe80::8d2c:1a4b:77e1:2f0a', 5357, 6],
      [6188, '::ffff:127.0.0.1', 7002, 6],
    ]);
  });

  it('recognises listeners on a localised Windows by the wildcard foreign address', () => {
    expect(parseNetstatListening(NETSTAT_TCP_GERMAN)).toEqual([{ pid: 6120, host: '127.0.0.1', port: 9222, family: 4 }]);
  });

  it('parses addresses', () => {
    expect(parseNetstatAddress('[::1]:9222')).toEqual({ host: '::1', port: 9222, family: 6 });
    expect(parseNetstatAddress('127.0.0.1:80')).toEqual({ host: '127.0.0.1', port: 80, family: 4 });
    expect(parseNetstatAddress('*:*')).toBeNull();
  });
});

describe('process tree parsing', () => {
  it('walks descendants and ignores a stale parent link from a reused pid', () => {
    const rows = parseProcessParents(PS_PARENTS);
    expect(rows).toHaveLength(9);
    expect(descendants(rows, 6120)).toEqual([6120, 6144, 6188, 6190]);
    expect(descendants(rows, 0)).toEqual([0, 4]);
    expect(descendants(rows, 12345)).toEqual([12345]);
  });

  it('reads wmic CSV', () => {
    expect(descendants(parseProcessParents(WMIC_PARENTS), 6120)).toEqual([6120, 6144, 6188]);
  });

  it('reads process details and --user-data-dir (quoted, with spaces)', () => {
    const details = parseProcessDetails(PS_DETAILS_CHROME);
    expect(details?.startTime).toBe('2024-06-03T10:11:12.1234567Z');
    expect(details?.executable).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(userDataDirFromCommandLine(details?.commandLine ?? '')).toBe('C:\\Users\\ada\\AppData\\Local\\Temp\\sightline profile');
    expect(userDataDirFromCommandLine('chrome.exe --user-data-dir=C:\\p\\x --no-first-run')).toBe('C:\\p\\x');
    expect(userDataDirFromCommandLine('chrome.exe "--user-data-dir=C:\\a b\\c"')).toBe('C:\\a b\\c');
    expect(userDataDirFromCommandLine('chrome.exe --remote-debugging-port=9222')).toBeNull();
    expect(parseProcessDetails('')).toBeNull();
  });

  it('maps executables to default User Data directories', () => {
    const local = 'C:\\Users\\ada\\AppData\\Local';
    expect(defaultUserDataDir('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', local)).toBe(`${local}\\Google\\Chrome\\User Data`);
    expect(defaultUserDataDir('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe', local)).toBe(`${local}\\Microsoft\\Edge\\User Data`);
    expect(defaultUserDataDir('C:\\Windows\\notepad.exe', local)).toBeNull();
  });

  it('parses DevToolsActivePort with CRLF', () => {
    expect(parseDevToolsActivePort('9222\r\n/devtools/browser/abc\r\n')).toEqual({ port: 9222, path: '/devtools/browser/abc' });
  });
});
