import { describe, expect, it } from 'vitest';
import type { BindResponse } from '@sightline/semantic-core';
import { formatTiming, withTiming } from '../src/format/timing-text.js';
import { formatPageLoad } from '../src/format/page-load-text.js';
import { openParams } from '../src/mapping/command-params.js';
import { toDriverCall } from '../src/mapping/driver-input.js';
import { UsageError } from '../src/mapping/usage-error.js';
import { plainPalette } from '../src/format/palette.js';

describe('snapshot --timing (issue 16)', () => {
  it('prints the phases in the order the work happens, aligned, only those present', () => {
    const text = formatTiming({ timing_ms: { collect: 812.4, compose: 3.2, world_setup: 0, walk: 420.7, hit_test: 31, ax: 90.5, launch: 410, load_wait: 2100 } })!;
    const lines = text.split('\n');
    expect(lines[0]).toBe('timing:');
    expect(lines.slice(1).map((line) => line.trim().split(/\s{2,}/)[0])).toEqual(['launch', 'load wait', 'world setup', 'walk', 'hit test', 'ax', 'collect (total)', 'compose']);
    expect(lines[2]).toMatch(/load wait\s+2100 ms$/);
    expect(lines[4]).toMatch(/walk\s+421 ms$/);
    expect(lines[8]).toMatch(/compose\s+3\.2 ms$/);
    // Aligned: every value ends in the same column.
    expect(new Set(lines.slice(1).map((line) => line.length)).size).toBe(1);
  });

  it('shows a one-shot\'s warm-up walk under the load wait it is part of', () => {
    const text = formatTiming({ timing_ms: { collect: 130, compose: 4, walk: 80, launch: 350, load_wait: 2450, warm_up: 560 } })!;
    const lines = text.split('\n');
    expect(lines[2]).toMatch(/^  load wait\s+2450 ms$/);
    expect(lines[3]).toMatch(/^    of which warm-up walk\s+560 ms$/);
    expect(lines[4]).toMatch(/^  walk\s+80\.0 ms$/);
  });

  it('against a session, adds the daemon\'s whole time and the command\'s after the phases', () => {
    const text = withTiming('text', { timing_ms: { collect: 40, compose: 2 } }, plainPalette, { daemonMs: 51.25, commandMs: 212.4 });
    expect(text.split('\n').slice(2)).toEqual(['  collect (total)   40.0 ms', '  compose            2.0 ms', '  daemon (request)  51.3 ms', '  this command       212 ms']);
  });

  it('adds nothing to a result without timing_ms', () => {
    expect(formatTiming({ status: 'ok', mode: 'bind' })).toBeNull();
    expect(withTiming('text', { status: 'ok' })).toBe('text');
    expect(withTiming('text', { timing_ms: { collect: 1, compose: 2 } })).toBe('text\ntiming:\n  collect (total)  1.0 ms\n  compose          2.0 ms');
  });
});

describe('open: waiting for the page (issue 16)', () => {
  it('maps --wait-until and --wait-timeout onto the managed launch', () => {
    const params = openParams('example.com', { waitUntil: 'LOAD', waitTimeout: 5000 });
    expect(params).toEqual({ url: 'https://example.com', wait_until: 'load', wait_timeout_ms: 5000 });
    const call = toDriverCall('open', 'work', params, undefined);
    expect(call).toEqual({ method: 'bind', input: { session: 'work', launch: { url: 'https://example.com', wait_until: 'load', wait_timeout_ms: 5000 } } });
    expect(openParams('example.com', {})).toEqual({ url: 'https://example.com' });
  });

  it('refuses an unknown --wait-until', () => {
    expect(() => openParams('example.com', { waitUntil: 'idle' })).toThrow(UsageError);
  });

  const bind = (page_load?: BindResponse['page_load']): BindResponse => ({
    status: 'ok',
    mode: 'bind',
    target_id: 'bt-0123456789abcdef',
    binding: { route: 'managed', proof: 'spawned_by_driver', exact: true },
    browser: { product: 'Chrome/156', protocol: '1.3' },
    tabs: [],
    ...(page_load ? { page_load } : {}),
  });

  it('says what was still loading when open returned', () => {
    const line = formatPageLoad(
      bind({ ready: 'painted', load_event: false, still_loading: [{ type: 'Image', url: 'http://127.0.0.1:1/held/a.png' }], still_loading_count: 1 }),
      plainPalette,
    );
    expect(line).toBe('parsed and painted; still loading 1 request: Image http://127.0.0.1:1/held/a.png');
    const many = formatPageLoad(
      bind({ ready: 'timeout', load_event: false, still_loading: Array.from({ length: 5 }, (_, i) => ({ type: 'Script', url: `http://h/${i}.js` })), still_loading_count: 12 }),
      plainPalette,
    );
    expect(many).toBe('gave up waiting; still loading 12 requests: Script http://h/0.js, Script http://h/1.js, Script http://h/2.js and 9 more');
  });

  it('prints nothing for a page that had finished, or a bind without a page', () => {
    expect(formatPageLoad(bind({ ready: 'load', load_event: true, still_loading: [], still_loading_count: 0 }), plainPalette)).toBeNull();
    expect(formatPageLoad(bind(), plainPalette)).toBeNull();
  });
});
