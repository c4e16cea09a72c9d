/**
 * Issue 16: the floor of any one-shot that reads every node of a page — what a plain CDP client
 * pays before doing anything of its own. In a fresh process: start the same Chromium with the same
 * flags, load the URL in its first tab, visit every node of the composed tree once from an isolated
 * world (a wrapper per node, its type read: the least an exact count needs), stop the browser. No
 * Sightline code runs; chrome-remote-interface only.
 * `node bench/dist/bare-one-shot.js <url> <chromium>`; prints its phases as JSON.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CDP from 'chrome-remote-interface';
import { CHROMIUM_BASE_FLAGS } from '@sightline/harness';

/** Counts the composed tree's elements and text nodes (open shadow roots entered). Runs in the page. */
const VISIT_EVERY_NODE = `(() => {
  let elements = 0, texts = 0;
  const stack = [document.documentElement];
  while (stack.length > 0) {
    const node = stack.pop();
    const type = node.nodeType;
    if (type === 3) { texts++; continue; }
    if (type !== 1) continue;
    elements++;
    for (let child = (node.shadowRoot ?? node).lastChild; child; child = child.previousSibling) stack.push(child);
  }
  return { elements, texts };
})()`;

const [url, executablePath] = process.argv.slice(2);
if (!url || !executablePath) {
  process.stderr.write('usage: bare-one-shot.js <url> <chromium>\n');
  process.exit(2);
}
const started = performance.now();
const profile = mkdtempSync(join(tmpdir(), 'sightline-bare-one-shot-'));
const flags = CHROMIUM_BASE_FLAGS.map((flag) => (flag === '--user-data-dir=<fresh>' ? `--user-data-dir=${profile}` : flag));
const browser = spawn(executablePath, [...flags, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
try {
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    browser.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) resolve(Number(match[1]));
    });
    browser.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before DevTools listened: ${stderr.slice(-300)}`)));
  });
  const launched = performance.now();
  const tab = await CDP({ host: '127.0.0.1', port, local: true });
  await tab.Page.enable();
  const loadFired = tab.Page.loadEventFired();
  const { frameId } = await tab.Page.navigate({ url });
  await loadFired;
  const loaded = performance.now();
  const { executionContextId } = await tab.Page.createIsolatedWorld({ frameId, worldName: 'bare-one-shot' });
  const { result } = await tab.Runtime.evaluate({ expression: VISIT_EVERY_NODE, contextId: executionContextId, returnByValue: true });
  const visited = performance.now();
  await tab.Browser.close().catch(() => undefined);
  await exited;
  const stopped = performance.now();
  const counts = result.value as { elements: number; texts: number };
  process.stdout.write(
    `${JSON.stringify({ launch_ms: launched - started, load_ms: loaded - launched, visit_ms: visited - loaded, stop_ms: stopped - visited, elements: counts.elements, texts: counts.texts })}\n`,
  );
} finally {
  if (browser.exitCode === null && browser.signalCode === null) {
    browser.kill('SIGKILL');
    await exited;
  }
  rmSync(profile, { recursive: true, force: true });
}
process.exit(0);
