/**
 * Issue 16: the floor of any one-shot that reads every node of a page — what a plain CDP client
 * pays before doing anything of its own. In a fresh process: start the same Chromium with the same
 * flags, load the URL in its first tab, visit every node of the composed tree once from an isolated
 * world (a wrapper per node, its type read: the least an exact count needs), read one box (the
 * page's style and layout, which anything that tells what is on screen needs), wait out what is
 * left of the quiet period the one-shot waits for (no request started or ended for
 * ONE_SHOT_QUIET_MS; its lower bound, counted from the end of the page's own document response, as
 * every client that waits for quiet sees that response end), stop the browser. No Sightline code
 * runs; chrome-remote-interface only. Like Sightline's one-shot it starts Chromium before loading
 * its CDP client, so the two overlap (the bench passes the flags in SIGHTLINE_BARE_FLAGS, a JSON
 * array, and the quiet period in SIGHTLINE_BARE_QUIET_MS, so nothing but Node's own modules loads
 * before the spawn).
 * `node bench/dist/bare-one-shot.js <url> <chromium>`; prints its phases as JSON.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FloorPhases } from './first-snapshot.js';

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

/** One box read: makes the renderer compute the page's style and layout if it has not yet. Runs in the page. */
const LAY_OUT = 'document.documentElement.getBoundingClientRect().height';

const [url, executablePath] = process.argv.slice(2);
if (!url || !executablePath) {
  process.stderr.write('usage: bare-one-shot.js <url> <chromium>\n');
  process.exit(2);
}
const started = performance.now();
const profile = mkdtempSync(join(tmpdir(), 'sightline-bare-one-shot-'));
const baseFlags: readonly string[] = process.env.SIGHTLINE_BARE_FLAGS
  ? (JSON.parse(process.env.SIGHTLINE_BARE_FLAGS) as string[])
  : (await import('@sightline/harness')).CHROMIUM_BASE_FLAGS;
const quietMs = process.env.SIGHTLINE_BARE_QUIET_MS ? Number(process.env.SIGHTLINE_BARE_QUIET_MS) : (await import('@sightline/semantic-core')).ONE_SHOT_QUIET_MS;
const flags = baseFlags.map((flag) => (flag === '--user-data-dir=<fresh>' ? `--user-data-dir=${profile}` : flag));
// POSIX: a process group of its own, so one kill reaches its helper processes too.
const browser = spawn(executablePath, [...flags, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'], detached: process.platform !== 'win32' });
const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
/** Kills the browser and its helpers, waits (bounded) until it is gone, deletes its profile. */
async function killBrowser(): Promise<void> {
  if (browser.exitCode === null && browser.signalCode === null) {
    try {
      if (process.platform === 'win32') browser.kill('SIGKILL');
      else process.kill(-browser.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  rmSync(profile, { recursive: true, force: true });
}
// The bench stops a run that exceeds its timeout with SIGTERM: take the browser and its profile along.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void killBrowser().finally(() => process.exit(128 + (signal === 'SIGTERM' ? 15 : 2))));
}
const loadingClient = import('chrome-remote-interface');
try {
  const browserUrl = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    browser.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    browser.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before DevTools listened: ${stderr.slice(-300)}`)));
  });
  const launched = performance.now();
  // The lean path: the browser's own socket, its first tab attached in flat mode (no HTTP /json calls).
  const CDP = (await loadingClient).default;
  const client = await CDP({ target: browserUrl, local: true });
  const send = client.send.bind(client) as unknown as <T>(method: string, params?: object, sessionId?: string) => Promise<T>;
  const { targetInfos } = await send<{ targetInfos: Array<{ targetId: string; type: string }> }>('Target.getTargets');
  const first = targetInfos.find((target) => target.type === 'page');
  if (!first) throw new Error('Chromium opened no tab');
  const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId: first.targetId, flatten: true });
  await send('Page.enable', {}, sessionId);
  // Events only (no bodies kept), as Sightline's tab does: when the page's document response ended.
  let documentEnded = Number.POSITIVE_INFINITY;
  let documentRequest: string | undefined;
  client.on(`Network.requestWillBeSent.${sessionId}` as never, ({ requestId, type, frameId }: { requestId: string; type?: string; frameId?: string }) => {
    if (type === 'Document' && frameId === first.targetId) documentRequest = requestId;
  });
  const documentDone = ({ requestId }: { requestId: string }): void => {
    if (requestId === documentRequest) documentEnded = performance.now();
  };
  client.on(`Network.loadingFinished.${sessionId}` as never, documentDone);
  client.on(`Network.loadingFailed.${sessionId}` as never, documentDone);
  await send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }, sessionId);
  const loadFired = new Promise<void>((resolve) => client.on(`Page.loadEventFired.${sessionId}` as never, () => resolve()));
  const { frameId } = await send<{ frameId: string }>('Page.navigate', { url }, sessionId);
  await loadFired;
  const loaded = performance.now();
  const { executionContextId } = await send<{ executionContextId: number }>('Page.createIsolatedWorld', { frameId, worldName: 'bare-one-shot' }, sessionId);
  const { result } = await send<{ result: { value: { elements: number; texts: number } } }>(
    'Runtime.evaluate',
    { expression: VISIT_EVERY_NODE, contextId: executionContextId, returnByValue: true },
    sessionId,
  );
  const visited = performance.now();
  await send('Runtime.evaluate', { expression: LAY_OUT, contextId: executionContextId, returnByValue: true }, sessionId);
  const laidOut = performance.now();
  const quietLeft = Number.isFinite(documentEnded) ? documentEnded + quietMs - laidOut : 0;
  if (quietLeft > 0) await new Promise((resolve) => setTimeout(resolve, quietLeft));
  const quiet = performance.now();
  await send('Browser.close').catch(() => undefined);
  await exited;
  const stopped = performance.now();
  const phases: FloorPhases = { launch_ms: launched - started, load_ms: loaded - launched, visit_ms: visited - loaded, layout_ms: laidOut - visited, quiet_ms: quiet - laidOut, stop_ms: stopped - quiet };
  process.stdout.write(`${JSON.stringify({ ...phases, ...result.value })}\n`);
} finally {
  await killBrowser();
}
process.exit(0);
