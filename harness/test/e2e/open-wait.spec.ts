import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';
import { Driver, bindResponseSchema, semanticSnapshotResponseSchema, type BindResponse, type CaptureRequest, type PageWait } from '@sightline/semantic-core';
import { evaluateInPage, startFixtureServer, type FixtureServer } from '../../src/index.js';
import { readDigest, viewportRead } from './support/transport-fixture.js';

// Issue 16: opening a page waits for what a person waits for — the document parsed and its first
// screen painted — not for the load event. The page's one image is held by the fixture server
// until the test releases it, so every row asserts ORDER (what was still loading when the call
// returned), never wall time.

const CLI = fileURLToPath(new URL('../../../packages/cli/dist/cli.bundle.cjs', import.meta.url));
let server: FixtureServer;
const drivers: Driver[] = [];

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(async () => {
  server.held.releaseAll();
  await Promise.all(drivers.map((driver) => driver.close().catch(() => undefined)));
  await server.close();
});

function driver(): Driver {
  const created = new Driver({ transport: new CdpBrowserTransport() });
  drivers.push(created);
  return created;
}

/** Runs the bundled CLI to its end; resolves with its output and the held image's state at exit. */
function cli(args: string[], env: NodeJS.ProcessEnv, key: string): Promise<{ status: number | null; stdout: string; stderr: string; answeredAtExit: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr, answeredAtExit: server.held.answered(key) }));
  });
}

describe('opening a page whose image answers late', () => {
  it('a managed launch returns once the page is parsed and painted, saying the image is still loading', async () => {
    const key = 'launch-ready';
    const sightline = driver();
    const bind = bindResponseSchema.parse(await sightline.bind({ session: 'open-ready', launch: { url: server.slowImageUrl(key) } }));
    // Returned while the image was still held: the server has not answered it.
    expect(server.held.answered(key)).toBe(false);
    expect(bind.page_load).toMatchObject({ ready: 'painted', load_event: false });
    expect(bind.page_load!.still_loading).toContainEqual({ type: 'Image', url: `${server.mainOrigin}/held/${key}.png` });
    expect(bind.page_load!.still_loading_count).toBeGreaterThanOrEqual(1);
    expect(bind.timing_ms!.launch).toBeGreaterThan(0);
    // What a person sees is there to read and act on.
    const snapshot = semanticSnapshotResponseSchema.parse(
      await sightline.snapshot({ session: 'open-ready', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id }),
    );
    expect(snapshot.outline).toContain('heading "Ready at once"');
    expect(snapshot.outline).toContain('button "Go"');
    expect(snapshot.timing_ms.walk).toBeGreaterThanOrEqual(0);
    server.held.release(key);
    await sightline.endSession({ session: 'open-ready' });
  });

  it('wait_until "load" returns only after the image was answered', async () => {
    const key = 'launch-load';
    const sightline = driver();
    let answeredAtReturn: boolean | undefined;
    const binding = sightline.bind({ session: 'open-load', launch: { url: server.slowImageUrl(key), wait_until: 'load' } }).then((result) => {
      answeredAtReturn = server.held.answered(key);
      return result;
    });
    await server.held.arrived(key);
    expect(answeredAtReturn).toBeUndefined(); // still waiting while the image is held
    server.held.release(key);
    const bind = bindResponseSchema.parse(await binding) as BindResponse;
    expect(answeredAtReturn).toBe(true);
    expect(bind.page_load).toMatchObject({ ready: 'load', load_event: true });
    expect(bind.page_load!.still_loading.map((request) => request.url)).not.toContain(`${server.mainOrigin}/held/${key}.png`);
    await sightline.endSession({ session: 'open-load' });
  });

  describe('the CLI', () => {
    let runtimeDir: string;
    let env: NodeJS.ProcessEnv;

    beforeAll(() => {
      runtimeDir = mkdtempSync(join(tmpdir(), 'sightline-open-wait-'));
      env = { ...process.env, SIGHTLINE_RUNTIME_DIR: runtimeDir, NO_COLOR: '1' };
    });

    afterAll(async () => {
      await cli(['close', '--all'], env, 'none').catch(() => undefined);
      rmSync(runtimeDir, { recursive: true, force: true });
    });

    it('`sightline open` returns before the image and prints what is still loading', async () => {
      const key = 'cli-open';
      const opened = await cli(['--session', 'open-wait', 'open', server.slowImageUrl(key)], env, key);
      expect(opened.stderr).toBe('');
      expect(opened.status).toBe(0);
      expect(opened.answeredAtExit).toBe(false);
      expect(opened.stdout).toMatch(/parsed and painted; still loading [0-9]+ requests?: /);
      expect(opened.stdout).toContain(`Image ${server.mainOrigin}/held/${key}.png`);
      const shot = await cli(['--session', 'open-wait', 'snapshot', '--timing'], env, key);
      expect(shot.status).toBe(0);
      expect(shot.stdout).toContain('button "Go"');
      expect(shot.stdout).toMatch(/\ntiming:\n(.|\n)*walk +[0-9.]+ ms/);
      server.held.release(key);
    });

    it('a one-shot `sightline snapshot <url>` reads the painted page without waiting for the image, and times its phases', async () => {
      const key = 'cli-one-shot';
      const shot = await cli(['--json', 'snapshot', server.slowImageUrl(key)], env, key);
      expect(shot.status).toBe(0);
      expect(shot.answeredAtExit).toBe(false);
      const response = semanticSnapshotResponseSchema.parse(JSON.parse(shot.stdout));
      expect(response.outline).toContain('button "Go"');
      for (const phase of ['launch', 'load_wait', 'warm_up', 'world_setup', 'walk', 'hit_test', 'rank', 'ax'] as const) {
        expect(response.timing_ms[phase], phase).toBeGreaterThanOrEqual(0);
      }
      server.held.release(key);
    });
  });
});

