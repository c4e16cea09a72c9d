/**
 * Issue 16 memory row: one default snapshot of an already loaded tab from a fresh Node process,
 * then this process's peak RSS. `node bench/dist/memory-probe.js <httpEndpoint> <tabUrl>`.
 */
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { Driver } from '@sightline/semantic-core';
import { peakRssKb } from './peak-rss.js';

const [endpoint, url] = process.argv.slice(2);
const driver = new Driver({ transport: new CdpBrowserTransport() });
try {
  const bind = (await driver.bind({ session: 'memory', cdp_url: endpoint })) as { status: string; target_id: string; tabs: Array<{ tab_id: string; url: string }> };
  if (bind.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bind)}`);
  const tab = bind.tabs.find((candidate) => candidate.url === url) ?? bind.tabs[0]!;
  const snapshot = (await driver.snapshot({ session: 'memory', target_id: bind.target_id, tab_id: tab.tab_id, snapshot_format: 'semantic_v2' })) as { status: string };
  if (snapshot.status !== 'ok') throw new Error(`snapshot failed: ${JSON.stringify(snapshot).slice(0, 300)}`);
  await driver.endSession({ session: 'memory' });
} finally {
  await driver.close();
}
process.stdout.write(`${JSON.stringify({ max_rss_kb: peakRssKb('self') ?? process.resourceUsage().maxRSS })}\n`);
process.exit(0);
