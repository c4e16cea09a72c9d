import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage, fakePage } from '../testing/fake-ports-pages.js';
import {
  bindResponseSchema,
  domRefsSnapshotResponseSchema,
  refusalResponseSchema,
  semanticSnapshotResponseSchema,
  transportErrorResponseSchema,
  type SemanticSnapshotResponse,
} from '../contract/responses.js';
import { CONTINUATION_PATTERN, SNAPSHOT_ID_PATTERN } from '../contract/patterns.js';
import { REMOVED_MARKER } from '../scopes/diff-scope.js';
import type { PageCapture } from '../model/page-capture.js';

async function bound(capture: PageCapture = fakeMailPage()) {
  const browser = new FakeBrowser([{ capture }]);
  const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  const tabKey = browser.firstTabKey();
  const snap = async (extra: Record<string, unknown> = {}): Promise<SemanticSnapshotResponse> =>
    semanticSnapshotResponseSchema.parse(await driver.snapshot({ ...address, ...extra }));
  return { browser, driver, address, tabKey, snap };
}

const refusal = (result: unknown) => refusalResponseSchema.parse(result).refusal;
const refOf = (snapshot: { refs: Array<{ ref: string; name: string }>; content_refs?: Array<{ ref: string; name: string }> }, name: string) =>
  [...snapshot.refs, ...(snapshot.content_refs ?? [])].find((ref) => ref.name === name)?.ref;

describe('Driver.snapshot semantic_v2', () => {
  it('returns the SPEC §4 shape with consistent accounting (semantic_v2 is the Driver default)', async () => {
    const { snap } = await bound(fakeMailPage({ extra: 4 }));
    const result = await snap();
    expect(result.snapshot.format).toBe('semantic_v2');
    expect(result.snapshot.id).toMatch(SNAPSHOT_ID_PATTERN);
    expect(result.snapshot.scope).toBe('viewport');
    expect(result.snapshot.node_budget).toBe(300);
    const { selected_nodes, total_nodes, omitted } = result.snapshot;
    expect(selected_nodes + omitted.budget + omitted.offscreen + omitted.no_layout + omitted.unknown).toBe(total_nodes);
    expect(omitted.offscreen).toBe(4);
    expect(result.outline).toContain('heading "Message"');
    expect(result.outline).not.toContain('Older message');
    expect(result.outline).not.toContain('hunter2');
    const send = result.refs.find((ref) => ref.name === 'Send')!;
    expect(send.actions).toEqual(['click']);
    expect(send.frame).toBe('main');
    expect(send.visibility).toBe('in_viewport');
    expect(result.content_refs.map((ref) => ref.role)).toContain('heading');
    // Off-screen nodes remain: not complete, and a continuation reaches them.
    expect(result.snapshot.complete).toBe(false);
    expect(result.snapshot.continuation).toMatch(CONTINUATION_PATTERN);
    expect(result.page.title).toBe('Inbox');
    expect(result.timing_ms.collect).toBeGreaterThanOrEqual(0);
    expect(result.oopif).toEqual({ status: 'none', frames: 0 });
  });

  it('is complete with no continuation when everything fits', async () => {
    const { snap } = await bound(fakePage({ nodes: [{ role: 'button', name: 'Only' }] }));
    const result = await snap();
    expect(result.snapshot.complete).toBe(true);
    expect(result.snapshot.continuation).toBeNull();
  });

  it('is not complete when a collection budget ran out', async () => {
    const capture = fakePage({ nodes: [{ role: 'button', name: 'Only' }] });
    capture.coverage.exhausted = ['time'];
    const { snap } = await bound(capture);
    const result = await snap();
    expect(result.snapshot.complete).toBe(false);
    expect(result.snapshot.limits_hit).toContain('collection_time');
  });

  it('pages the off-screen rest through the continuation, then completes', async () => {
    const { snap } = await bound(fakeMailPage({ extra: 4 }));
    const first = await snap();
    const next = await snap({ continuation: first.snapshot.continuation });
    expect(next.snapshot.scope).toBe('continuation');
    expect(next.snapshot.id).toBe(first.snapshot.id);
    expect(next.refs.map((ref) => ref.name)).toEqual(['Older message 1', 'Older message 2', 'Older message 3', 'Older message 4']);
    expect(next.snapshot.continuation).toBeNull();
    expect(next.snapshot.complete).toBe(true);
  });

  it('boxes refs when asked', async () => {
    const { snap } = await bound();
    const result = await snap({ include_boxes: true });
    expect(result.refs.every((ref) => ref.box !== undefined)).toBe(true);
  });
});

