import { describe, expect, test } from 'vitest';
import { consoleParams, dialogParams, navigateOptions, navigateParams } from '../src/mapping/command-params.js';
import { toDriverCall } from '../src/mapping/driver-input.js';
import { UsageError } from '../src/mapping/usage-error.js';

const state = { targetId: 'bt-0123456789abcdef', tabId: 'tab-0123456789abcdef', tabs: [], continuation: null };

describe('SPEC §12 dialog, console and navigate --on-beforeunload', () => {
  test('dialog accept|dismiss [--text]', () => {
    expect(dialogParams('accept', {})).toEqual({ action: 'accept' });
    expect(dialogParams('accept', { text: 'Receipts' })).toEqual({ action: 'accept', prompt_text: 'Receipts' });
    expect(dialogParams('dismiss', {})).toEqual({ action: 'dismiss' });
    expect(() => dialogParams('ok', {})).toThrow(UsageError);
  });

  test('console options become numbers; ranges are left to the Driver', () => {
    expect(consoleParams({})).toEqual({});
    expect(consoleParams({ since: '42', level: 'error', limit: '500' })).toEqual({ since: 42, level: 'error', limit: 500 });
    expect(() => consoleParams({ limit: 'many' })).toThrow(UsageError);
  });

  test('navigate --on-beforeunload', () => {
    expect(navigateOptions(navigateParams('back'), { onBeforeunload: 'dismiss' })).toEqual({ history: 'back', on_beforeunload: 'dismiss' });
    expect(navigateOptions(navigateParams('localhost:3000'), {})).toEqual({ url: 'http://localhost:3000' });
  });

  test('the daemon maps dialog and console to the Driver with the session tab', () => {
    expect(toDriverCall('dialog', 's', { action: 'accept' }, state as never)).toEqual({
      method: 'dialog',
      input: { action: 'accept', session: 's', target_id: state.targetId, tab_id: state.tabId },
    });
    expect(toDriverCall('console', 's', { limit: 5 }, state as never)).toEqual({
      method: 'console',
      input: { limit: 5, session: 's', target_id: state.targetId, tab_id: state.tabId },
    });
  });
});

describe('SPEC §12 output', () => {
  test('a snapshot while a dialog is open says how to answer it; an action that opened one says so', async () => {
    const { formatSemanticSnapshot } = await import('../src/format/snapshot-text.js');
    const { formatAction, formatConsole } = await import('../src/format/result-text.js');
    const snapshot = {
      status: 'ok', mode: 'snapshot', target_id: 'bt-1', tab_id: 'tab-1',
      snapshot: { id: 'p2', format: 'semantic_v2', complete: false, scope: 'viewport', selected_nodes: 0, total_nodes: 0, node_budget: 300,
        omitted: { css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0 }, continuation: null, limits_hit: ['dialog_open'] },
      page: { url: 'http://x/', title: 'X', focused_ref: null, dialog: { type: 'confirm', message: 'Sure?' } },
      outline: '- dialog "Sure?" [type=confirm]', refs: [], content_refs: [], oopif: { status: 'none', frames: 0 }, timing_ms: { collect: 0, compose: 0 },
    } as const;
    const text = formatSemanticSnapshot(snapshot as never);
    expect(text).toContain('- dialog "Sure?" [type=confirm]');
    expect(text).toContain('a JavaScript confirm blocks the page: sightline dialog accept|dismiss');
    const action = formatAction({ status: 'ok', action: 'click', ref: 'p1:3', effect: 'confirmed', navigation: false, dialog: { type: 'alert', message: 'Hi' } });
    expect(action).toContain('a JavaScript alert is open: "Hi"');
    expect(formatAction({ status: 'ok', action: 'dialog', ref: null, effect: 'confirmed', navigation: false })).toContain('answered the dialog');
    const log = formatConsole({ status: 'ok', mode: 'console', entries: [{ seq: 3, level: 'error', text: 'boom', time: '2026-01-01T00:00:00.000Z', source: 'exception' }], next_since: 3 });
    expect(log).toContain('uncaught boom');
    expect(log).toContain('sightline console --since 3');
  });
});
