import { describe, expect, it } from 'vitest';
import {
  defaultProfileDirectory,
  isLoopbackHost,
  parseDevToolsActivePort,
  parseLsofAddress,
  parseLsofListen,
  parsePidList,
  parsePsStartAndCommand,
  userDataDirFromCommandLine,
} from '../src/index.js';
import { LSOF_CHROME_TREE, PS_COMMAND_DEFAULT, PS_COMMAND_EXPLICIT, PS_LSTART } from './fixtures.js';

describe('lsof parsing', () => {
  it('reads IPv4, IPv6, mapped and wildcard listeners with pids', () => {
    expect(parseLsofListen(LSOF_CHROME_TREE).map((row) => [row.pid, row.host, row.port, row.family])).toEqual([
      [4012, '127.0.0.1', 9222, 4],
      [4020, '::1', 9333, 6],
      [4031, '*', 7000, 4],
      [4031, '::ffff:127.0.0.1', 7001, 6],
      [4012, '192.168.1.20', 8443, 4],
    ]);
  });

  it('skips established connections, headers and junk', () => {
    const text = `COMMAND PID USER FD TYPE DEVICE SIZE/OFF NODE NAME
node 77 a 20u IPv4 0x1 0t0 TCP 127.0.0.1:5000->127.0.0.1:60000 (ESTABLISHED)
lsof: WARNING: can't stat() nfs file system /Volumes/x
`;
    expect(parseLsofListen(text)).toEqual([]);
  });

  it('parses addresses', () => {
    expect(parseLsofAddress('[::1]:9222')).toEqual({ host: '::1', port: 9222 });
    expect(parseLsofAddress('*:80')).toEqual({ host: '*', port: 80 });
    expect(parseLsofAddress('127.0.0.1:9222')).toEqual({ host: '127.0.0.1', port: 9222 });
    expect(parseLsofAddress('nonsense')).toBeNull();
    expect(isLoopbackHost('*')).toBe(false);
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
  });
});

describe('ps / pgrep parsing', () => {
  it('reads pgrep pid lists', () => {
    expect(parsePidList('4020\n4031\n')).toEqual([4020, 4031]);
    expect(parsePidList('')).toEqual([]);
  });

  it('reads lstart and an executable with spaces', () => {
    expect(parsePsStartAndCommand(PS_LSTART)).toEqual({
      startTime: 'Mon Jun 3 10:11:12 2024',
      executable: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    });
    expect(parsePsStartAndCommand('')).toBeNull();
  });

  it('finds --user-data-dir with spaces, quoted, or absent', () => {
    expect(userDataDirFromCommandLine(PS_COMMAND_EXPLICIT)).toBe('/Users/bob/Library/Caches/sightline profile 2');
    expect(userDataDirFromCommandLine('chrome --user-data-dir="/tmp/a b" --x')).toBe('/tmp/a b');
    expect(userDataDirFromCommandLine('chrome --user-data-dir=/tmp/last')).toBe('/tmp/last');
    expect(userDataDirFromCommandLine(PS_COMMAND_DEFAULT)).toBeNull();
  });

  it('maps executables to default profiles', () => {
    expect(defaultProfileDirectory(PS_COMMAND_DEFAULT)).toBe('Google/Chrome');
    expect(defaultProfileDirectory('/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary')).toBe('Google/Chrome Canary');
    expect(defaultProfileDirectory('/Applications/Safari.app/Contents/MacOS/Safari')).toBeNull();
  });

  it('parses DevToolsActivePort', () => {
    expect(parseDevToolsActivePort('9222\n/devtools/browser/abc')).toEqual({ port: 9222, path: '/devtools/browser/abc' });
    expect(parseDevToolsActivePort('9222')).toBeNull();
  });
});