// Issue 16: a one-shot waits for a quiet period after the page is ready, and walks the page
// meanwhile (the document's first walk is its slowest). The capture right after uses that walk as
// it is while it still describes the page, else copies its unchanged parts. Either way the snapshot
// must read exactly what one without the warm-up reads — also when the page changed after it.
describe('the walk during the quiet period', () => {
  const viewport = { width: 1024, height: 700 };
  const connections: CdpBrowserConnection[] = [];

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
  });

  interface Launched {
    connection: CdpBrowserConnection;
    tabKey: string;
    port: number;
  }

  /** A launch with a quiet period (and its warm-up), or a plain one: no walk before the first capture. */
  async function launch(url: string, quietMs: number): Promise<Launched> {
    const wait: PageWait = { until: 'ready', timeoutMs: 30_000, quietMs };
    const transport = new CdpBrowserTransport(quietMs > 0 ? {} : { warmUpAfterNavigation: false });
    const connection = (await transport.launch({ headless: true, viewport, url, wait })) as CdpBrowserConnection;
    connections.push(connection);
    const [tab] = await connection.listTabs();
    // browserKey: managed:<pid>:ws://127.0.0.1:<port>/devtools/browser/<id>
    const port = Number(/127\.0\.0\.1:(\d+)\//.exec(connection.browserKey)![1]);
    return { connection, tabKey: tab!.key, port };
  }

  /** The warmed launch's read (and its stats) next to the same read of the launch without a warm-up. */
  async function read(warmed: Launched, plain: Launched, request: CaptureRequest = viewportRead()) {
    const first = await warmed.connection.capture(warmed.tabKey, request);
    const stats = { ...warmed.connection.lastCaptureStats };
    const reference = await plain.connection.capture(plain.tabKey, request);
    return { first, stats, reference };
  }

  async function both(url: string): Promise<{ warmed: Launched; plain: Launched }> {
    // The warmed one last: its capture follows its warm-up at once, as a one-shot's does.
    const plain = await launch(url, 0);
    const warmed = await launch(url, 300);
    expect(warmed.connection.opened!.warmUpMs).toBeGreaterThan(0);
    expect(plain.connection.opened!.warmUpMs).toBeUndefined();
    return { warmed, plain };
  }

  const inPage = async (launched: Launched, url: string, expression: string) => evaluateInPage(launched.port, url, expression);

  it('the first snapshot uses the warm-up walk as it is, reads what a launch without one reads, and the next one sees a change far below', async () => {
    server ??= await startFixtureServer();
    const url = server.inboxUrl(3000);
    const { warmed, plain } = await both(url);
    const initial = await read(warmed, plain);
    // Nothing changed since the warm-up: its walk stands for the main frame's (no walk at all).
    expect(initial.stats['page.warmRecords']).toBeGreaterThan(1000);
    expect(readDigest(initial.first)).toEqual(readDigest(initial.reference));

    // After it, the page renames its last message and adds a row, far below the fold.
    const change = `(() => {
      const rows = document.querySelectorAll('.messages li');
      rows[rows.length - 1].querySelector('a').textContent = 'Renamed after the warm-up';
      rows[0].parentElement.append(rows[1].cloneNode(true));
      return rows.length;
    })()`;
    expect(await inPage(warmed, url, change)).toBeGreaterThan(10);
    expect(await inPage(plain, url, change)).toBeGreaterThan(10);
    const changed = await read(warmed, plain);
    expect(changed.stats['page.warmRecords']).toBeUndefined();
    expect(changed.stats['page.reusedRecords']).toBeGreaterThan(1000);
    expect(readDigest(changed.first)).toEqual(readDigest(changed.reference));
    expect(changed.first.coverage.outside).not.toEqual(initial.first.coverage.outside);
    const query = await read(warmed, plain, { scope: { kind: 'query', text: 'Renamed after the warm-up' }, nodeBudget: 50, interactiveOnly: false });
    expect(query.first.nodes.some((n) => n.name === 'Renamed after the warm-up')).toBe(true);
    expect(readDigest(query.first)).toEqual(readDigest(query.reference));
  });

  it('a real layout (the demo mail app: same-site and cross-site frames, shadow roots, off-screen rows): the warmed first snapshot reads what a plain launch reads', async () => {
    server ??= await startFixtureServer();
    const { warmed, plain } = await both(server.urls.app);
    const initial = await read(warmed, plain);
    // The main frame's closed shadow roots were found during the warm-up (one whole pierced read of
    // a small document), whose walk composed them: the first capture reads only the two child
    // frames' documents (not warmed). It uses the warm-up's walk as it is — or, when one of the
    // frames' requests ended after the warm-up began, walks again copying its unchanged parts;
    // either way it is not the document's first walk.
    const plainStats = plain.connection.lastCaptureStats;
    expect(plainStats['closedRoots.calls']).toBe(3);
    expect(initial.stats['closedRoots.calls']).toBe(2);
    expect(plainStats['page.reusedRecords']).toBe(0);
    expect((initial.stats['page.warmRecords'] ?? 0) + (initial.stats['page.reusedRecords'] ?? 0)).toBeGreaterThan(100);
    expect(readDigest(initial.first)).toEqual(readDigest(initial.reference));
    // The cross-site translator frame's combobox is read in its own frame, next to the warm main-frame walk.
    expect(initial.first.nodes.some((n) => n.role === 'combobox')).toBe(true);
    const query = await read(warmed, plain, { scope: { kind: 'query', text: 'Send' }, nodeBudget: 50, interactiveOnly: false });
    expect(readDigest(query.first)).toEqual(readDigest(query.reference));
  });

  it('a dialog that opens during the quiet period ends the wait, and the one-shot shows it', async () => {
    server ??= await startFixtureServer();
    const sightline = driver();
    const bind = bindResponseSchema.parse(
      await sightline.bind({ session: 'quiet-dialog', launch: { url: `${server.mainOrigin}/dialogs/alert-after-load.html`, quiet_ms: 300 } }),
    );
    const snapshot = semanticSnapshotResponseSchema.parse(
      await sightline.snapshot({ session: 'quiet-dialog', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id }),
    );
    expect(snapshot.page.dialog).toEqual({ type: 'alert', message: 'Asked after load' });
    await sightline.endSession({ session: 'quiet-dialog' });
  });

  // Each change lands between the warm-up and the first snapshot; the warm-up's walk must not be used.
  const changes: Array<{ what: string; expression: string; shows?: { role: string; name: string } }> = [
    {
      what: 'a DOM change on screen',
      expression: `(() => { document.getElementById('send').textContent = 'Send now'; return 1; })()`,
      shows: { role: 'button', name: 'Send now' },
    },
    {
      what: 'a style rule inserted through the CSSOM (no DOM change)',
      expression: `(() => { const sheet = document.styleSheets[0]; sheet.insertRule('#send { display: none }', sheet.cssRules.length); return 1; })()`,
    },
    {
      what: 'a request (a late resource may change layout without a DOM change)',
      expression: `fetch('/generated/inbox?elements=100').then((response) => response.text()).then(() => 1)`,
    },
    {
      what: 'a scroll',
      expression: `(() => { window.scrollTo(0, 400); return 1; })()`,
    },
  ];
  for (const { what, expression, shows } of changes) {
    it(`the first snapshot walks again after ${what}`, async () => {
      server ??= await startFixtureServer();
      const url = server.inboxUrl(3000);
      const { warmed, plain } = await both(url);
      expect(await inPage(warmed, url, expression)).toBe(1);
      expect(await inPage(plain, url, expression)).toBe(1);
      const after = await read(warmed, plain);
      expect(after.stats['page.warmRecords']).toBeUndefined();
      expect(readDigest(after.first)).toEqual(readDigest(after.reference));
      if (shows) expect(after.first.nodes.some((n) => n.role === shows.role && n.name === shows.name)).toBe(true);
    });
  }
});
