import { describe, expect, it } from 'vitest';
import { clickRequestSchema, dragRequestSchema, snapshotRequestSchema, typeRequestSchema, managedBindRequestSchema, uploadRequestSchema } from '@sightline/semantic-core';
import { toDriverCall, isDriverCall } from '../src/mapping/driver-input.js';
import type { SessionState } from '../src/mapping/session-state.js';
import { nextSessionState, pickTab } from '../src/mapping/session-state.js';

const state: SessionState = {
  targetId: 'bt-0123456789abcdef',
  route: 'managed',
  tabs: [{ tab_id: 'tab-0123456789abcdef', url: 'http://127.0.0.1/', title: 'Mail', active: true }],
  tabId: 'tab-0123456789abcdef',
  continuation: 'bc-0123456789abcdef0123456789abcdef',
};

describe('toDriverCall', () => {
  it('open on an unbound session is a managed bind; on a bound one, a navigation', () => {
    const call = toDriverCall('open', 'default', { url: 'http://127.0.0.1:1/' }, undefined);
    expect(call).toEqual({ method: 'bind', input: { session: 'default', launch: { url: 'http://127.0.0.1:1/' } } });
    if (isDriverCall(call)) expect(managedBindRequestSchema.safeParse(call.input).success).toBe(true);
    expect(toDriverCall('open', 'default', { url: 'http://x/' }, state)).toEqual({
      method: 'navigate',
      input: { session: 'default', target_id: state.targetId, tab_id: state.tabId, url: 'http://x/' },
    });
  });

  it('fills in the remembered target and tab; the result validates against the contract', () => {
    const snapshot = toDriverCall('snapshot', 's1', { snapshot_format: 'semantic_v2', query: 'Reply' }, state);
    expect(isDriverCall(snapshot) && snapshot.method).toBe('snapshot');
    if (isDriverCall(snapshot)) expect(snapshotRequestSchema.parse(snapshot.input)).toMatchObject({ session: 's1', query: 'Reply' });
    const click = toDriverCall('click', 's1', { ref: '@p1:4' }, state);
    if (isDriverCall(click)) expect(clickRequestSchema.safeParse(click.input).success).toBe(true);
    const type = toDriverCall('type', 's1', { ref: 'p1:4', text: 'x', submit: true }, state);
    if (isDriverCall(type)) expect(typeRequestSchema.safeParse(type.input).success).toBe(true);
  });

  it('maps hover, drag, upload and the click and type variants to the contract (SPEC §12)', () => {
    const address = { session: 's1', target_id: state.targetId, tab_id: state.tabId };
    expect(toDriverCall('hover', 's1', { ref: 'p1:4' }, state)).toEqual({ method: 'hover', input: { ...address, ref: 'p1:4' } });
    const drag = toDriverCall('drag', 's1', { ref: 'p1:4', to_ref: '@p1:5' }, state);
    expect(drag).toEqual({ method: 'drag', input: { ...address, ref: 'p1:4', to_ref: '@p1:5' } });
    if (isDriverCall(drag)) expect(dragRequestSchema.safeParse(drag.input).success).toBe(true);
    const upload = toDriverCall('upload', 's1', { ref: 'p1:4', paths: ['/tmp/a.txt'] }, state);
    expect(upload).toEqual({ method: 'upload', input: { ...address, ref: 'p1:4', paths: ['/tmp/a.txt'] } });
    if (isDriverCall(upload)) expect(uploadRequestSchema.safeParse(upload.input).success).toBe(true);
    const click = toDriverCall('click', 's1', { ref: 'p1:4', double: true, button: 'right', modifiers: ['Shift'] }, state);
    if (isDriverCall(click)) expect(clickRequestSchema.parse(click.input)).toMatchObject({ double: true, button: 'right', modifiers: ['Shift'] });
    const type = toDriverCall('type', 's1', { ref: 'p1:4', text: 'ap', keystrokes: true }, state);
    if (isDriverCall(type)) expect(typeRequestSchema.parse(type.input)).toMatchObject({ keystrokes: true });
    expect(toDriverCall('drag', 'other', { ref: 'p1:4', to_ref: 'p1:5' }, undefined)).toMatchObject({ status: 'refused', refusal: { code: 'browser_requires_setup' } });
  });

  it('--more follows the remembered continuation, or refuses when there is none', () => {
    const call = toDriverCall('snapshot', 'default', { more: true }, state);
    expect(isDriverCall(call) && call.input.continuation).toBe(state.continuation);
    const none = toDriverCall('snapshot', 'default', { more: true }, { ...state, continuation: null });
    expect(none).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request' } });
  });

  it('refuses session commands before a bind, saying what to run', () => {
    const call = toDriverCall('click', 'default', { ref: 'p1:2' }, undefined);
    expect(call).toMatchObject({ status: 'refused', refusal: { code: 'browser_requires_setup' } });
    expect(JSON.stringify(call)).toContain('sightline open');
    expect(toDriverCall('snapshot', 'default', {}, { ...state, tabId: null })).toMatchObject({
      refusal: { code: 'browser_tab_required' },
    });
  });

  it('maps close to endSession, windows to listBrowserWindows, bind routes to bind', () => {
    expect(toDriverCall('close', 'a', {}, state)).toEqual({ method: 'endSession', input: { session: 'a' } });
    expect(toDriverCall('windows', 'a', {}, undefined)).toEqual({ method: 'listBrowserWindows', input: { session: 'a' } });
    expect(toDriverCall('bind', 'a', { cdp_url: 'ws://h/x' }, undefined)).toEqual({ method: 'bind', input: { session: 'a', cdp_url: 'ws://h/x' } });
    expect(toDriverCall('bind', 'a', { pid: 1, window_id: 2 }, undefined)).toEqual({ method: 'bind', input: { session: 'a', pid: 1, window_id: 2 } });
  });

  it('the caller cannot override the remembered target or tab', () => {
    const call = toDriverCall('click', 'a', { ref: 'p1:2', target_id: 'bt-ffffffffffffffff' }, state);
    expect(isDriverCall(call) && call.input.target_id).toBe(state.targetId);
  });
});