describe('Driver.snapshot dom_refs_v1', () => {
  it('lists interactive refs in document order without an outline', async () => {
    const { driver, address } = await bound(fakeMailPage({ extra: 2 }));
    const result = domRefsSnapshotResponseSchema.parse(await driver.snapshot({ ...address, snapshot_format: 'dom_refs_v1' }));
    expect(result.snapshot.format).toBe('dom_refs_v1');
    expect(result.snapshot.truncated).toBe(false);
    expect(result.refs.map((ref) => ref.name)).toEqual(['Reply body', 'Send', 'Password', 'Older message 1', 'Older message 2']);
    expect(result.refs.find((ref) => ref.name === 'Password')?.value).toBe('••••');
    expect(result).not.toHaveProperty('outline');
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('refuses read scopes, which it does not have', async () => {
    const { driver, address } = await bound();
    const result = refusal(await driver.snapshot({ ...address, snapshot_format: 'dom_refs_v1', query: 'send' }));
    expect(result.code).toBe('browser_invalid_request');
    expect(result.detail?.field).toBe('query');
  });

  it('mints refs actions accept', async () => {
    const { driver, address } = await bound();
    const result = domRefsSnapshotResponseSchema.parse(await driver.snapshot({ ...address, snapshot_format: 'dom_refs_v1' }));
    const click = await driver.click({ ...address, ref: refOf(result, 'Send') });
    expect(click).toMatchObject({ status: 'ok', action: 'click' });
  });
});

describe('Driver.snapshot read scopes', () => {
  it('query keeps ancestors and reaches off-screen hits', async () => {
    const { snap } = await bound(fakeMailPage({ extra: 4 }));
    const result = await snap({ query: 'OLDER MESSAGE 3' });
    expect(result.snapshot.scope).toBe('query');
    expect(result.refs.map((ref) => ref.name)).toEqual(['Older message 3']);
    expect(result.outline).toContain('list "Older"');
    expect(result.snapshot.total_nodes).toBe(1);
  });

  it('query with zero hits is ok and empty', async () => {
    const { snap } = await bound();
    const result = await snap({ query: 'zzz-nothing' });
    expect(result.snapshot.scope).toBe('query');
    expect(result.outline).toBe('');
    expect(result.refs).toEqual([]);
    expect(result.snapshot.selected_nodes).toBe(0);
  });

  it('scope_ref reads a content ref’s subtree; a stale one is refused', async () => {
    const { snap, driver, address } = await bound(fakeMailPage({ extra: 3 }));
    const first = await snap();
    const list = refOf(first, 'Older')!;
    const sub = await snap({ scope_ref: `@${list}` });
    expect(sub.snapshot.scope).toBe('subtree');
    expect(sub.refs.map((ref) => ref.name)).toEqual(['Older message 1', 'Older message 2', 'Older message 3']);
    expect(sub.outline).not.toContain('Send');
    const stale = refusal(await driver.snapshot({ ...address, scope_ref: list }));
    expect(stale.code).toBe('browser_ref_stale');
    expect(stale.message).toContain('take a new snapshot');
  });

  it('scope_ref refuses a node the page now holds twice as ambiguous', async () => {
    const { snap, driver, address, browser, tabKey } = await bound(fakeMailPage());
    const first = await snap();
    const send = refOf(first, 'Send')!;
    const capture = fakeMailPage();
    const sendNode = capture.nodes.find((node) => node.name === 'Send')!;
    capture.nodes.push({ ...sendNode, parent: -1 });
    browser.setCapture(tabKey, capture);
    expect(refusal(await driver.snapshot({ ...address, scope_ref: send })).code).toBe('browser_scope_ambiguous');
  });

  it('diff after a one-character change returns only the changed line (under its context)', async () => {
    const { snap, browser, tabKey } = await bound(fakeMailPage({ subject: 'Message' }));
    await snap();
    browser.setCapture(tabKey, fakeMailPage({ subject: 'Messagf' }));
    const diff = await snap({ diff: true });
    expect(diff.snapshot.scope).toBe('diff');
    const lines = diff.outline.split('\n');
    // Exactly one line carries a ref: the changed one; the others are its unchanged ancestors.
    expect(lines.filter((text) => /\[c?ref=/.test(text))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/^ *- heading "Messagf" \[level=1\] \[cref=p2:\d+\]$/);
    for (const context of lines.slice(0, -1)) expect(context).not.toContain('Messag');
    expect(diff.refs).toEqual([]);
    expect(diff.content_refs.map((ref) => ref.name)).toEqual(['Messagf']);
    const again = await snap({ diff: true });
    expect(again.outline).toBe('');
  });

  it('diff after a navigation starts afresh: the whole outline, nothing marked removed', async () => {
    const { snap, browser, tabKey } = await bound(fakePage({ nodes: [{ role: 'button', name: 'Keep' }] }));
    const first = await snap();
    expect(first.outline).toBe('- button "Keep" [ref=p1:1]');
    browser.navigate(tabKey);
    const diff = await snap({ diff: true });
    // A new document: a new element number (never reused in the tab), and no removed lines.
    expect(diff.outline).toBe('- button "Keep" [ref=p2:2]');
    expect(diff.outline).not.toContain(REMOVED_MARKER);
  });

  it('diff marks removed nodes', async () => {
    const { snap, browser, tabKey } = await bound(fakePage({ nodes: [{ role: 'button', name: 'Keep' }, { role: 'button', name: 'Gone' }] }));
    await snap();
    browser.setCapture(tabKey, fakePage({ nodes: [{ role: 'button', name: 'Keep' }] }));
    const diff = await snap({ diff: true });
    expect(diff.outline).toBe(`- ${REMOVED_MARKER} button "Gone"`);
  });
});

describe('Driver.snapshot invalid fields', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['session', { session: '' }, 'session'],
    ['target_id', { target_id: 'bt-xyz' }, 'target_id'],
    ['tab_id', { tab_id: 42 }, 'tab_id'],
    ['snapshot_format', { snapshot_format: 'yaml' }, 'snapshot_format'],
    ['query', { query: '' }, 'query'],
    ['scope_ref', { scope_ref: 'e12' }, 'scope_ref'],
    ['continuation', { continuation: 'bc-123' }, 'continuation'],
    ['diff', { diff: 'yes' }, 'diff'],
    ['node_budget low', { node_budget: 0 }, 'node_budget'],
    ['node_budget high', { node_budget: 2001 }, 'node_budget'],
    ['max_chars', { max_chars: 499 }, 'max_chars'],
    ['interactive_only', { interactive_only: 1 }, 'interactive_only'],
    ['max_depth', { max_depth: 101 }, 'max_depth'],
    ['include_boxes', { include_boxes: 'true' }, 'include_boxes'],
    ['unknown field', { selector: '#send' }, 'selector'],
    ['two scopes', { query: 'send', diff: true }, 'diff'],
    ['continuation with query', { query: 'send', continuation: `bc-${'0'.repeat(32)}` }, 'continuation'],
  ];
  for (const [label, patch, field] of cases) {
    it(`refuses ${label}, naming ${field}`, async () => {
      const { driver, address, browser } = await bound();
      const before = browser.calls.length;
      const result = refusal(await driver.snapshot({ ...address, ...patch }));
      expect(result.code).toBe('browser_invalid_request');
      expect(result.detail?.field).toBe(field);
      expect(result.message).toContain(field);
      expect(browser.calls.length).toBe(before);
    });
  }

  it('refuses a missing tab_id as required', async () => {
    const { driver, address } = await bound();
    const result = refusal(await driver.snapshot({ session: address.session, target_id: address.target_id }));
    expect(result.detail).toMatchObject({ field: 'tab_id' });
    expect(String(result.detail?.problem)).toContain('required');
  });
});

describe('Driver.snapshot invalidation', () => {
  it('a newer snapshot makes old refs stale; p<new>:<E> names the same node', async () => {
    const { snap, driver, address } = await bound();
    const first = await snap();
    const second = await snap();
    const oldSend = refOf(first, 'Send')!;
    const newSend = refOf(second, 'Send')!;
    expect(newSend.split(':')[1]).toBe(oldSend.split(':')[1]);
    expect(refusal(await driver.click({ ...address, ref: oldSend })).code).toBe('browser_ref_stale');
    expect(await driver.click({ ...address, ref: newSend })).toMatchObject({ status: 'ok' });
  });

  it('navigation makes every ref and continuation of the tab stale', async () => {
    const { snap, driver, address, browser, tabKey } = await bound(fakeMailPage({ extra: 2 }));
    const first = await snap();
    browser.navigate(tabKey);
    expect(refusal(await driver.click({ ...address, ref: refOf(first, 'Send') })).code).toBe('browser_ref_stale');
    expect(refusal(await driver.snapshot({ ...address, continuation: first.snapshot.continuation })).code).toBe('browser_ref_stale');
    const fresh = await snap();
    expect(fresh.snapshot.id).toBe('p2');
  });

  it('a rerender (new handles) makes the ref stale at delivery, and nothing is performed', async () => {
    const { snap, driver, address, browser, tabKey } = await bound();
    const first = await snap();
    browser.rerender(tabKey);
    const result = refusal(await driver.click({ ...address, ref: refOf(first, 'Send') }));
    expect(result.code).toBe('browser_ref_stale');
    expect(browser.pageCalls('perform')).toEqual([]);
  });

  it('a disconnect bumps the generation: the browser is gone, and every call says so (SPEC §7) until bound again', async () => {
    const { snap, driver, address, browser } = await bound();
    const first = await snap();
    browser.disconnect();
    // One answer whenever the browser is gone (issue 17): a transport error that says to bind again.
    const clicked = transportErrorResponseSchema.parse(await driver.click({ ...address, ref: refOf(first, 'Send') }));
    expect(clicked.error.code).toBe('browser_transport_error');
    expect(clicked.error.message).toContain('Bind again');
    const again = transportErrorResponseSchema.parse(await driver.snapshot(address));
    expect(again.error.code).toBe('browser_transport_error');
    expect(again.error.message).toContain('Bind again');
    expect(browser.pageCalls('perform')).toEqual([]);
  });

  it('a closed tab is refused with browser_tab_not_found', async () => {
    const { driver, address, browser, tabKey } = await bound();
    browser.closeTab(tabKey);
    expect(refusal(await driver.snapshot(address)).code).toBe('browser_tab_not_found');
  });

  it('a transport failure during capture is an error and mints nothing', async () => {
    const { snap, driver, address, browser } = await bound();
    const first = await snap();
    browser.failNext('capture');
    const failed = transportErrorResponseSchema.parse(await driver.snapshot(address));
    expect(failed.error.code).toBe('browser_transport_error');
    // The earlier snapshot is still the current one.
    expect(await driver.click({ ...address, ref: refOf(first, 'Send') })).toMatchObject({ status: 'ok' });
  });

  it('refuses a ref of another tab of the same target', async () => {
    const browser = new FakeBrowser([{ capture: fakeMailPage() }, { capture: fakeMailPage() }]);
    const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
    const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
    const [a, b] = bind.tabs.map((tab) => ({ session: 'agent', target_id: bind.target_id, tab_id: tab.tab_id }));
    const onA = semanticSnapshotResponseSchema.parse(await driver.snapshot(a));
    semanticSnapshotResponseSchema.parse(await driver.snapshot(b));
    expect(refusal(await driver.click({ ...b!, ref: refOf(onA, 'Send') })).code).toBe('browser_ref_stale');
    expect(await driver.click({ ...a!, ref: refOf(onA, 'Send') })).toMatchObject({ status: 'ok' });
  });

  it('refuses a ref of another session', async () => {
    const { snap, driver, address } = await bound();
    const first = await snap();
    await driver.bind({ session: 'other', cdp_url: 'http://127.0.0.1:9222' });
    const result = refusal(await driver.click({ ...address, session: 'other', ref: refOf(first, 'Send') }));
    expect(result.code).toBe('browser_ref_stale');
  });
});
