import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semanticSnapshotResponseSchema } from '@sightline/semantic-core';
import { launchTestChromium, readFixtureJournal, startFixtureServer, type FixtureServer, type TestChromium } from '@sightline/harness';
import { CliSandbox } from './support/cli-sandbox.js';

interface DevToolsTarget {
  id: string;
  type: string;
  url: string;
}

async function pageTargets(chromium: TestChromium): Promise<DevToolsTarget[]> {
  const response = await fetch(`${chromium.httpEndpoint}/json/list`);
  return ((await response.json()) as DevToolsTarget[]).filter((target) => target.type === 'page');
}

/** `bind --cdp` to a browser the test owns: the journal confirms what the CLI did; closed tabs refuse. */
describe.sequential('sightline bind --cdp', () => {
  let fixture: FixtureServer;
  let chromium: TestChromium;
  let sandbox: CliSandbox;

  beforeAll(async () => {
    fixture = await startFixtureServer();
    chromium = await launchTestChromium({ url: fixture.urls.app });
    sandbox = new CliSandbox();
  });

  afterAll(async () => {
    await sandbox?.dispose();
    await chromium?.close();
    await fixture?.close();
  });

  it('type and click through refs reach the page: the journal records the send', async () => {
    const bind = await sandbox.run(['bind', '--cdp', chromium.httpEndpoint]);
    expect(bind.code, bind.stderr).toBe(0);
    expect(bind.stdout).toContain('(explicit, explicit_endpoint, exact)');

    const { value } = await sandbox.json(['snapshot']);
    const snapshot = semanticSnapshotResponseSchema.parse(value);
    const reply = snapshot.refs.find((ref) => ref.role === 'textbox' && ref.name === 'Reply body')!;
    const send = snapshot.refs.find((ref) => ref.role === 'button' && ref.name === 'Send')!;
    expect((await sandbox.run(['type', reply.ref, 'Journal check'])).code).toBe(0);
    expect((await sandbox.run(['click', `@${send.ref}`])).code).toBe(0);

    const journal = await readFixtureJournal(chromium.port, fixture.urls.app);
    expect(journal).toContainEqual(expect.objectContaining({ type: 'send', text: 'Journal check' }));
  });

  it('a ref from a closed tab exits 2 and the daemon keeps serving', async () => {
    const { value } = await sandbox.json(['snapshot']);
    const send = semanticSnapshotResponseSchema.parse(value).refs.find((ref) => ref.name === 'Send')!;
    const [page] = await pageTargets(chromium);
    await fetch(`${chromium.httpEndpoint}/json/close/${page!.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const run = await sandbox.run(['click', send.ref]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/browser_(tab_not_found|ref_stale|binding_stale): /);
    const ping = await sandbox.run(['tabs']);
    expect(ping.code, ping.stderr).toBe(0);
  });

  it('close ends the session without stopping a browser the user owns', async () => {
    const run = await sandbox.run(['close']);
    expect(run.code, run.stderr).toBe(0);
    const version = await fetch(`${chromium.httpEndpoint}/json/version`);
    expect(version.ok).toBe(true);
  });
});