describe('pickTab', () => {
  it('prefers the active tab, else the first, else none', () => {
    const tabs = [
      { tab_id: 'tab-a', url: '', title: '', active: false },
      { tab_id: 'tab-b', url: '', title: '', active: true },
    ];
    expect(pickTab(tabs)).toBe('tab-b');
    expect(pickTab([{ ...tabs[0]!, active: null }])).toBe('tab-a');
    expect(pickTab([])).toBeNull();
  });
});

describe('nextSessionState', () => {
  const bind = {
    status: 'ok',
    mode: 'bind',
    target_id: 'bt-1111111111111111',
    binding: { route: 'explicit', proof: 'explicit_endpoint', exact: true },
    browser: { product: 'x', protocol: '1.3' },
    tabs: state.tabs,
  };

  it('a bind replaces the state; a failure changes nothing; end_session forgets it', () => {
    expect(nextSessionState(state, bind)).toEqual({ targetId: 'bt-1111111111111111', route: 'explicit', tabs: state.tabs, tabId: state.tabId, continuation: null });
    expect(nextSessionState(state, { status: 'refused', refusal: { code: 'browser_ref_stale', message: '' } })).toBe(state);
    expect(nextSessionState(state, { status: 'ok', mode: 'end_session', session: 'x', closed_browsers: 0 })).toBeUndefined();
  });

  it('snapshots record their continuation, navigations drop it', () => {
    const next = nextSessionState({ ...state, continuation: null }, { status: 'ok', mode: 'snapshot', snapshot: { format: 'semantic_v2', continuation: 'bc-x' } });
    expect(next?.continuation).toBe('bc-x');
    expect(nextSessionState(state, { status: 'ok', mode: 'snapshot', snapshot: { format: 'dom_refs_v1' } })?.continuation).toBeNull();
    expect(nextSessionState(state, { status: 'ok', action: 'click', ref: 'p1:2', effect: 'confirmed', navigation: true })?.continuation).toBeNull();
    expect(nextSessionState(state, { status: 'ok', action: 'click', ref: 'p1:2', effect: 'confirmed', navigation: false })).toBe(state);
  });
});
