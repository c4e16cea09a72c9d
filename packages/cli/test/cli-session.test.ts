import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionResponseSchema,
  bindResponseSchema,
  domRefsSnapshotResponseSchema,
  refusalResponseSchema,
  semanticSnapshotResponseSchema,
  type ActionRef,
} from '@sightline/semantic-core';
import { startFixtureServer, type FixtureServer } from '@sightline/harness';
import { CliSandbox, isAlive } from './support/cli-sandbox.js';

/**
 * The main job through the built `sightline` bin, a real daemon and a real headless Chromium:
 * open → snapshot → type into "Reply body" → click "Send" → the page confirms.
 */
describe.sequential('sightline session against the fixture mail app', () => {
  let fixture: FixtureServer;
  let sandbox: CliSandbox;
  let firstSnapshotRefs: ActionRef[] = [];

  beforeAll(async () => {
    fixture = await startFixtureServer();
    sandbox = new CliSandbox();
  });

  afterAll(async () => {
    await sandbox?.dispose();
    await fixture?.close();
  });

  it('refuses a session command before anything is open, without starting a daemon', async () => {
    const run = await sandbox.run(['snapshot']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('browser_requires_setup');
    expect(run.stderr).toContain('sightline open <url>');
    expect(sandbox.daemonPid()).toBeNull();
  });

  it('open starts the daemon on a 0600 socket and binds a managed Chromium', async () => {
    const { run, value } = await sandbox.json(['open', fixture.urls.app]);
    expect(run.code, run.stderr).toBe(0);
    expect(bindResponseSchema.parse(value).binding).toEqual({ route: 'managed', proof: 'spawned_by_driver', exact: true });
    expect(statSync(join(sandbox.runtimeDir, 'daemon.sock')).mode & 0o777).toBe(0o600);
    expect(statSync(sandbox.runtimeDir).mode & 0o777).toBe(0o700);
    const pid = sandbox.daemonPid();
    expect(pid !== null && isAlive(pid)).toBe(true);
    expect(sandbox.chromiumProcesses().length).toBeGreaterThan(0);
  });

  it('snapshot prints the outline with the reply box and Send, then one footer line', async () => {
    const run = await sandbox.run(['snapshot']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# .*http:\/\/127\.0\.0\.1:/);
    expect(run.stdout).toMatch(/textbox "Reply body".*\[ref=p\d+:\d+\]/);
    expect(run.stdout).toMatch(/button "Send".*\[ref=p\d+:\d+\]/);
    expect(lines.at(-1)).toMatch(/^… p\d+: \d+ of \d+ nodes/);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('snapshot --json is the exact contract response: hidden bulk counted, the reply box and Send selected', async () => {
    const { run, value } = await sandbox.json(['snapshot']);
    expect(run.code, run.stderr).toBe(0);
    const snapshot = semanticSnapshotResponseSchema.parse(value);
    expect(snapshot.snapshot.omitted.css_hidden).toBeGreaterThanOrEqual(300);
    firstSnapshotRefs = snapshot.refs;
    expect(snapshot.refs.find((ref) => ref.role === 'textbox' && ref.name === 'Reply body')).toBeDefined();
    expect(snapshot.refs.find((ref) => ref.role === 'button' && ref.name === 'Send')).toBeDefined();
  });

  it('type and click act through refs (with or without @) and the page confirms the reply', async () => {
    const { value } = await sandbox.json(['snapshot']);
    const snapshot = semanticSnapshotResponseSchema.parse(value);
    const reply = snapshot.refs.find((ref) => ref.role === 'textbox' && ref.name === 'Reply body');
    const send = snapshot.refs.find((ref) => ref.role === 'button' && ref.name === 'Send');
    expect(reply && send).toBeTruthy();

    const typed = await sandbox.json(['type', `@${reply!.ref}`, 'Hello from the CLI', '--replace']);
    expect(typed.run.code, typed.run.stderr).toBe(0);
    expect(actionResponseSchema.parse(typed.value).action).toBe('type');

    const clicked = await sandbox.run(['click', send!.ref]);
    expect(clicked.code, clicked.stderr).toBe(0);
    expect(clicked.stdout).toMatch(/^clicked @?p\d+:\d+ — /);

    const check = await sandbox.run(['snapshot', '--query', 'Reply sent']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('Reply sent (18 characters)');
  });

  it('snapshot --more follows the continuation of the last snapshot', async () => {
    const first = await sandbox.json(['snapshot', '--budget', '20']);
    const snapshot = semanticSnapshotResponseSchema.parse(first.value);
    expect(snapshot.snapshot.continuation).not.toBeNull();
    const text = await sandbox.run(['snapshot', '--budget', '20']);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toMatch(/— more: sightline snapshot --more$/);
    const more = await sandbox.json(['snapshot', '--more']);
    expect(more.run.code, more.run.stderr).toBe(0);
    expect(semanticSnapshotResponseSchema.parse(more.value).snapshot.scope).toBe('continuation');
  });

  it('--format v1 gives the compatibility DOM refs', async () => {
    const { run, value } = await sandbox.json(['snapshot', '--format', 'v1']);
    expect(run.code, run.stderr).toBe(0);
    expect(domRefsSnapshotResponseSchema.parse(value).snapshot.format).toBe('dom_refs_v1');
  });

  it('screenshot writes a PNG', async () => {
    const run = await sandbox.run(['screenshot', 'shot.png']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^saved .*shot\.png \(\d+x\d+\)/);
  });

  describe('bad input exits 2 with a message that says what to do, and the daemon keeps serving', () => {
    const stillServing = async (): Promise<void> => {
      const tabs = await sandbox.run(['tabs']);
      expect(tabs.code, tabs.stderr).toBe(0);
      expect(tabs.stdout).toMatch(/^\* tab-[0-9a-f]{16} /m);
    };

    it('an unknown command', async () => {
      const run = await sandbox.run(['clik', 'p1:2']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("unknown command 'clik'");
      expect(run.stderr).toContain('click');
      expect(run.stderr).toContain('--help');
      await stillServing();
    });

    it('a missing argument', async () => {
      const run = await sandbox.run(['type', 'p1:2']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("missing required argument 'text'");
      expect(run.stderr).toContain('--help');
      await stillServing();
    });

    it('a malformed ref', async () => {
      const { run, value } = await sandbox.json(['click', 'button-7']);
      expect(run.code).toBe(2);
      expect(refusalResponseSchema.parse(value).refusal.code).toBe('browser_invalid_request');
      expect(run.stderr).toMatch(/browser_invalid_request: .*snapshot/);
      await stillServing();
    });

    it('a stale ref from an older snapshot', async () => {
      const send = firstSnapshotRefs.find((ref) => ref.role === 'button' && ref.name === 'Send');
      const run = await sandbox.run(['click', send!.ref]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/browser_ref_stale: .*snapshot/);
      await stillServing();
    });

    it('a bad option value', async () => {
      const run = await sandbox.run(['snapshot', '--budget', 'lots']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--budget must be a whole number');
      const range = await sandbox.run(['snapshot', '--budget', '5000']);
      expect(range.code).toBe(2);
      expect(range.stderr).toContain('browser_invalid_request');
      await stillServing();
    });
  });

  it('close stops the session browser but not the daemon; close --all stops the daemon', async () => {
    const pid = sandbox.daemonPid()!;
    const closed = await sandbox.run(['close']);
    expect(closed.code, closed.stderr).toBe(0);
    expect(closed.stdout).toMatch(/closed session default \(1 browser stopped\)/);
    expect(sandbox.chromiumProcesses()).toEqual([]);
    expect(isAlive(pid)).toBe(true);
    const after = await sandbox.run(['snapshot']);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('browser_requires_setup');

    const reopened = await sandbox.run(['open', fixture.urls.app]);
    expect(reopened.code, reopened.stderr).toBe(0);
    const all = await sandbox.run(['close', '--all']);
    expect(all.code, all.stderr).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(sandbox.leftovers()).toEqual([]);
  });
});
