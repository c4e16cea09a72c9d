#!/usr/bin/env node
// Per-phase profile of a default viewport capture of the generated inbox page (SPEC §8).
//   pnpm --filter @sightline/cdp-transport build && pnpm --filter @sightline/harness build
//   node packages/cdp-transport/scripts/profile-capture.mjs [sizes=5000,25000,100000] [runs=5] [--fresh]
// Prints the median (and min) per phase over warm runs: page-side walk / echo rules / hit / rank / ship (from the
// collector), the whole collector call as seen from Node (collect), assembly, AX enrichment, the
// transport total, and the Driver's compose (semantic-core) from a Driver snapshot of the same tab.
// --fresh: no reuse between snapshots (what a first snapshot of a page costs).
import { execSync } from 'node:child_process';
import { CdpBrowserTransport } from '../dist/src/index.js';
import { Driver } from '@sightline/semantic-core';
import { launchTestChromium, startFixtureServer } from '../../../harness/dist/index.js';

const fresh = process.argv.includes('--fresh');
const [sizesArg, runsArg] = process.argv.slice(2).filter((arg) => arg !== '--fresh');
const sizes = (sizesArg ?? '5000,25000,100000').split(',').map(Number);
const runs = Number(runsArg ?? 5);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startFixtureServer();
const chromium = await launchTestChromium();
const connection = await new CdpBrowserTransport({ reuse: !fresh }).connect(chromium.httpEndpoint);
const capturer = connection['capturer'];
const driver = new Driver({ transport: new CdpBrowserTransport({ reuse: !fresh }) });
try {
  const [tab] = await connection.listTabs();
  const phases = ['page.walk', 'page.echo', 'page.hit', 'page.rank', 'page.ship', 'collect', 'assemble', 'ax', 'total', 'driver.collect', 'driver.compose'];
  const rows = [];
  for (const size of sizes) {
    await connection.prepareTab(tab.key, { width: 1280, height: 800 }, server.inboxUrl(size));
    const samples = Object.fromEntries(phases.map((p) => [p, []]));
    let last;
    for (let i = 0; i < runs + 1; i++) {
      const started = performance.now();
      last = await connection.capture(tab.key, { scope: { kind: 'viewport' }, nodeBudget: 300, interactiveOnly: false });
      const total = performance.now() - started;
      if (i === 0) continue; // cold (world creation, first layout)
      for (const [phase, ms] of Object.entries(capturer.lastTimings)) samples[phase]?.push(ms);
      samples.total.push(total);
    }
    const bind = await driver.bind({ session: 'profile', cdp_url: chromium.httpEndpoint });
    const driverTab = bind.tabs.find((t) => t.url === server.inboxUrl(size));
    if (driverTab) {
      for (let i = 0; i < runs + 1; i++) {
        const s = await driver.snapshot({ session: 'profile', target_id: bind.target_id, tab_id: driverTab.tab_id, snapshot_format: 'semantic_v2' });
        if (i === 0) continue;
        samples['driver.collect'].push(s.timing_ms?.collect ?? NaN);
        samples['driver.compose'].push(s.timing_ms?.compose ?? NaN);
      }
    }
    const names = last.nodes.filter((n) => n.name === 'Reply body' || n.name === 'Send').map((n) => `${n.role}:${n.name}`);
    rows.push({ size, samples, shipped: last.nodes.length, total: last.coverage.ranking?.total, exhausted: last.coverage.exhausted, names });
  }
  console.log(`load: ${execSync('uptime').toString().trim()}`);
  console.log(`phase (ms, median of ${runs} warm runs; min in parentheses)`);
  console.log(['phase', ...rows.map((r) => String(r.size))].join('\t'));
  for (const phase of phases) {
    console.log([phase.padEnd(14), ...rows.map((r) => (r.samples[phase].length ? `${median(r.samples[phase]).toFixed(0)} (${Math.min(...r.samples[phase]).toFixed(0)})` : '-'))].join('\t'));
  }
  for (const r of rows) console.log(`${r.size}: shipped ${r.shipped}, ranked ${r.total}, exhausted [${r.exhausted}], found ${r.names.join(', ')}`);
} finally {
  await driver.endSession({ session: 'profile' }).catch(() => undefined);
  await connection.close();
  await chromium.close();
  await server.close();
}
