import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFixtureJournal, startFixtureServer, type FixtureServer } from '@sightline/harness';
import {
  actionResponseSchema,
  bindResponseSchema,
  endSessionResponseSchema,
  refusalResponseSchema,
  semanticSnapshotResponseSchema,
  type SemanticSnapshotResponse,
} from '@sightline/semantic-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchedChromiums } from './support/managed-chromium.js';

/**
 * A real MCP client (SDK Client over stdio) against the built server (node dist/bin.js), the
 * harness fixture and the real CDP transport, managed-launch route.
 */
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const CHROME = process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium';
const canRun = process.platform === 'linux' && existsSync(CHROME);

let fixture: FixtureServer;
let client: Client;
let transport: StdioClientTransport;
const stderr: string[] = [];

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return result as typeof result & { structuredContent: Record<string, unknown> };
}

function expectOk(result: { structuredContent: Record<string, unknown> }, step: string): void {
  expect(result.structuredContent.status, `${step}: ${JSON.stringify(result.structuredContent).slice(0, 600)}\n${stderr.join('')}`).toBe('ok');
}

async function launch(session: string) {
  const bound = await call('get_browser_state', { session, launch: { url: fixture.urls.app } });
  expectOk(bound, `bind ${session}`);
  const bind = bindResponseSchema.parse(bound.structuredContent);
  expect(bind.binding).toMatchObject({ route: 'managed', proof: 'spawned_by_driver', exact: true });
  const tab = bind.tabs.find((candidate) => candidate.url.startsWith(fixture.urls.app)) ?? bind.tabs[0]!;
  return { session, target_id: bind.target_id, tab_id: tab.tab_id };
}

async function snapshot(tab: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<SemanticSnapshotResponse> {
  const result = await call('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', ...extra });
  expectOk(result, 'snapshot');
  return semanticSnapshotResponseSchema.parse(result.structuredContent);
}

function refNamed(body: SemanticSnapshotResponse, name: string, action: string): string {
  const ref = body.refs.find((candidate) => candidate.name === name && candidate.actions.includes(action as never) && candidate.visibility === 'in_viewport');
  if (!ref) throw new Error(`no visible ${action}-able "${name}" in:\n${body.outline}`);
  return ref.ref;
}

describe.runIf(canRun)('built server over stdio, real Chromium', () => {
  beforeAll(async () => {
    expect(existsSync(BIN), `${BIN} is missing: build the package first`).toBe(true);
    fixture = await startFixtureServer();
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env: { ...(process.env as Record<string, string>), SIGHTLINE_CHROME: CHROME },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    client = new Client({ name: 'sightline-e2e', version: '0.0.0' });
    await client.connect(transport);
  });

  afterEach(async () => {
    // A failed test must not leave its browsers to the next one.
    await Promise.all(['mail', 'alpha', 'beta'].map((session) => call('end_session', { session })));
  });

  afterAll(async () => {
    await client?.close();
    await fixture?.close();
  });

  test('bind → snapshot → type "Reply body" → click "Send" → snapshot; the page saw exactly one send', async () => {
    const tab = await launch('mail');
    const first = await snapshot(tab);
    expect(first.outline).toContain('Reply body');

    const text = 'Thanks — see you Friday.';
    const typed = await call('browser_type', { ...tab, ref: refNamed(first, 'Reply body', 'type'), text });
    expectOk(typed, 'type');
    expect(actionResponseSchema.parse(typed.structuredContent)).toMatchObject({ action: 'type', navigation: false });

    const second = await snapshot(tab);
    const clicked = await call('browser_click', { ...tab, ref: refNamed(second, 'Send', 'click') });
    expectOk(clicked, 'click');
    expect(actionResponseSchema.parse(clicked.structuredContent)).toMatchObject({ action: 'click', navigation: false });

    const after = await snapshot(tab, { query: 'Reply sent' });
    expect(after.snapshot.scope).toBe('query');
    expect(after.outline).toContain(`Reply sent (${text.length} characters)`);

    const browsers = launchedChromiums(transport.pid!);
    expect(browsers).toHaveLength(1);
    const journal = await readFixtureJournal(browsers[0]!.port, fixture.urls.app);
    const sends = journal.filter((entry) => entry.type === 'send');
    expect(sends).toEqual([expect.objectContaining({ type: 'send', text })]);

    const ended = await call('end_session', { session: 'mail' });
    expect(endSessionResponseSchema.parse(ended.structuredContent)).toMatchObject({ session: 'mail', closed_browsers: 1 });
  });

  test('two sessions at once: refs and tabs of one are refused in the other', async () => {
    const [alpha, beta] = await Promise.all([launch('alpha'), launch('beta')]);
    await snapshot(alpha);
    const [alphaSnapshot, betaSnapshot] = await Promise.all([snapshot(alpha), snapshot(beta)]);
    expect(alphaSnapshot.snapshot.id).toBe('p2');
    expect(betaSnapshot.snapshot.id).toBe('p1');
    expect(launchedChromiums(transport.pid!)).toHaveLength(2);
    const alphaSend = refNamed(alphaSnapshot, 'Send', 'click');
    const refused = async (name: string, args: Record<string, unknown>) => {
      const result = await call(name, args);
      expect(result.isError).toBe(false);
      return refusalResponseSchema.parse(result.structuredContent).refusal.code;
    };
    // Alpha's address and ref presented under session beta; alpha's ref on beta's tab; alpha's tab under beta.
    expect(['browser_ref_stale', 'browser_tab_not_found']).toContain(await refused('browser_click', { ...alpha, session: 'beta', ref: alphaSend }));
    expect(await refused('browser_click', { ...beta, ref: alphaSend })).toBe('browser_ref_stale');
    expect(['browser_ref_stale', 'browser_tab_not_found']).toContain(
      await refused('get_browser_state', { ...alpha, session: 'beta', snapshot_format: 'semantic_v2' }),
    );

    // Each session still reads through its own handles (a scoped read of its own "Reply" form).
    const betaForm = betaSnapshot.content_refs.find((ref) => ref.role === 'form' && ref.name === 'Reply')!;
    const scoped = await snapshot(beta, { scope_ref: betaForm.ref });
    expect(scoped.snapshot.scope).toBe('subtree');
    expect(scoped.outline).toContain('Send');

    const ended = await Promise.all([call('end_session', { session: 'alpha' }), call('end_session', { session: 'beta' })]);
    for (const result of ended) expect(endSessionResponseSchema.parse(result.structuredContent).closed_browsers).toBe(1);
    await expect.poll(() => launchedChromiums(transport.pid!).length, { timeout: 10_000 }).toBe(0);
  });
});
