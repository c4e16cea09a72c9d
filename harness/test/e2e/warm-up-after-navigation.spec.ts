import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';
import { evaluateInPage } from '../../src/index.js';
import { startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';
import { readDigest, startTransportFixture, viewportRead, type TransportFixture } from './support/transport-fixture.js';

// Issue 16: after a navigation the page's first walk — its slowest — runs in the background, so the
// snapshot a caller takes next (usually after a pause of its own) does not pay it. Every read below
// must equal a read of a connection that reads everything afresh; the rows assert which walk the
// capture stood on (counted records), never wall time.

describe('the walk after a navigation', () => {
  let f: TransportFixture;
  let fresh: CdpBrowserConnection;
  let quiet: CdpBrowserConnection;

  beforeAll(async () => {
    f = await startTransportFixture();
    fresh = (await new CdpBrowserTransport({ reuse: false }).connect(f.chromium.httpEndpoint)) as CdpBrowserConnection;
    quiet = (await new CdpBrowserTransport({ warmUpAfterNavigation: false }).connect(f.chromium.httpEndpoint)) as CdpBrowserConnection;
  });
  afterAll(async () => {
    await fresh?.close().catch(() => undefined);
    await quiet?.close().catch(() => undefined);
    await f?.close();
  });

  const inbox = () => f.server.inboxUrl(3000);

  async function navigate(connection: CdpBrowserConnection, url: string): Promise<void> {
    const outcome = await connection.perform(f.tabKey, { kind: 'navigate', url });
    expect(outcome).toMatchObject({ delivered: true, navigation: true });
  }

  /** Records the capture did not walk itself: the warm-up's walk used as it is, or copied from. */
  const notWalked = (stats: Readonly<Record<string, number>>) => (stats['page.warmRecords'] ?? 0) + (stats['page.reusedRecords'] ?? 0);

  it('the snapshot right after a navigation waits for that walk and stands on it, reading what a fresh read reads', async () => {
    await navigate(f.connection, inbox());
    const capture = await f.connection.capture(f.tabKey, viewportRead());
    const stats = { ...f.connection.lastCaptureStats };
    expect(notWalked(stats)).toBeGreaterThan(1000);
    expect(capture.timings?.warmUpWait).toBeGreaterThanOrEqual(0);
    expect(readDigest(capture)).toEqual(readDigest(await fresh.capture(f.tabKey, viewportRead())));
  });

  it('without it (warmUpAfterNavigation: false) the first snapshot walks the whole document', async () => {
    await navigate(quiet, inbox());
    await quiet.capture(f.tabKey, viewportRead());
    expect(notWalked(quiet.lastCaptureStats)).toBe(0);
  });

  it('after a pause and a change far below, the snapshot copies the walk’s unchanged parts and reads the change', async () => {
    await navigate(f.connection, inbox());
    // A caller's pause (a model's turn), then the page renames its last message, far below the fold.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const renamed = await evaluateInPage(
      f.chromium.port,
      inbox(),
      `(() => { const rows = document.querySelectorAll('.messages li'); rows[rows.length - 1].querySelector('a').textContent = 'Renamed after the walk'; return rows.length; })()`,
    );
    expect(renamed).toBeGreaterThan(10);
    const capture = await f.connection.capture(f.tabKey, viewportRead());
    const stats = { ...f.connection.lastCaptureStats };
    // The DOM changed since the background walk: it is not used as it is, its unchanged records are copied.
    expect(stats['page.warmRecords']).toBeUndefined();
    expect(stats['page.reusedRecords']).toBeGreaterThan(1000);
    expect(readDigest(capture)).toEqual(readDigest(await fresh.capture(f.tabKey, viewportRead())));
    const query = { scope: { kind: 'query' as const, text: 'Renamed after the walk' }, nodeBudget: 50, interactiveOnly: false };
    expect((await f.connection.capture(f.tabKey, query)).nodes.some((n) => n.name === 'Renamed after the walk')).toBe(true);
  });

  it('a navigation while the walk runs: the next one walks the new page', async () => {
    await navigate(f.connection, inbox());
    await navigate(f.connection, f.server.urls.app);
    const capture = await f.connection.capture(f.tabKey, viewportRead());
    expect(capture.url).toBe(f.server.urls.app);
    expect(readDigest(capture)).toEqual(readDigest(await fresh.capture(f.tabKey, viewportRead())));
  });
});

describe('a dialog during the walk after a navigation', () => {
  let f: ActionsFixture;

  beforeAll(async () => {
    f = await startActionsFixture('warm-up-dialog');
  });
  afterAll(async () => {
    await f?.close();
  });

  it('an alert right after load blocks the walk: the snapshot shows the dialog, and after accepting it the page', async () => {
    await f.open(`${f.server.mainOrigin}/dialogs/alert-after-load.html`);
    // The alert opens 50 ms after load, while the background walk runs or after it: a snapshot shows
    // it as soon as it is open (one before that reads the page).
    const withDialog = await waitUntil(() => f.snapshot(), (snapshot) => snapshot.page.dialog !== undefined);
    expect(withDialog.page.dialog).toEqual({ type: 'alert', message: 'Asked after load' });
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog' });
    const after = await f.snapshot();
    expect(after.page.dialog).toBeUndefined();
    expect(after.outline).toContain('button "Continue"');
  });
});
