import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CdpTab } from '../tab/cdp-tab.js';
import { NavigationWatch, STOP_GRACE_MS } from './navigation-watch.js';

const MAIN = 'main-frame';

/** A tab whose main frame's events the test emits by hand (the watch reads nothing else). */
function fakeTab(loaderId = 'old-loader') {
  const handlers = new Map<string, Array<(params: unknown) => void>>();
  const session = {
    on(event: string, handler: (params: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return () => handlers.set(event, (handlers.get(event) ?? []).filter((h) => h !== handler));
    },
  };
  const tab = {
    mainFrameId: MAIN,
    frames: new Map([[MAIN, { loaderId }]]),
    session,
    dialogs: { blocksPage: false, onSignal: () => () => undefined },
  } as unknown as CdpTab;
  const emit = (event: string, params: object = {}) => {
    for (const handler of handlers.get(event) ?? []) handler(params);
  };
  return { tab, emit };
}

async function settled<T>(promise: Promise<T>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(120);
  return done;
}

describe('NavigationWatch.settle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the new document\'s load, not a load of the document that was still loading when it began', async () => {
    const { tab, emit } = fakeTab();
    const watch = new NavigationWatch(tab);
    watch.expectNavigation();
    emit('Page.loadEventFired'); // the old document finishing its own load
    emit('Page.frameNavigated', { frame: { id: MAIN, loaderId: 'new-loader' }, type: 'Navigation' });
    const settling = watch.settle();
    expect(await settled(settling)).toBe(false);
    emit('Page.loadEventFired');
    expect(await settled(settling)).toBe(true);
    expect(await settling).toEqual({ navigation: true, sameDocument: false });
  });

  it('a stop seen before the navigation started does not end the wait for its commit', async () => {
    const { tab, emit } = fakeTab();
    const watch = new NavigationWatch(tab);
    watch.expectNavigation();
    emit('Page.frameStoppedLoading', { frameId: MAIN }); // a new tab's first about:blank
    emit('Page.frameStartedLoading', { frameId: MAIN });
    const settling = watch.settle();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS * 3);
    expect(await settled(settling)).toBe(false);
    emit('Page.frameNavigated', { frame: { id: MAIN, loaderId: 'new-loader' }, type: 'Navigation' });
    emit('Page.loadEventFired');
    expect(await settled(settling)).toBe(true);
    expect(await settling).toMatchObject({ navigation: true });
  });

  it('a stop without a commit after the start still ends the wait (a download, a 204)', async () => {
    const { tab, emit } = fakeTab();
    const watch = new NavigationWatch(tab);
    watch.expectNavigation();
    emit('Page.frameStartedLoading', { frameId: MAIN });
    emit('Page.frameStoppedLoading', { frameId: MAIN });
    const settling = watch.settle();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS + 200);
    expect(await settled(settling)).toBe(true);
    expect(await settling).toEqual({ navigation: false, sameDocument: false });
  });

  it('a back/forward-cache restore counts as loaded at its commit', async () => {
    const { tab, emit } = fakeTab();
    const watch = new NavigationWatch(tab);
    watch.expectNavigation();
    emit('Page.frameNavigated', { frame: { id: MAIN, loaderId: 'cached-loader' }, type: 'BackForwardCacheRestore' });
    expect(await settled(watch.settle())).toBe(true);
  });
});
