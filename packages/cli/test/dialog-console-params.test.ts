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
