import { describe, expect, it } from 'vitest';
import { CapabilityStore, CONTINUATION_IDLE_MS } from './capability-store.js';
import { mintContinuationId, mintTabId, mintTargetId } from './capability-ids.js';
import { CONTINUATION_PATTERN, TAB_ID_PATTERN, TARGET_ID_PATTERN } from '../contract/patterns.js';
import { classifyPage } from '../classify/classify-page.js';
import { composeSnapshot, defaultComposeOptions } from '../compose/compose-snapshot.js';
import { SightlineError } from '../errors/sightline-error.js';
import { FakeBrowser, FakeConnection } from '../testing/fake-ports.js';
import { fakeMailPage, fakePage } from '../testing/fake-ports-pages.js';
import type { PageCapture } from '../model/page-capture.js';
import type { TabRecord, TargetRecord } from './capability-records.js';

class ManualClock {
  time = 1_000_000;
  now(): number {
    return this.time;
  }
}

function setup(session = 'alpha', capture: PageCapture = fakeMailPage()) {
  const clock = new ManualClock();
  const store = new CapabilityStore(clock);
  const browser = new FakeBrowser([{ capture }]);
  const connection = new FakeConnection(browser, 'http://127.0.0.1:9222', false);
  const target = store.addTarget(session, {
    connection,
    owned: false,
    binding: { route: 'explicit', proof: 'explicit_endpoint', exact: true },
    tabKeys: null,
  });
  const [tab] = store.syncTabs(target, [{ key: browser.firstTabKey(), url: 'u', title: 't', active: true }]);
  return { clock, store, browser, target, tab: tab!, session };
}

function takeSnapshot(store: CapabilityStore, target: TargetRecord, tab: TabRecord, capture: PageCapture) {
  const page = classifyPage(capture);
  const options = defaultComposeOptions();
  const snapshot = store.newSnapshot(target, tab, options);
  store.addSegment(snapshot, tab, page);
  const composed = composeSnapshot(page, page.nodes, page.ranked, options, store.namer(tab, snapshot));
  store.commitSnapshot(tab, snapshot);
  return { snapshot, composed, page };
}

function refusalCode(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    if (SightlineError.isInstance(error)) return error.code;
    throw error;
  }
}

function refNamed(composed: ReturnType<typeof takeSnapshot>['composed'], name: string): string {
  const ref = [...composed.refs, ...composed.content_refs].find((candidate) => candidate.name === name);
  if (!ref) throw new Error(`no ref named ${name}`);
  return ref.ref;
}

describe('capability ids', () => {
  it('have the SPEC §2 forms and do not repeat', () => {
    const targets = new Set(Array.from({ length: 200 }, mintTargetId));
    const tabs = new Set(Array.from({ length: 200 }, mintTabId));
    const continuations = new Set(Array.from({ length: 200 }, mintContinuationId));
    expect(targets.size).toBe(200);
    expect(tabs.size).toBe(200);
    expect(continuations.size).toBe(200);
    for (const id of targets) expect(id).toMatch(TARGET_ID_PATTERN);
    for (const id of tabs) expect(id).toMatch(TAB_ID_PATTERN);
    for (const id of continuations) expect(id).toMatch(CONTINUATION_PATTERN);
  });
});

