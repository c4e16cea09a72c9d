import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loopbackEndpoints, normalizeLoopbackHost } from '../src/index.js';

describe('loopbackEndpoints', () => {
  it('keeps the tree’s loopback listeners, reports a shared socket once for the earliest owner, and normalises mapped hosts', () => {
    const rows = [
      { pid: 7, host: '127.0.0.1', port: 9222 }, // the child also holds the parent's socket
      { pid: 5, host: '127.0.0.1', port: 9222 },
      { pid: 7, host: '::ffff:127.0.0.1', port: 7001 },
      { pid: 7, host: '::1', port: 9333 },
      { pid: 7, host: '*', port: 7000 }, // wildcard: not loopback-only
      { pid: 7, host: '0.0.0.0', port: 7002 },
      { pid: 99, host: '127.0.0.1', port: 8000 }, // not in the tree
    ];
    expect(loopbackEndpoints(rows, [5, 7])).toEqual([
      { pid: 5, host: '127.0.0.1', port: 9222 },
      { pid: 7, host: '127.0.0.1', port: 7001 },
      { pid: 7, host: '::1', port: 9333 },
    ]);
    expect(rows[0]).toEqual({ pid: 7, host: '127.0.0.1', port: 9222 }); // the input is not reordered
  });

  it('classifies and normalises loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', 'localhost']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['*', '0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
    expect(normalizeLoopbackHost('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeLoopbackHost('localhost')).toBe('127.0.0.1');
    expect(normalizeLoopbackHost('::1')).toBe('::1');
  });
});
