import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CDP from 'chrome-remote-interface';
import { INBOX_PAGE_SIZES, openUnwatchedTab } from '../src/index.js';
import { useBrowserFixture } from './helpers/browser-fixture.js';
import { openCdpPage, type CdpPage } from './helpers/cdp-page.js';

const fixture = useBrowserFixture();

describe('generated pages in Chromium', () => {
  let page: CdpPage;
  beforeAll(async () => {
    page = await openCdpPage(fixture.chromium());
  });
  afterAll(async () => {
    await page.close();
  });

  it.each(INBOX_PAGE_SIZES)('inbox at %i elements has that many (within 5 percent) with Reply body and Send in view', async (elements) => {
    await page.navigate(fixture.server().inboxUrl(elements));
    const state = await page.evaluate<{ count: number; reply: number; send: number; lastRowTop: number }>(`({
      count: document.getElementsByTagName('*').length,
      reply: document.getElementById('reply-body').getBoundingClientRect().bottom,
      send: document.getElementById('send').getBoundingClientRect().bottom,
      lastRowTop: document.querySelector('.messages li:last-child').getBoundingClientRect().top,
    })`);
    expect(Math.abs(state.count - elements)).toBeLessThanOrEqual(elements * 0.05);
    expect(state.reply).toBeLessThan(800);
    expect(state.send).toBeLessThan(800);
    if (elements >= 5_000) expect(state.lastRowTop).toBeGreaterThan(800 * 10);
  });

  it('hostile page lies to the main world but not to an isolated world', async () => {
    await page.navigate(fixture.server().urls.hostile);
    const probe = `(() => {
      const send = document.getElementById('send');
      const trap = document.querySelector('.trap button');
      const r = send.getBoundingClientRect();
      return { sendWidth: r.width, sendVisible: send.checkVisibility(), sendDisplay: getComputedStyle(send).display,
        trapVisible: trap.checkVisibility(), hit: (document.elementFromPoint(r.x + 2, r.y + 2) || {}).textContent };
    })()`;
    const callsBefore = await page.evaluate<number>('window.__sightlineHostileCalls');
    expect(callsBefore).toBe(0);
    const lies = await page.evaluate<Record<string, unknown>>(probe);
    expect(lies).toEqual({ sendWidth: 0, sendVisible: false, sendDisplay: 'none', trapVisible: true, hit: 'Hidden trap 1' });

    const { frameTree } = await page.client.Page.getFrameTree();
    const { executionContextId } = await page.client.Page.createIsolatedWorld({ frameId: frameTree.frame.id, worldName: 'sightline-harness-test' });
    const callsMain = await page.evaluate<number>('window.__sightlineHostileCalls');
    const truth = await page.client.Runtime.evaluate({ expression: probe, contextId: executionContextId, returnByValue: true });
    expect(truth.result.value).toEqual({ sendWidth: expect.any(Number), sendVisible: true, sendDisplay: 'inline-block', trapVisible: false, hit: 'Send' });
    expect((truth.result.value as { sendWidth: number }).sendWidth).toBeGreaterThan(0);
    expect(await page.evaluate<number>('window.__sightlineHostileCalls')).toBe(callsMain);
  });

  it('opens an inbox in a tab no client attached to, and hands it over loaded', async () => {
    const opener = await CDP({ target: fixture.chromium().wsEndpoint, local: true });
    try {
      const tab = await openUnwatchedTab(opener, fixture.server().inboxUrl(1_000), { timeoutMs: 30_000 });
      expect(tab.url).toMatch(/[?&]loaded-done=/);
      // Nothing was attached to it: the first client to attach finds the page loaded.
      const { sessionId } = await opener.send('Target.attachToTarget', { targetId: tab.targetId, flatten: true });
      const { result } = await opener.send('Runtime.evaluate', { expression: "[document.readyState, document.getElementsByTagName('*').length]", returnByValue: true }, sessionId);
      expect(result.value).toEqual(['complete', expect.any(Number)]);
      expect((result.value as [string, number])[1]).toBeGreaterThan(900);
      await opener.send('Target.closeTarget', { targetId: tab.targetId });
    } finally {
      await opener.close();
    }
  });
});