describe('CapabilityStore snapshots and refs', () => {
  it('numbers snapshots p1, p2, … per session', () => {
    const { store, target, tab } = setup();
    expect(takeSnapshot(store, target, tab, fakeMailPage()).snapshot.id).toBe('p1');
    expect(takeSnapshot(store, target, tab, fakeMailPage()).snapshot.id).toBe('p2');
    const other = setup('beta');
    expect(takeSnapshot(other.store, other.target, other.tab, fakeMailPage()).snapshot.id).toBe('p1');
  });

  it('keeps element numbers per node across snapshots: the old ref is stale, p<new>:<E> names the same node', () => {
    const { store, target, tab, session } = setup();
    const first = takeSnapshot(store, target, tab, fakeMailPage());
    const send = refNamed(first.composed, 'Send');
    const second = takeSnapshot(store, target, tab, fakeMailPage());
    const sendAgain = refNamed(second.composed, 'Send');
    expect(send.split(':')[1]).toBe(sendAgain.split(':')[1]);
    expect(send.split(':')[0]).toBe('p1');
    expect(sendAgain.split(':')[0]).toBe('p2');
    expect(refusalCode(() => store.resolveRef(session, target.id, tab.id, send))).toBe('browser_ref_stale');
    const resolved = store.resolveRef(session, target.id, tab.id, `@${sendAgain}`);
    expect(resolved.stored.node.name).toBe('Send');
    expect(resolved.kind).toBe('action');
    expect(resolved.address.handle).toBe(first.page.capture.nodes[resolved.stored.node.index]!.handle);
  });

  it('never reuses an element number in the tab, across rerenders and navigations', () => {
    const { store, target, tab } = setup();
    const numbers = (composed: ReturnType<typeof takeSnapshot>['composed']) =>
      [...composed.refs, ...composed.content_refs].map((ref) => Number(ref.ref.split(':')[1]));
    const first = numbers(takeSnapshot(store, target, tab, fakeMailPage()).composed);
    const rerendered = numbers(takeSnapshot(store, target, tab, fakeMailPage({ handlePrefix: 'r' })).composed);
    expect(Math.min(...rerendered)).toBeGreaterThan(Math.max(...first));
    store.tabNavigated(tab);
    const navigated = numbers(takeSnapshot(store, target, tab, fakeMailPage({ documentKey: 'doc-2' })).composed);
    expect(Math.min(...navigated)).toBeGreaterThan(Math.max(...rerendered));
    const all = [...first, ...rerendered, ...navigated];
    expect(new Set(all).size).toBe(all.length);
  });

  it('labels frames main / f<N>, stable per frame document, new label after a frame navigates', () => {
    const withFrames = (docA: string) =>
      fakePage({
        nodes: [
          { role: 'button', name: 'Top' },
          { role: 'iframe', name: 'Ads', frame: { key: 'fa', documentKey: docA, children: [{ role: 'button', name: 'In A' }] } },
          { role: 'iframe', name: 'Chat', frame: { key: 'fb', documentKey: 'b-1', children: [{ role: 'button', name: 'In B' }] } },
        ],
      });
    const { store, target, tab, session } = setup('alpha', withFrames('a-1'));
    const frameOf = (composed: ReturnType<typeof takeSnapshot>['composed'], name: string) =>
      composed.refs.find((ref) => ref.name === name)?.frame;
    const first = takeSnapshot(store, target, tab, withFrames('a-1')).composed;
    expect(frameOf(first, 'Top')).toBe('main');
    expect(frameOf(first, 'In A')).toBe('f1');
    expect(frameOf(first, 'In B')).toBe('f2');
    const second = takeSnapshot(store, target, tab, withFrames('a-1')).composed;
    expect(frameOf(second, 'In A')).toBe('f1');
    const inA = refNamed(second, 'In A');
    const inB = refNamed(second, 'In B');
    store.frameNavigated(tab, 'fa', 'a-2');
    expect(refusalCode(() => store.resolveRef(session, target.id, tab.id, inA))).toBe('browser_ref_stale');
    expect(store.resolveRef(session, target.id, tab.id, inB).stored.node.name).toBe('In B');
    const third = takeSnapshot(store, target, tab, withFrames('a-2')).composed;
    expect(frameOf(third, 'In A')).toBe('f3');
    expect(frameOf(third, 'In B')).toBe('f2');
  });

  it('makes every snapshot of a tab stale on main-frame navigation, but not on a late event for the document it shows', () => {
    const { store, target, tab, session } = setup();
    const { composed } = takeSnapshot(store, target, tab, fakeMailPage());
    const send = refNamed(composed, 'Send');
    store.tabNavigated(tab, 'doc-1');
    expect(store.resolveRef(session, target.id, tab.id, send).stored.node.name).toBe('Send');
    store.tabNavigated(tab, 'doc-2');
    expect(refusalCode(() => store.resolveRef(session, target.id, tab.id, send))).toBe('browser_ref_stale');
  });

  it('makes everything stale when the target generation bumps (reconnect)', () => {
    const { store, target, tab, session } = setup();
    const { composed, snapshot } = takeSnapshot(store, target, tab, fakeMailPage());
    const send = refNamed(composed, 'Send');
    store.killTarget(target);
    expect(target.generation).toBe(2);
    expect(store.isLive(snapshot)).toBe(false);
    expect(refusalCode(() => store.resolveRef(session, target.id, tab.id, send))).toBe('browser_ref_stale');
    expect(refusalCode(() => store.tab(session, target.id, tab.id))).toBe('browser_ref_stale');
  });

  it('treats a replaced browser behind the connection as a dead target', () => {
    const { store, target, browser, session } = setup();
    browser.browserKey = 'browser-2';
    expect(refusalCode(() => store.target(session, target.id))).toBe('browser_ref_stale');
    expect(target.alive).toBe(false);
  });

  it('refuses closed tabs with browser_tab_not_found', () => {
    const { store, target, tab, session } = setup();
    store.closeTab(tab);
    expect(refusalCode(() => store.tab(session, target.id, tab.id))).toBe('browser_tab_not_found');
    expect(refusalCode(() => store.tab(session, target.id, 'tab-0000000000000000'))).toBe('browser_tab_not_found');
  });

  it('isolates sessions: a target, tab or ref of session A is refused in session B', () => {
    const a = setup('alpha');
    const { composed } = takeSnapshot(a.store, a.target, a.tab, fakeMailPage());
    const send = refNamed(composed, 'Send');
    a.store.session('beta');
    expect(refusalCode(() => a.store.tab('beta', a.target.id, a.tab.id))).toBe('browser_ref_stale');
    expect(refusalCode(() => a.store.resolveRef('beta', a.target.id, a.tab.id, send))).toBe('browser_ref_stale');
    expect(a.store.resolveRef('alpha', a.target.id, a.tab.id, send).stored.node.name).toBe('Send');
    a.store.endSession('alpha');
    expect(refusalCode(() => a.store.resolveRef('alpha', a.target.id, a.tab.id, send))).toBe('browser_ref_stale');
  });

  it('tells content refs from action refs', () => {
    const { store, target, tab, session } = setup();
    const { composed } = takeSnapshot(store, target, tab, fakeMailPage());
    expect(store.resolveRef(session, target.id, tab.id, refNamed(composed, 'Message')).kind).toBe('content');
  });

  it('refuses a ref whose node appears twice in the capture as ambiguous', () => {
    const capture = fakePage({ nodes: [{ role: 'button', name: 'Twin', handle: 'same' }, { role: 'button', name: 'Twin 2', handle: 'same' }] });
    const { store, target, tab, session } = setup('alpha', capture);
    const { composed } = takeSnapshot(store, target, tab, capture);
    expect(refusalCode(() => store.resolveRef(session, target.id, tab.id, composed.refs[0]!.ref))).toBe('browser_scope_ambiguous');
  });
});

