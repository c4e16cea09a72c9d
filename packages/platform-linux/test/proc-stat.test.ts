import { describe, expect, it } from 'vitest';
import { parseProcStat } from '../src/index.js';

// Recorded /proc/<pid>/stat lines (Linux 6.1); field 22 is the start time in clock ticks.
const CHROMIUM =
  '10905 (chromium) S 10890 10890 10890 0 -1 4194560 31415 2718 12 0 310 95 3 1 20 0 29 0 56214 34703585280 48213 18446744073709551615 94770352795648 94770556731056 140730637346336 0 0 0 0 4098 1098993405 0 0 0 17 1 0 0 0 0 0 94770560426576 94770560831120 94770582585344 140730637353004 140730637353321 140730637353321 140730637357034 0\n';
const TRICKY_COMM =
  '4242 (a) b (c) d)) R 1 4242 4242 0 -1 4194304 97 0 0 0 0 0 0 0 20 0 1 0 987654321 2367488 130 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n';
const SPACES_ONLY = '77 (Web Content) S 10 77 77 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 424242 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n';

describe('parseProcStat', () => {
  it('reads pid, comm, state, ppid and start time', () => {
    expect(parseProcStat(CHROMIUM)).toEqual({ pid: 10905, comm: 'chromium', state: 'S', ppid: 10890, startTime: '56214' });
  });

  it('counts fields from the last parenthesis when comm holds spaces and parentheses', () => {
    expect(parseProcStat(TRICKY_COMM)).toEqual({ pid: 4242, comm: 'a) b (c) d)', state: 'R', ppid: 1, startTime: '987654321' });
    expect(parseProcStat(SPACES_ONLY)).toMatchObject({ comm: 'Web Content', ppid: 10, startTime: '424242' });
  });

  it('returns null for truncated or garbage text', () => {
    expect(parseProcStat('')).toBeNull();
    expect(parseProcStat('12 (x) S 1 2 3')).toBeNull();
    expect(parseProcStat('no parens here')).toBeNull();
  });
});
