#!/usr/bin/env node
// A Driver's first snapshot of a freshly loaded generated inbox page, every CDP command timed.
//   pnpm --filter @sightline/cdp-transport build && pnpm --filter @sightline/harness build
//   node packages/cdp-transport/scripts/profile-first-snapshot.mjs [size=100000] [rounds=3] [--fresh]
// Each round: a fresh tab loads the page with nothing attached, then bind (explicit route) and
// two snapshots. Prints timing_ms of both and the slowest CDP commands of the first.
import CDP from 'chrome-remote-interface';
import { CdpBrowserTransport, CdpSession } from '../dist/src/index.js';
import { Driver } from '@sightline/semantic-core';
import { launchTestChromium, startFixtureServer } from '../../../harness/dist/index.js';

const fresh = process.argv.includes('--fresh');
const [sizeArg, roundsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const size = Number(sizeArg ?? 100_000);
const rounds = Number(roundsArg ?? 3);

const server = await startFixtureServer();
const chromium = await launchTestChromium();
const url = server.inboxUrl(size);

const calls = [];
const original = CdpSession.prototype.send;
CdpSession.prototype.send = function (method, params) {
  const declaration = params?.functionDeclaration;
  const collector = typeof declaration === 'string' ? /__sightline\.([A-Za-z0-9_$]+)/.exec(declaration)?.[1] : undefined;
  const call = { method: collector ? `collector.${collector}` : method, start: performance.now(), end: 0 };
  calls.push(call);
  const pending = original.call(this, method, params);
  const settle = () => (call.end = performance.now());
  pending.then(settle, settle);
  return pending;
};

async function loadFresh() {
  const browser = await CDP({ target: chromium.wsEndpoint, local: true });
  try {
    const { targetId } = await browser.Target.createTarget({ url: 'about:blank' });
    const { targetInfos } = await browser.Target.getTargets();
    for (const info of targetInfos) if (info.type === 'page' && info.targetId !== targetId) await browser.Target.closeTarget({ targetId: info.targetId });
    const tab = await CDP({ host: '127.0.0.1', port: chromium.port, local: true, target: targetId });
    await tab.Page.enable();
    const loaded = tab.Page.loadEventFired();
    const t0 = performance.now();
    await tab.Page.navigate({ url });
    await loaded;
    const loadMs = performance.now() - t0;
    await tab.Page.disable();
    await tab.close();
    return loadMs;
  } finally {
    await browser.close();
  }
}

try {
  for (let round = 0; round < rounds; round++) {
    const loadMs = await loadFresh();
    const driver = new Driver({ transport: new CdpBrowserTransport({ reuse: !fresh }) });
    const session = `profile-${round}`;
    const bind = await driver.bind({ session, cdp_url: chromium.httpEndpoint });
    const tab = bind.tabs.find((t) => t.url === url) ?? bind.tabs[0];
    calls.length = 0;
    const t0 = performance.now();
    const first = await driver.snapshot({ session, target_id: bind.target_id, tab_id: tab.tab_id, snapshot_format: 'semantic_v2' });
    const firstMs = performance.now() - t0;
    const firstCalls = calls.splice(0);
    const t1 = performance.now();
    const second = await driver.snapshot({ session, target_id: bind.target_id, tab_id: tab.tab_id, snapshot_format: 'semantic_v2' });
    const secondMs = performance.now() - t1;
    const secondCalls = calls.splice(0);
    console.log(`round ${round}: load ${loadMs.toFixed(0)} ms · first ${firstMs.toFixed(0)} ms ${JSON.stringify(first.timing_ms)} · second ${secondMs.toFixed(0)} ms ${JSON.stringify(second.timing_ms)}`);
    const summarize = (list) => {
      const by = new Map();
      for (const c of list) {
        const e = by.get(c.method) ?? { n: 0, ms: 0, max: 0 };
        e.n++;
        e.ms += c.end - c.start;
        e.max = Math.max(e.max, c.end - c.start);
        by.set(c.method, e);
      }
      return [...by].sort((a, b) => b[1].max - a[1].max).slice(0, 8).map(([m, e]) => `${m} ×${e.n} max ${e.max.toFixed(0)} sum ${e.ms.toFixed(0)}`).join('; ');
    };
    console.log(`  first calls (${firstCalls.length}): ${summarize(firstCalls)}`);
    console.log(`  second calls (${secondCalls.length}): ${summarize(secondCalls)}`);
    console.log(`  omitted ${JSON.stringify(first.snapshot.omitted)} total ${first.snapshot.total_nodes}\n  second ${JSON.stringify(second.snapshot.omitted)} total ${second.snapshot.total_nodes}`);
    await driver.endSession({ session });
    await driver.close();
  }
} finally {
  CdpSession.prototype.send = original;
  await chromium.close();
  await server.close();
}