describe('CapabilityStore continuations', () => {
  it('are single use', () => {
    const { store, target, tab, session } = setup();
    const { snapshot } = takeSnapshot(store, target, tab, fakeMailPage());
    const id = store.mintContinuation(snapshot);
    expect(id).toMatch(CONTINUATION_PATTERN);
    expect(store.takeContinuation(session, target.id, tab.id, id)).toBe(snapshot);
    expect(refusalCode(() => store.takeContinuation(session, target.id, tab.id, id))).toBe('browser_ref_stale');
  });

  it('expire after 120 s idle', () => {
    const { store, target, tab, session, clock } = setup();
    const { snapshot } = takeSnapshot(store, target, tab, fakeMailPage());
    const fresh = store.mintContinuation(snapshot);
    clock.time += CONTINUATION_IDLE_MS;
    expect(store.takeContinuation(session, target.id, tab.id, fresh)).toBe(snapshot);
    const old = store.mintContinuation(snapshot);
    clock.time += CONTINUATION_IDLE_MS + 1;
    expect(refusalCode(() => store.takeContinuation(session, target.id, tab.id, old))).toBe('browser_ref_stale');
  });

  it('die on a newer snapshot of the tab, on navigation, and on target death', () => {
    const { store, target, tab, session } = setup();
    const first = takeSnapshot(store, target, tab, fakeMailPage());
    const byNewer = store.mintContinuation(first.snapshot);
    const second = takeSnapshot(store, target, tab, fakeMailPage());
    expect(refusalCode(() => store.takeContinuation(session, target.id, tab.id, byNewer))).toBe('browser_ref_stale');
    const byNavigation = store.mintContinuation(second.snapshot);
    store.tabNavigated(tab);
    expect(refusalCode(() => store.takeContinuation(session, target.id, tab.id, byNavigation))).toBe('browser_ref_stale');
    const third = takeSnapshot(store, target, tab, fakeMailPage({ documentKey: 'doc-9' }));
    const byDeath = store.mintContinuation(third.snapshot);
    store.killTarget(target);
    expect(refusalCode(() => store.takeContinuation(session, target.id, tab.id, byDeath))).toBe('browser_ref_stale');
  });

  it('belong to their session and tab', () => {
    const { store, target, tab, session } = setup();
    const { snapshot } = takeSnapshot(store, target, tab, fakeMailPage());
    const id = store.mintContinuation(snapshot);
    store.session('beta');
    expect(refusalCode(() => store.takeContinuation('beta', target.id, tab.id, id))).toBe('browser_ref_stale');
    // The refused attempt from another session did not consume it.
    expect(store.takeContinuation(session, target.id, tab.id, id)).toBe(snapshot);
  });
});
