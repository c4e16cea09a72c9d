/**
 * Issue 16: Playwright's one-shot in a fresh process, as a user would script it — launch the same
 * Chromium with the same flags, `goto` (load event), `ariaSnapshot({mode: 'ai'})`, close.
 * `node bench/dist/playwright-one-shot.js <url> <chromium>`; prints the phases as JSON.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_BASE_FLAGS } from '@sightline/harness';

const [url, executablePath] = process.argv.slice(2);
const started = performance.now();
const browser = await chromium.launch({
  executablePath,
  headless: true,
  // The bench's flags (SPEC §11) minus what Playwright sets itself.
  args: CHROMIUM_BASE_FLAGS.filter((flag) => !/^--(headless|user-data-dir|remote-debugging-port|remote-debugging-address)/.test(flag)),
});
try {
  const launched = performance.now();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url!, { timeout: 0 });
  const loaded = performance.now();
  const text = await page.ariaSnapshot({ mode: 'ai', timeout: 0 });
  const done = performance.now();
  process.stdout.write(`${JSON.stringify({ launch_ms: launched - started, goto_ms: loaded - launched, snapshot_ms: done - loaded, chars: text.length })}\n`);
} finally {
  await browser.close();
}
process.exit(0);
