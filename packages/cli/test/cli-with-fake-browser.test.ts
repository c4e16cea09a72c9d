import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Driver, actionResponseSchema, semanticSnapshotResponseSchema } from '@sightline/semantic-core';
import { FakeBrowser, FakeBrowserTransport, fakeMailPage } from '@sightline/semantic-core/testing';
import { main } from '../src/main.js';
import type { CliIo } from '../src/cli-io.js';
import { startDaemon, type RunningDaemon } from '../src/daemon/daemon-server.js';
import { runtimePaths } from '../src/daemon/paths.js';

/**
 * The whole CLI path in one process — argument parsing, the daemon socket, semantic-core's real
 * Driver, formatting, exit codes — over semantic-core's in-memory browser instead of Chromium.
 * The browser E2E of the same loop lives in cli-session.test.ts.
 */
let dir: string;
let daemon: RunningDaemon | null;
let transport: FakeBrowserTransport;

function io(): CliIo & { out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    stdout: { isTTY: false, write: (text: string) => (stdout += text) },
    stderr: { isTTY: false, write: (text: string) => (stderr += text) },
    env: { SIGHTLINE_RUNTIME_DIR: join(dir, 'rt'), NO_COLOR: '1' },
    cwd: dir,
    out: () => stdout,
    err: () => stderr,
  };
}

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stream = io();
  const code = await main(argv, stream);
  return { code, stdout: stream.out(), stderr: stream.err() };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sightline-cli-fake-'));
  transport = new FakeBrowserTransport(new FakeBrowser(), {
    launchTabs: [{ url: 'http://mail.test/', title: 'Inbox', active: true, capture: fakeMailPage() }],
  });
  daemon = await startDaemon({
    paths: runtimePaths(join(dir, 'rt')),
    idleMs: 60_000,
    createDriver: async () => new Driver({ transport }),
  });
});

afterEach(async () => {
  await daemon?.shutdown('test end');
  rmSync(dir, { recursive: true, force: true });
});

describe('sightline over the real Driver and an in-memory browser', () => {
  it('open → snapshot → type → click, with text and --json output', async () => {
    const open = await cli('open', 'http://mail.test/');
    expect(open.code, open.stderr).toBe(0);
    expect(open.stdout).toContain('bound session default to FakeChrome');

    const text = await cli('snapshot');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/textbox "Reply body".*\[ref=p1:\d+\]/);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toMatch(/^… p1: \d+ of \d+ nodes; 3 offscreen — more: sightline snapshot --more$/);

    const json = await cli('--json', 'snapshot');
    const snapshot = semanticSnapshotResponseSchema.parse(JSON.parse(json.stdout));
    const reply = snapshot.refs.find((ref) => ref.name === 'Reply body')!;
    const send = snapshot.refs.find((ref) => ref.name === 'Send')!;

    const typed = await cli('type', `@${reply.ref}`, 'See you soon', '--replace');
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stdout).toMatch(/^typed into p2:\d+ — confirmed$/m);
    const clicked = await cli('--json', 'click', send.ref);
    expect(clicked.code, clicked.stderr).toBe(0);
    expect(actionResponseSchema.parse(JSON.parse(clicked.stdout))).toMatchObject({ action: 'click', ref: send.ref });

    const actions = transport.launched[0]!.calls.filter((call) => call.method === 'perform').map((call) => (call.detail as { kind: string }).kind);
    expect(actions).toEqual(['type', 'click']);
  });

  it('--more reads the continuation; refusals exit 2 with the code on stderr', async () => {
    await cli('open', 'http://mail.test/');
    const first = semanticSnapshotResponseSchema.parse(JSON.parse((await cli('--json', 'snapshot')).stdout));
    const more = await cli('--json', 'snapshot', '--more');
    expect(more.code, more.stderr).toBe(0);
    expect(semanticSnapshotResponseSchema.parse(JSON.parse(more.stdout)).snapshot.scope).toBe('continuation');

    expect((await cli('snapshot')).code).toBe(0);
    const stale = await cli('click', first.refs.find((ref) => ref.name === 'Send')!.ref);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/^refused browser_ref_stale: /);

    const malformed = await cli('click', 'send-button');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/^refused browser_invalid_request: .*snapshot/);

    const tabs = await cli('tabs');
    expect(tabs.code).toBe(0);
    expect(tabs.stdout).toMatch(/^\* tab-[0-9a-f]{16} "Inbox" http:\/\/mail\.test\/ \[active\]$/m);
  });

  it('session names keep separate browsers; close ends only its own', async () => {
    expect((await cli('open', 'http://mail.test/')).code).toBe(0);
    expect((await cli('--session', 'two', 'open', 'http://mail.test/')).code).toBe(0);
    const closed = await cli('--session', 'two', 'close');
    expect(closed.stdout).toContain('closed session two (1 browser stopped)');
    expect((await cli('snapshot')).code).toBe(0);
    const gone = await cli('--session', 'two', 'snapshot');
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('browser_requires_setup');
  });
});
