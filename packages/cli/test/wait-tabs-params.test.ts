import { describe, expect, it } from 'vitest';
import { tabsParams, waitParams } from '../src/mapping/wait-tabs-params.js';
import { toDriverCall } from '../src/mapping/driver-input.js';
import { UsageError } from '../src/mapping/usage-error.js';

const state = {
  targetId: 'bt-1111111111111111',
  route: 'explicit' as const,
  tabs: [{ tab_id: 'tab-0123456789abcdef', url: 'http://127.0.0.1/', title: 'Mail', active: true }],
  tabId: 'tab-0123456789abcdef',
  continuation: null,
};

describe('sightline wait', () => {
  it('maps each condition and the timeout', () => {
    expect(waitParams({ text: 'Saved' })).toEqual({ text: 'Saved' });
    expect(waitParams({ textGone: 'Loading', timeout: '2500' })).toEqual({ text_gone: 'Loading', timeout_ms: 2500 });
    expect(waitParams({ ref: '@p3:12', state: 'enabled' })).toEqual({ ref: '@p3:12', state: 'enabled' });
    expect(waitParams({ url: '*/done' })).toEqual({ url: '*/done' });
    expect(waitParams({ load: 'network_idle' })).toEqual({ load_state: 'network_idle' });
    expect(waitParams({ load: 'networkidle' })).toEqual({ load_state: 'network_idle' });
    expect(waitParams({ load: 'load', timeout: '60001' })).toEqual({ load_state: 'load', timeout_ms: 60_001 });
  });

  it('refuses no condition, two conditions, --state without --ref, a non-numeric timeout', () => {
    expect(() => waitParams({})).toThrow(UsageError);
    expect(() => waitParams({ text: 'a', url: 'b' })).toThrow(/--text and --url/);
    expect(() => waitParams({ text: 'a', state: 'visible' })).toThrow(/--ref and --state/);
    expect(() => waitParams({ ref: 'p1:2' })).toThrow(/--ref and --state/);
    expect(() => waitParams({ text: 'a', timeout: 'soon' })).toThrow(/whole number/);
  });

  it('goes to Driver.wait with the current tab', () => {
    expect(toDriverCall('wait', 'default', { text: 'Saved', timeout_ms: 500 }, state)).toEqual({
      method: 'wait',
      input: { session: 'default', target_id: state.targetId, tab_id: state.tabId, text: 'Saved', timeout_ms: 500 },
    });
    expect(toDriverCall('wait', 'default', { text: 'Saved' }, undefined)).toMatchObject({ status: 'refused', refusal: { code: 'browser_requires_setup' } });
  });
});

describe('sightline tabs', () => {
  it('maps list, new [url], select <tab>, close [<tab>] and the --select spelling', () => {
    expect(tabsParams([], {})).toEqual({ action: 'list' });
    expect(tabsParams(['list'], {})).toEqual({ action: 'list' });
    expect(tabsParams(['new'], {})).toEqual({ action: 'new' });
    expect(tabsParams(['new', 'example.com'], {})).toEqual({ action: 'new', url: 'https://example.com' });
    expect(tabsParams(['new', 'localhost:3000/x'], {})).toEqual({ action: 'new', url: 'http://localhost:3000/x' });
    expect(tabsParams(['select', '2'], {})).toEqual({ action: 'select', tab: '2' });
    expect(tabsParams(['close'], {})).toEqual({ action: 'close' });
    expect(tabsParams(['close', 'tab-0123456789abcdef'], {})).toEqual({ action: 'close', tab: 'tab-0123456789abcdef' });
    expect(tabsParams([], { select: '1' })).toEqual({ action: 'select', tab: '1' });
  });

  it('refuses an unknown action, select without a tab, extra arguments', () => {
    expect(() => tabsParams(['open'], {})).toThrow(/unknown tabs action "open"/);
    expect(() => tabsParams(['select'], {})).toThrow(UsageError);
    expect(() => tabsParams(['close', '1', '2'], {})).toThrow(/unexpected argument "2"/);
    expect(() => tabsParams(['list'], { select: '1' })).toThrow(UsageError);
  });
});
