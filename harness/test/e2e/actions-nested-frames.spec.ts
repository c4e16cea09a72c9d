import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';
import { hits, hitsAtLeast, layoutUrl, snapshotUntil } from './support/layout-hits.js';

// Issue #12 item 4: two levels of cross-site frames (127.0.0.1 → localhost → 127.0.0.1). The
// inner frame is its own out-of-process target under the middle one.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture('frames');
});
afterAll(async () => {
  await f?.close();
});

const hasInner = (s: { refs: Array<{ name: string }> }) => s.refs.some((r) => r.name === 'Inner button');

/** Clicks "Inner button" from a fresh snapshot; exactly one new hit, in the inner frame. */
async function clickInner(): Promise<void> {
  const before = (await hits(f)).length;
  const snapshot = await snapshotUntil(f, hasInner);
  const inner = refOf(snapshot, 'button', 'Inner button');
  expect(inner.frame).not.toBe('main');
  expect(await f.driver.click({ ...f.address, ref: inner.ref })).toMatchObject({ status: 'ok' });
  const log = await hitsAtLeast(f, before + 1);
  expect(log.slice(before)).toEqual([{ hit: 'inner', trusted: true, frame: 'inner' }]);
}

describe('nested out-of-process frames', () => {
  it('a click in the inner frame lands there; the middle frame is clickable too', async () => {
    await f.open(layoutUrl(f, 'frames-outer.html'));
    await clickInner();
    const middle = refOf(await f.snapshot(), 'button', 'Middle button');
    expect(await f.driver.click({ ...f.address, ref: middle.ref })).toMatchObject({ status: 'ok' });
    expect((await hitsAtLeast(f, 2)).slice(1)).toEqual([{ hit: 'middle', trusted: true, frame: 'middle' }]);
  });

  it('navigating away leaves later snapshots working; back again, the inner frame is clickable', async () => {
    await f.open(layoutUrl(f, 'window-scroll.html'));
    const away = await f.snapshot();
    expect(away.refs.some((r) => r.name === 'Row 1')).toBe(true);
    expect(await f.snapshot()).toMatchObject({ status: 'ok' });
    const back = await f.driver.navigate({ ...f.address, history: 'back' });
    expect(back).toMatchObject({ status: 'ok', navigation: true });
    await clickInner();
  });

  it('opened afresh once more, snapshot and click again', async () => {
    await f.open(layoutUrl(f, 'window-scroll.html'));
    await f.snapshot();
    await f.open(layoutUrl(f, 'frames-outer.html'));
    await clickInner();
  });

  it('frames below the first screen: the page scrolls, each hop hit-tests in its own document coordinates', async () => {
    await f.open(layoutUrl(f, 'frames-scrolled.html'));
    await snapshotUntil(f, hasInner, { query: 'Inner button' });
    const before = (await hits(f)).length;
    const inner = refOf(await f.snapshot({ query: 'Inner button' }), 'button', 'Inner button');
    expect(await f.driver.click({ ...f.address, ref: inner.ref })).toMatchObject({ status: 'ok' });
    expect((await hitsAtLeast(f, before + 1)).slice(before)).toEqual([{ hit: 'inner', trusted: true, frame: 'inner' }]);
    expect(await f.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
  });

  it('nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
