import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SightlineError } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { startFixtureServer, type FixtureServer } from '../../src/index.js';

// SPEC §3 route 3: the managed browser lives exactly as long as its owner.

const TRANSPORT_ENTRY = fileURLToPath(new URL('../../node_modules/@sightline/cdp-transport/dist/index.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sightline-launch-spec-'));
let server: FixtureServer | undefined;

afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Processes whose command line mentions `text` (other than pgrep itself). */
function processesMentioning(text: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', text], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** A live (not zombie) process with this pid exists. */
function isRunning(pid: number): boolean {
  try {
    const stat = execFileSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' });
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** Starts a node process that launches a managed browser, prints its profile dir, then does `then`. */
async function ownerProcess(then: 'wait' | 'exit'): Promise<{ child: ReturnType<typeof spawn>; profileDir: string; browserPid: number }> {
  const script = join(scratch, `owner-${then}-${Date.now()}.mjs`);
  writeFileSync(
    script,
    `import { CdpBrowserTransport } from ${JSON.stringify(TRANSPORT_ENTRY)};
const connection = await new CdpBrowserTransport().launch({ headless: true, viewport: { width: 800, height: 600 } });
const tabs = await connection.listTabs();
console.log(JSON.stringify({ ok: tabs.length > 0, browserKey: connection.browserKey }));
${then === 'exit' ? "process.stdin.once('data', () => process.exit(0));" : 'setInterval(() => {}, 1000);'}
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('\n')) resolve(buffer.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`owner exited early (${code})`)));
  });
  const { ok, browserKey } = JSON.parse(line) as { ok: boolean; browserKey: string };
  expect(ok).toBe(true);
  // browserKey of a managed connection: managed:<group leader pid>:ws://…
  const browserPid = Number(browserKey.split(':')[1]);
  const profileDir = execFileSync('sh', ['-c', `tr '\\0' ' ' < /proc/${browserPid}/cmdline`], { encoding: 'utf8' }).match(/--user-data-dir=(\S+)/)![1]!;
  return { child, profileDir, browserPid };
}

describe('managed launch', () => {
  it('opens the URL at the requested viewport, and close() stops the browser and deletes its profile', async () => {
    server = await startFixtureServer();
    const connection = await new CdpBrowserTransport().launch({ headless: true, viewport: { width: 1024, height: 700 }, url: server.urls.app });
    const pid = Number(connection.browserKey.split(':')[1]);
    const profileDir = execFileSync('sh', ['-c', `tr '\\0' ' ' < /proc/${pid}/cmdline`], { encoding: 'utf8' }).match(/--user-data-dir=(\S+)/)![1]!;
    expect(existsSync(profileDir)).toBe(true);
    expect(connection.product).toMatch(/Chrome\/\d+/);
    const tabs = await connection.listTabs();
    expect(tabs.map((t) => t.url)).toContain(server.urls.app);
    const capture = await connection.capture(tabs[0]!.key, { scope: { kind: 'viewport' }, nodeBudget: 100, interactiveOnly: false });
    expect(capture.viewport).toEqual({ width: 1024, height: 700 });
    expect(capture.nodes.some((n) => n.role === 'button' && n.name === 'Send')).toBe(true);
    await connection.close();
    expect(await waitFor(() => processesMentioning(profileDir).length === 0, 5_000)).toBe(true);
    expect(existsSync(profileDir)).toBe(false);
  });

  it('refuses with browser_requires_setup when no browser can be found', async () => {
    const transport = new CdpBrowserTransport({ env: { PATH: scratch } });
    const error = await transport.launch({ headless: true, viewport: { width: 800, height: 600 } }).catch((e: unknown) => e);
    expect(SightlineError.isInstance(error)).toBe(true);
    expect((error as SightlineError).code).toBe('browser_requires_setup');
    expect((error as SightlineError).message).toMatch(/apt-get install chromium/);
    expect((error as SightlineError).message).toMatch(/SIGHTLINE_CHROME/);
    const wrong = await new CdpBrowserTransport({ env: { SIGHTLINE_CHROME: join(scratch, 'no-such-browser'), PATH: '' } })
      .launch({ headless: true, viewport: { width: 800, height: 600 } })
      .catch((e: unknown) => e);
    expect((wrong as SightlineError).code).toBe('browser_requires_setup');
  });

  for (const ending of ['SIGTERM', 'SIGINT', 'SIGKILL', 'exit'] as const) {
    it(`leaves no Chromium behind when its owner ends by ${ending}`, async () => {
      const { child, profileDir, browserPid } = await ownerProcess(ending === 'exit' ? 'exit' : 'wait');
      expect(profileDir.length).toBeGreaterThan(5);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
        else child.once('exit', (code, signal) => resolve({ code, signal }));
      });
      if (ending === 'exit') child.stdin!.write('exit\n');
      else child.kill(ending);
      const result = await exited;
      // The signal's default behaviour is kept: the owner dies of it.
      if (ending === 'SIGTERM' || ending === 'SIGINT' || ending === 'SIGKILL') expect(result.signal).toBe(ending);
      else expect(result.code).toBe(0);
      expect(await waitFor(() => processesMentioning(profileDir).length === 0, 5_000)).toBe(true);
      expect(await waitFor(() => !existsSync(profileDir), 5_000)).toBe(true);
      expect(await waitFor(() => !isRunning(browserPid), 5_000)).toBe(true);
      // Nothing re-creates it afterwards (helpers that were still writing are dead too).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(existsSync(profileDir)).toBe(false);
    });
  }
});
