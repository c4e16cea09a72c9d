import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserFixture } from './helpers/browser-fixture.js';
import { openCdpPage, type CdpPage } from './helpers/cdp-page.js';

const fixture = useBrowserFixture();

describe('frames of the fixture app', () => {
  let page: CdpPage;
  beforeAll(async () => {
    page = await openCdpPage(fixture.chromium(), fixture.server().urls.app);
  });
  afterAll(async () => {
    await page.close();
  });

  it('puts the second-origin translator frame in its own process and the calendar in the page', async () => {
    const browser = await CDP({ target: fixture.chromium().wsEndpoint });
    try {
      const { targetInfos } = await browser.Target.getTargets();
      const iframes = targetInfos.filter((t) => t.type === 'iframe');
      expect(iframes.map((t) => t.url)).toEqual([fixture.server().urls.translatorFrame]);
      expect(targetInfos.some((t) => t.url === fixture.server().urls.calendarFrame)).toBe(false);
    } finally {
      await browser.close();
    }
  });

  it("keeps the translator out of the page renderer's frame tree and out of reach of page script", async () => {
    const { frameTree } = await page.client.Page.getFrameTree();
    const children = (frameTree.childFrames ?? []).map((child) => ({ url: child.frame.url, origin: child.frame.securityOrigin }));
    // The page session's frame tree holds only in-process frames: the OOPIF lives in another renderer.
    expect(children).toEqual([{ url: fixture.server().urls.calendarFrame, origin: fixture.server().mainOrigin }]);
    expect(await page.evaluate<boolean>(`(() => { try { return !!document.getElementById('translate-frame').contentDocument; } catch { return false; } })()`)).toBe(false);
  });

  it('reaches the translator control through an auto-attached flat session', async () => {
    const sessions: Array<{ sessionId: string; url: string }> = [];
    page.client.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'iframe') sessions.push({ sessionId: event.sessionId, url: event.targetInfo.url });
    });
    await page.client.Target.setAutoAttach({ autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
    expect(sessions.map((s) => s.url)).toEqual([fixture.server().urls.translatorFrame]);
    const session = sessions[0]?.sessionId;
    const result = await page.client.send('Runtime.evaluate', {
      expression: "document.getElementById('translate').textContent + ' @ ' + location.origin",
      returnByValue: true,
    }, session);
    expect(result.result.value).toBe(`Translate message @ ${fixture.server().secondOrigin}`);
  });
});
