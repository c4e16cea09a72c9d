import { chromium, type Browser, type Page } from 'playwright-core';
import type { BenchTool, Capture, ToolContext, ToolSession } from './types.js';

/** Playwright (what Playwright MCP's browser_snapshot uses): `page.ariaSnapshot({mode:'ai'})` over `connectOverCDP`. */
export const playwrightTool: BenchTool = {
  id: 'playwright',
  label: 'Playwright ariaSnapshot(ai)',
  invocation: "playwright-core chromium.connectOverCDP(httpEndpoint) → page.ariaSnapshot({mode:'ai'})",
  async probe() {
    return typeof chromium.connectOverCDP === 'function' ? null : 'playwright-core has no chromium.connectOverCDP';
  },
  async open(context: ToolContext): Promise<ToolSession> {
    const browser: Browser = await chromium.connectOverCDP(context.httpEndpoint, { timeout: 60_000 });
    const pages: Page[] = browser.contexts().flatMap((c) => c.pages());
    const page = pages.find((candidate) => candidate.url() === context.tabUrl) ?? (pages.length === 1 ? pages[0] : undefined);
    if (!page) {
      await browser.close();
      throw new Error(`no page shows ${context.tabUrl} (pages: ${pages.map((p) => p.url()).join(', ')})`);
    }
    return {
      async snapshot(timeoutMs: number): Promise<Capture> {
        const text = await page.ariaSnapshot({ mode: 'ai', timeout: timeoutMs });
        return { text };
      },
      async close(): Promise<void> {
        // On a browser reached with connectOverCDP, close() disconnects; it does not stop Chromium.
        await browser.close();
      },
    };
  },
};
