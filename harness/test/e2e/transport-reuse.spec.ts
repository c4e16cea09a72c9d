import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureRequest, PageCapture } from '@sightline/semantic-core';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';
import { readDigest, startTransportFixture, viewportRead, type TransportFixture } from './support/transport-fixture.js';
import { evaluateInPage } from '../../src/index.js';

// Reuse between snapshots (cdp-transport README "Performance"): walk records of unchanged
// far/hidden subtrees and AX facts of unchanged elements. Every read of the reusing connection must
// equal a read of a connection that reads everything afresh, after each kind of change a page makes.

// Both with the page's own facts for plain elements (the default) and with every shipped element
// read from the AX tree (`pageFacts: false`), where AX facts are reused the most.
describe.each([{ pageFacts: true }, { pageFacts: false }])('reuse between snapshots (pageFacts: $pageFacts)', ({ pageFacts }) => {
  let fixture: TransportFixture;
  let fresh: CdpBrowserConnection;
  let pageUrl: string;

  beforeAll(async () => {
    fixture = await startTransportFixture({ pageFacts });
    fresh = (await new CdpBrowserTransport({ reuse: false, pageFacts }).connect(fixture.chromium.httpEndpoint)) as CdpBrowserConnection;
    pageUrl = `${fixture.server.mainOrigin}/generated/inbox?elements=3000`;
    await fixture.open(pageUrl);
    // A checkbox and a CSS rule the tests below flip (added once, before any snapshot).
    await page(`
      const style = document.createElement('style');
      style.textContent = '.terse .long { display: none }';
      document.head.appendChild(style);
      const box = document.createElement('label');
      box.innerHTML = '<input type="checkbox" id="watch"> Watch thread';
      document.querySelector('main').prepend(box);
      const link = document.createElement('a');
      link.href = '/thread'; link.id = 'thread';
      link.innerHTML = 'Open <span class="long">the full </span>thread';
      document.querySelector('main').prepend(link);
      true`);
  });
  afterAll(async () => {
    await fresh?.close().catch(() => undefined);
    await fixture?.close();
  });

  const page = (expression: string) => evaluateInPage(fixture.chromium.port, pageUrl, expression);

  async function bothRead(request: CaptureRequest = viewportRead()) {
    const warm = await fixture.connection.capture(fixture.tabKey, request);
    const stats = { ...fixture.connection.lastCaptureStats };
    const cold = await fresh.capture(fixture.tabKey, request);
    return { warm, cold, stats };
  }

  async function expectSameReads(): Promise<Record<string, number>> {
    const { warm, cold, stats } = await bothRead();
    expect(readDigest(warm)).toEqual(readDigest(cold));
    const query = await bothRead({ scope: { kind: 'query', text: 'message' }, nodeBudget: 300, interactiveOnly: false });
    expect(readDigest(query.warm)).toEqual(readDigest(query.cold));
    return stats;
  }

  const names = (capture: PageCapture, role: string) => capture.nodes.filter((n) => n.role === role).map((n) => n.name);

    it('reuses far and hidden records and AX facts of an unchanged page, and reads the same as a fresh read', async () => {
      await fixture.connection.capture(fixture.tabKey, viewportRead());
      // Issue 16: a walk's records are kept after its answer (storeSegments), not inside it.
      expect(fixture.connection.lastCaptureStats['page.storePending']).toBe(1);
      const stats = await expectSameReads();
      expect(stats['page.reusedRecords']).toBeGreaterThan(1000);
      // With the page's facts, the tree is left only the checkbox inside its label and the like.
      if (pageFacts) expect(stats['ax.read']! + stats['ax.reused']!).toBeLessThanOrEqual(3);
      else expect(stats['ax.reused']).toBeGreaterThan(10);
    });

    it('sees a control added, a text changed and a row hidden far below the fold', async () => {
      const before = (await fixture.connection.capture(fixture.tabKey, viewportRead())).coverage.outside!;
      await page(`
        const rows = document.querySelectorAll('ul.messages li');
        const far = rows[rows.length - 5];
        far.appendChild(document.createElement('button')).textContent = 'Snooze far message';
        rows[rows.length - 10].querySelector('.subject').firstChild.data = 'Renamed far subject';
        rows[rows.length - 20].hidden = true;
        true`);
      await expectSameReads();
      const after = await fixture.connection.capture(fixture.tabKey, viewportRead());
      // One row now hidden: listitem, link (its two texts are pieces of its name) and button (its
      // text echoes its name) are 3 semantic nodes; +1 button added.
      expect(after.coverage.outside!.css_hidden).toBe(before.css_hidden! + 3);
      expect(after.coverage.outside!.offscreen).toBe(before.offscreen! + 1 - 3);
      const found = await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'query', text: 'renamed far subject' }, nodeBudget: 50, interactiveOnly: false });
      // The subject text is a piece of its row link's name: the query finds the link.
      expect(found.nodes.some((n) => n.role === 'link' && n.name.endsWith(' Renamed far subject'))).toBe(true);
      const snooze = await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'query', text: 'Snooze far' }, nodeBudget: 50, interactiveOnly: false });
      expect(names(snooze, 'button')).toEqual(['Snooze far message']);
    });

    it('reads rows scrolled into view from their own boxes, not from the far records', async () => {
      await page(`document.querySelectorAll('ul.messages li')[300].scrollIntoView(); true`);
      await expectSameReads();
      const read = await fixture.connection.capture(fixture.tabKey, viewportRead());
      expect(names(read, 'button')).toContain('Star message 301');
      await page(`window.scrollTo(0, 0); true`);
      await expectSameReads();
    });

    it('asks the AX tree again after content, attribute, ancestor-class and property changes', async () => {
      await expectSameReads();
      expect(names(await fixture.connection.capture(fixture.tabKey, viewportRead()), 'link')).toContain('Open the full thread');
      // An ancestor's class hides part of the link's content: its name changes with no mutation inside it.
      await page(`document.querySelector('main').classList.add('terse'); true`);
      await expectSameReads();
      const terse = await fixture.connection.capture(fixture.tabKey, viewportRead());
      expect(names(terse, 'link')).toContain('Open thread');
      await page(`
        document.getElementById('send').setAttribute('aria-pressed', 'true');
        document.getElementById('subject').textContent = 'Quarterly planning review (updated)';
        document.getElementById('watch').checked = true;
        true`);
      await expectSameReads();
      const changed = await fixture.connection.capture(fixture.tabKey, viewportRead());
      expect(changed.nodes.find((n) => n.role === 'button' && n.name === 'Send')?.states?.pressed).toBe(true);
      expect(names(changed, 'heading')).toContain('Quarterly planning review (updated)');
      expect(changed.nodes.find((n) => n.role === 'checkbox')?.states?.checked).toBe(true);
    });

    it('follows focus moves, which change no DOM', async () => {
      await page(`document.getElementById('reply-body').focus(); true`);
      await expectSameReads();
      await page(`document.getElementById('send').focus(); true`);
      await expectSameReads();
      const read = await fixture.connection.capture(fixture.tabKey, viewportRead());
      const focused = read.nodes.filter((n) => n.states?.focused);
      expect(focused.map((n) => n.name)).toEqual(['Send']);
    });
});
