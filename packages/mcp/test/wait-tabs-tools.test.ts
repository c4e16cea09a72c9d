import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { refusalResponseSchema, tabsResponseSchema, waitResponseSchema } from '@sightline/semantic-core';
import { bindSession, startInMemoryStack, type InMemoryStack } from './support/in-memory-stack.js';

// SPEC §12 browser_wait and browser_tabs over a linked in-memory MCP pair and the fake ports.

let stack: InMemoryStack;
beforeEach(async () => {
  stack = await startInMemoryStack();
});
afterEach(async () => {
  await stack.close();
});

describe('browser_wait', () => {
  test('answers met and waited_ms; a timeout is met: false, not an error', async () => {
    const tab = await bindSession(stack, 'waiter');
    const met = await stack.call('browser_wait', { ...tab, text: 'Inbox', timeout_ms: 500 });
    expect(met.isError).toBe(false);
    expect(waitResponseSchema.parse(met.structuredContent)).toMatchObject({ status: 'ok', mode: 'wait', met: true });
    stack.browser.waitOutcome = () => ({ met: false });
    const late = await stack.call('browser_wait', { ...tab, load_state: 'network_idle', timeout_ms: 1 });
    expect(late.isError).toBe(false);
    expect(late.structuredContent).toMatchObject({ status: 'ok', met: false });
    expect((late.content[0] as { text: string }).text).toMatch(/Not met/);
  });

  test('timeout_ms out of range is refused naming the field', async () => {
    const tab = await bindSession(stack, 'waiter');
    const refused = await stack.call('browser_wait', { ...tab, text: 'Inbox', timeout_ms: 60_001 });
    expect(refusalResponseSchema.parse(refused.structuredContent).refusal).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'timeout_ms' } });
  });
});

describe('browser_tabs', () => {
  test('new → listed and selected; select of a closed tab is refused naming tab_id; an unknown action is refused', async () => {
    const tab = await bindSession(stack, 'tabber');
    const base = { session: tab.session, target_id: tab.target_id };
    const opened = tabsResponseSchema.parse((await stack.call('browser_tabs', { ...base, action: 'new', url: 'http://127.0.0.1/other' })).structuredContent);
    expect(opened.tabs).toHaveLength(2);
    expect(opened.selected_tab_id).toBe(opened.tab_id);
    const selected = tabsResponseSchema.parse((await stack.call('browser_tabs', { ...base, action: 'select', tab_id: tab.tab_id })).structuredContent);
    expect(selected.selected_tab_id).toBe(tab.tab_id);
    const closed = tabsResponseSchema.parse((await stack.call('browser_tabs', { ...base, action: 'close', tab_id: opened.tab_id })).structuredContent);
    expect(closed.tabs.map((entry) => entry.tab_id)).toEqual([tab.tab_id]);
    const again = await stack.call('browser_tabs', { ...base, action: 'select', tab_id: opened.tab_id });
    expect(refusalResponseSchema.parse(again.structuredContent).refusal).toMatchObject({ code: 'browser_tab_not_found', detail: { field: 'tab_id' } });
    const unknown = await stack.call('browser_tabs', { ...base, action: 'focus' });
    expect(refusalResponseSchema.parse(unknown.structuredContent).refusal).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'action' } });
    const closeWithoutTab = await stack.call('browser_tabs', { ...base, action: 'close' });
    expect(refusalResponseSchema.parse(closeWithoutTab.structuredContent).refusal).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'tab_id' } });
  });
});
