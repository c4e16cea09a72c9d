/**
 * Issue 16 memory row: one default snapshot of an already loaded tab from a fresh Node process,
 * then this process's peak RSS. `node bench/dist/memory-probe.js <httpEndpoint> <tabUrl>`.
 */
import { readFileSync } from 'node:fs';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { Driver } from '@sightline/semantic-core';

/**
 * This process's peak RSS (kB): Linux's VmHWM, the high-water mark of this program's own memory.
 * Not `process.resourceUsage().maxRSS`: Linux carries ru_maxrss across exec, so a probe spawned by
 * the bench after its page × tool matrix reported the bench process's ~185 MB instead of its own
 * ~100 MB. Elsewhere (no /proc) maxRSS is all there is.
 */
function peakRssKb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // No /proc.
  }
  return process.resourceUsage().maxRSS;
}

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
process.stdout.write(`${JSON.stringify({ max_rss_kb: peakRssKb() })}\n`);
process.exit(0);
