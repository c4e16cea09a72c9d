import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver } from '@sightline/semantic-core';
import { CdpBrowserTransport, defaultLaunchConcurrency } from '@sightline/cdp-transport';
import { processesWithProfileUnder } from '@sightline/platform-linux/testing';
import { startFixtureServer, type FixtureServer } from '../../src/index.js';

// Issue 17, many users: managed launches go through a bounded queue. Twenty `launch` binds at once
// through one Driver all bind (slower), never a navigation timeout; beyond the configured queue a
// launch is refused at once with browser_route_unavailable; ending the sessions leaves no Chromium.
// Processes are counted by --user-data-dir under a profile directory this test owns.

/** Pids of live processes started with a --user-data-dir under `parent`. */
function browsersUnder(parent: string): number[] {
  return processesWithProfileUnder(parent).map((process) => process.pid);
}

let server: FixtureServer;
const parents: string[] = [];

function profileParent(): string {
  const parent = mkdtempSync(join(tmpdir(), 'sl-launch-queue-'));
  parents.push(parent);
  return parent;
}

beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server?.close();
  for (const parent of parents) rmSync(parent, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('managed launch queue', () => {
  it('20 concurrent launch binds through one Driver all bind; ending them leaves no Chromium', { timeout: 600_000 }, async () => {
    const parent = profileParent();
    const transport = new CdpBrowserTransport({ profileParent: parent });
    const driver = new Driver({ transport });
    const started = performance.now();
    const bindTimes: number[] = [];
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const result = await driver.bind({ session: `many-${i}`, launch: { url: server.urls.folder } });
          bindTimes.push(performance.now() - started);
          return result;
        }),
      );
      const failures = results.filter((result) => result.status !== 'ok');
      expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
      // Every session has its own browser with the page open.
      for (const result of results) {
        if (result.status !== 'ok') continue;
        expect(result.binding.route).toBe('managed');
        expect(result.tabs.some((tab) => tab.url.startsWith(server.urls.folder))).toBe(true);
      }
      const ends = await Promise.all(Array.from({ length: 20 }, (_, i) => driver.endSession({ session: `many-${i}` })));
      expect(ends.map((end) => (end.status === 'ok' ? end.closed_browsers : -1))).toEqual(Array(20).fill(1));
      // end_session answers after each browser exited: no main browser process is left, and the
      // helpers (killed with their process group) go within a bounded wait.
      await expect.poll(() => browsersUnder(parent), { timeout: 30_000, interval: 100 }).toEqual([]);
      expect(readdirSync(parent)).toEqual([]);
      const sorted = [...bindTimes].sort((a, b) => a - b);
      console.info(
        `launch-queue: 20 launches, concurrency ${defaultLaunchConcurrency()}; ` +
          `time to last bind ${Math.round(sorted[19]! / 1000)} s, median ${Math.round(sorted[9]! / 1000)} s, server RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`,
      );
    } finally {
      await driver.close();
    }
  });

  it('beyond the configured queue a launch is refused at once with browser_route_unavailable', { timeout: 300_000 }, async () => {
    const parent = profileParent();
    const driver = new Driver({ transport: new CdpBrowserTransport({ profileParent: parent, maxConcurrentLaunches: 1, maxQueuedLaunches: 2 }) });
    try {
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => driver.bind({ session: `q-${i}`, launch: {} })));
      const refused = results.filter((result) => result.status === 'refused');
      expect(results.filter((result) => result.status === 'ok')).toHaveLength(3);
      expect(refused).toHaveLength(2);
      for (const result of refused) {
        expect(result).toMatchObject({ status: 'refused', refusal: { code: 'browser_route_unavailable' } });
        if (result.status === 'refused') expect(result.refusal.message).toMatch(/try again|cdp_url/);
      }
    } finally {
      await driver.close();
    }
    await expect.poll(() => browsersUnder(parent), { timeout: 30_000, interval: 100 }).toEqual([]);
  });
});
