import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, waitUntil, withoutSeq, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';
import { hits, hitsAtLeast, layoutUrl } from './support/layout-hits.js';

// Issue #12 item 1 (SPEC §6): a target anywhere in the document is reachable — scrolled pages,
// a scrolling root, nested scroll containers, targets below the first screen, sticky headers.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture('scrolled');
});
afterAll(async () => {
  await f?.close();
});

async function scrollWindowTo(y: number): Promise<void> {
  await f.evaluate<void>(`window.scrollTo(0, ${y})`);
  await waitUntil(() => f.evaluate<number>('window.scrollY'), (value) => value === y);
}

describe('clicks on scrolled layouts', () => {
  it('window scrolled 300 px: an in_viewport button is clicked where it is', async () => {
    await f.open(layoutUrl(f, 'window-scroll.html'));
    await scrollWindowTo(300);
    const snapshot = await f.snapshot();
    const row = refOf(snapshot, 'button', 'Row 8');
    expect(row.visibility).toBe('in_viewport');
    expect(await f.driver.click({ ...f.address, ref: row.ref })).toMatchObject({ status: 'ok', effect: 'confirmed', navigation: false });
    expect(await hitsAtLeast(f, 1)).toEqual([{ hit: 'row-8', trusted: true, frame: 'top' }]);
  });

  it('a target far below the first screen is scrolled into view, then clicked', async () => {
    const snapshot = await f.snapshot({ query: 'Far away' });
    const far = refOf(snapshot, 'button', 'Far away');
    expect(far.visibility).toBe('offscreen');
    expect(await f.driver.click({ ...f.address, ref: far.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect((await hitsAtLeast(f, 2)).slice(1)).toEqual([{ hit: 'far', trusted: true, frame: 'top' }]);
  });

  it('html{overflow-y:scroll}, scrolled 300 px: the click lands on its button', async () => {
    await f.open(layoutUrl(f, 'root-overflow.html'));
    await scrollWindowTo(300);
    const row = refOf(await f.snapshot(), 'button', 'Row 9');
    expect(row.visibility).toBe('in_viewport');
    expect(await f.driver.click({ ...f.address, ref: row.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await hitsAtLeast(f, 1)).toEqual([{ hit: 'row-9', trusted: true, frame: 'top' }]);
  });

  it('a button deep in a nested scroll container below the first screen: both scroll, the click lands', async () => {
    await f.open(layoutUrl(f, 'nested-scroll.html'));
    const item = refOf(await f.snapshot({ query: 'Item 27' }), 'button', 'Item 27');
    expect(item.visibility).toBe('offscreen');
    expect(await f.driver.click({ ...f.address, ref: item.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await hitsAtLeast(f, 1)).toEqual([{ hit: 'item-27', trusted: true, frame: 'top' }]);
    // The container and the window both moved; focus did not (no focus move is part of scrolling).
    expect(await f.evaluate<number>("document.querySelector('.list').scrollTop")).toBeGreaterThan(0);
    expect(await f.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
  });

  it('the fixture\'s "Export mailbox" below the first screen is clicked', async () => {
    await f.open(f.server.urls.app);
    const exportButton = refOf(await f.snapshot({ query: 'Export mailbox' }), 'button', 'Export mailbox');
    expect(await f.driver.click({ ...f.address, ref: exportButton.ref })).toMatchObject({ status: 'ok' });
    const journal = withoutSeq(await waitUntil(() => f.journal(), (entries) => entries.some((entry) => entry.type === 'click')));
    // The page journals its own scroll (the target was scrolled into view), then the one click.
    expect(journal.filter((entry) => !(entry.type === 'scroll' && entry.target === 'page'))).toEqual([{ type: 'click', target: 'Export mailbox', region: 'More actions', trusted: true }]);
    expect(journal.filter((entry) => entry.type === 'scroll').length).toBeLessThanOrEqual(1);
  });
});

describe('sticky and fixed headers', () => {
  it('a sticky header over the target\'s current position: scrolled clear, then clicked', async () => {
    await f.open(layoutUrl(f, 'sticky-header.html'));
    const subscribe = refOf(await f.snapshot({ query: 'Subscribe' }), 'button', 'Subscribe');
    // Put the button under the header (40 px from the top of the viewport; the header is 120 px).
    await f.evaluate<void>("(() => { const r = document.querySelector('[data-hit=subscribe]').getBoundingClientRect(); window.scrollTo(0, window.scrollY + r.top - 40); })()");
    const under = await f.evaluate<string>("(() => { const r = document.querySelector('[data-hit=subscribe]').getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).closest('[data-hit]').getAttribute('data-hit'); })()");
    expect(under).toBe('header');
    expect(await f.driver.click({ ...f.address, ref: subscribe.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await hitsAtLeast(f, 1)).toEqual([{ hit: 'subscribe', trusted: true, frame: 'top' }]);
  });

  it('a fixed bar that no scrolling can move off the target is refused, naming the bar', async () => {
    const bottom = refOf(await f.snapshot({ query: 'Bottom button' }), 'button', 'Bottom button');
    const before = (await hits(f)).length;
    expect(await f.driver.click({ ...f.address, ref: bottom.ref })).toMatchObject({
      status: 'refused',
      refusal: { code: 'browser_target_covered', detail: { covering: { role: 'region', name: 'Cookie bar' } } },
    });
    expect((await hits(f)).length).toBe(before);
  });

  it('nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
