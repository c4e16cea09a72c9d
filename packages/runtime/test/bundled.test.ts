import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver } from '@sightline/semantic-core';

// Issue 16: `@sightline/runtime/bundled` is the same Driver in one file (scripts/bundle-runtime.mjs).
// These rows run the built bundle itself, as `sightline snapshot <url>` loads it.
const BUNDLE = createRequire(import.meta.url).resolve('@sightline/runtime/bundled');
const PAGE = '<!doctype html><title>Bundled</title><h1>Bundled runtime</h1><button>Press me</button>';
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}

describe('@sightline/runtime/bundled', () => {
  it('keeps the launcher and the platform adapters outside the bundle', () => {
    const source = readFileSync(BUNDLE, 'utf8');
    // The launcher finds its watchdog next to itself: bundled, it would look beside the bundle.
    expect(source).toMatch(/from\s*["']@sightline\/cdp-transport\/launch["']/);
    expect(source).not.toContain('watchdog.js');
    expect(source).toContain('@sightline/platform-linux');
  });

  it('launches a browser of its own (no head start), reads a page through it, and stops it', async () => {
    if (process.platform !== 'linux') return; // the process check below reads /proc
    const { createDefaultDriver } = (await import(BUNDLE)) as { createDefaultDriver: () => Promise<Driver> };
    const driver = await createDefaultDriver();
    const session = 'bundled-row';
    const bind = (await driver.bind({ session, launch: { url, viewport: { width: 900, height: 600 } } })) as {
      status: string;
      target_id: string;
      tabs: Array<{ tab_id: string; url: string }>;
    };
    expect(bind.status).toBe('ok');
    const tab = bind.tabs.find((candidate) => candidate.url === url)!;
    const snapshot = (await driver.snapshot({ session, target_id: bind.target_id, tab_id: tab.tab_id, snapshot_format: 'semantic_v2' })) as { status: string; outline: string };
    expect(snapshot.status).toBe('ok');
    expect(snapshot.outline).toContain('button "Press me"');
    const managed = readFileSync('/proc/self/task/' + process.pid + '/children', 'utf8').trim().split(/\s+/).map(Number).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--remote-debugging-port'));
    expect(managed.length).toBe(1);
    await driver.close();
    expect(isRunning(managed[0]!)).toBe(false);
  });

  it('lists native windows through the adapter it loads on first use (an answer, never a throw)', async () => {
    const { createDefaultDriver } = (await import(BUNDLE)) as { createDefaultDriver: () => Promise<Driver> };
    const driver = await createDefaultDriver();
    const answer = (await driver.listBrowserWindows({ session: 'bundled-windows' })) as { status: string };
    // Without an X display the Linux adapter says why; with one it lists windows. Never a throw.
    expect(['ok', 'refused']).toContain(answer.status);
    await driver.close();
  });
});
