import type CDP from 'chrome-remote-interface';

let opened = 0;

/** How long a loaded page is left alone before it is handed over (see openUnwatchedTab). */
export const SETTLE_MS = 1_000;

/**
 * Issue 16: opens an inbox page (harness fixture) in a new tab that no DevTools client ever attaches
 * to, and returns once it has loaded and settled: a tab a person opened, which an agent then binds
 * to. Created over the browser's own endpoint; the page itself says when it loaded — with
 * `loaded-mark=<key>` in its URL it turns that into `loaded-done=<key>` (`history.replaceState`)
 * after its load event and two frames, and the browser endpoint reports the URL — then it is left
 * alone for SETTLE_MS. Measured at 100k elements: Chromium draws the whole page three times in the
 * ~0.8 s after load (0.29, 0.14 and 0.05 s of its main thread) and once more after any change the
 * page makes to say it loaded (a request, its title, its URL: ~0.14 s); a tab loaded through a
 * client that then detached was still tearing that session down. Any of them put 0.13–0.25 s of the
 * renderer's own work in front of the first command sent to the tab; a second later it answers in
 * 20–30 ms. Closing the browser connection that opened the tab made Chromium draw the page once
 * more too, so `browser` (a browser-endpoint client) stays the caller's, open across runs. With
 * `closeOtherTabs`, every other page tab is closed (one tab shown, as the bench's other rows).
 */
export async function openUnwatchedTab(browser: CDP.Client, url: string, options: { timeoutMs?: number; closeOtherTabs?: boolean } = {}): Promise<{ targetId: string; url: string }> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const key = `tab${process.pid}x${(opened += 1)}`;
  const address = `${url}${url.includes('?') ? '&' : '?'}loaded-mark=${key}`;
  const { targetId } = await browser.Target.createTarget({ url: address });
  // While it loads: a tab closed later may share its renderer and tear down under the timed read.
  if (options.closeOtherTabs) await closeOtherTabs(browser, targetId);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { targetInfo } = await browser.Target.getTargetInfo({ targetId });
    if (targetInfo.url.includes(`loaded-done=${key}`)) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return { targetId, url: targetInfo.url };
    }
    if (Date.now() > deadline) throw new Error(`${url} did not finish loading within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Closes every page tab but `keep` (a browser-endpoint client), so the browser shows exactly one. */
export async function closeOtherTabs(browser: CDP.Client, keep: string): Promise<void> {
  const { targetInfos } = await browser.Target.getTargets();
  for (const info of targetInfos) {
    if (info.type === 'page' && info.targetId !== keep) await browser.Target.closeTarget({ targetId: info.targetId }).catch(() => undefined);
  }
}
