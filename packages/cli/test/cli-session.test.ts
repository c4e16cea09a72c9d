import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  actionResponseSchema,
  bindResponseSchema,
  domRefsSnapshotResponseSchema,
  refusalResponseSchema,
  semanticSnapshotResponseSchema,
  type ActionRef,
} from '@sightline/semantic-core';
import { isAlive } from './support/cli-sandbox.js';
import { useFixtureSandbox } from './support/fixture-sandbox.js';

/**
 * The main job through the built `sightline` bin, a real daemon and a real headless Chromium:
 * open → snapshot → type into "Reply body" → click "Send" → the page confirms.
 */
describe.sequential('sightline session against the fixture mail app', () => {
  const env = useFixtureSandbox();
  let firstSnapshotRefs: ActionRef[] = [];

  it('refuses a session command before anything is open, without starting a daemon', async () => {
    const run = await env.sandbox.run(['snapshot']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('browser_requires_setup');
    expect(run.stderr).toContain('sightline open <url>');
    expect(env.sandbox.daemonPid()).toBeNull();
  });

  it('open starts the daemon on a 0600 socket and binds a managed Chromium', async () => {
    const { run, value } = await env.sandbox.json(['open', env.fixture.urls.app]);
    expect(run.code, run.stderr).toBe(0);
    expect(bindResponseSchema.parse(value).binding).toEqual({ route: 'managed', proof: 'spawned_by_driver', exact: true });
    expect(statSync(join(env.sandbox.runtimeDir, 'daemon.sock')).mode & 0o777).toBe(0o600);
    expect(statSync(env.sandbox.runtimeDir).mode & 0o777).toBe(0o700);
    const pid = env.sandbox.daemonPid();
    expect(pid !== null && isAlive(pid)).toBe(true);
    expect(env.sandbox.chromiumProcesses().length).toBeGreaterThan(0);
  });

  it('snapshot prints the outline with the reply box and Send, then one footer line', async () => {
    const run = await env.sandbox.run(['snapshot']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# .*http:\/\/127\.0\.0\.1:/);
    expect(run.stdout).toMatch(/textbox "Reply body".*\[ref=p\d+:\d+\]/);
    expect(run.stdout).toMatch(/button "Send".*\[ref=p\d+:\d+\]/);
    expect(lines.at(-1)).toMatch(/^… p\d+: \d+ of \d+ nodes/);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('snapshot --timing ends with the phases, the daemon\'s whole time and the command\'s (issue 14, 16)', async () => {
    const run = await env.sandbox.run(['snapshot', '--timing']);
    expect(run.code, run.stderr).toBe(0);
    const block = run.stdout.slice(run.stdout.lastIndexOf('timing:'));
    const value = (label: string): number => Number(new RegExp(`${label.replace(/[()]/g, '\\$&')}\\s+([0-9.]+) ms`).exec(block)?.[1] ?? NaN);
    const collect = value('collect (total)');
    const daemon = value('daemon (request)');
    const command = value('this command');
    expect(collect).toBeGreaterThan(0);
    // The daemon's time holds the collect; the command's holds the daemon's (and Node's start).
    expect(daemon).toBeGreaterThanOrEqual(collect);
    expect(command).toBeGreaterThan(daemon);
  });

  it('snapshot --json is the exact contract response: hidden bulk counted, the reply box and Send selected', async () => {
    const { run, value } = await env.sandbox.json(['snapshot']);
    expect(run.code, run.stderr).toBe(0);
    const snapshot = semanticSnapshotResponseSchema.parse(value);
    expect(snapshot.snapshot.omitted.css_hidden).toBeGreaterThanOrEqual(300);
    firstSnapshotRefs = snapshot.refs;
    expect(snapshot.refs.find((ref) => ref.role === 'textbox' && ref.name === 'Reply body')).toBeDefined();
    expect(snapshot.refs.find((ref) => ref.role === 'button' && ref.name === 'Send')).toBeDefined();
  });

  it('type and click act through refs (with or without @) and the page confirms the reply', async () => {
    const { value } = await env.sandbox.json(['snapshot']);
    const snapshot = semanticSnapshotResponseSchema.parse(value);
    const reply = snapshot.refs.find((ref) => ref.role === 'textbox' && ref.name === 'Reply body');
    const send = snapshot.refs.find((ref) => ref.role === 'button' && ref.name === 'Send');
    expect(reply && send).toBeTruthy();

    const typed = await env.sandbox.json(['type', `@${reply!.ref}`, 'Hello from the CLI', '--replace']);
    expect(typed.run.code, typed.run.stderr).toBe(0);
    expect(actionResponseSchema.parse(typed.value).action).toBe('type');

    const clicked = await env.sandbox.run(['click', send!.ref]);
    expect(clicked.code, clicked.stderr).toBe(0);
    expect(clicked.stdout).toMatch(/^clicked @?p\d+:\d+ — /);

    const check = await env.sandbox.run(['snapshot', '--query', 'Reply sent']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('Reply sent (18 characters)');
  });

  it('snapshot --more follows the continuation of the last snapshot', async () => {
    const first = await env.sandbox.json(['snapshot', '--budget', '20']);
    const snapshot = semanticSnapshotResponseSchema.parse(first.value);
    expect(snapshot.snapshot.continuation).not.toBeNull();
    const text = await env.sandbox.run(['snapshot', '--budget', '20']);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toMatch(/— more: sightline snapshot --more$/);
    const more = await env.sandbox.json(['snapshot', '--more']);
    expect(more.run.code, more.run.stderr).toBe(0);
    expect(semanticSnapshotResponseSchema.parse(more.value).snapshot.scope).toBe('continuation');
  });

  it('--format v1 gives the compatibility DOM refs', async () => {
    const { run, value } = await env.sandbox.json(['snapshot', '--format', 'v1']);
    expect(run.code, run.stderr).toBe(0);
    expect(domRefsSnapshotResponseSchema.parse(value).snapshot.format).toBe('dom_refs_v1');
  });

  it('screenshot writes a PNG', async () => {
    const run = await env.sandbox.run(['screenshot', 'shot.png']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^saved .*shot\.png \(\d+x\d+\)/);
  });

  describe('bad input exits 2 with a message that says what to do, and the daemon keeps serving', () => {
    const stillServing = async (): Promise<void> => {
      const tabs = await env.sandbox.run(['tabs']);
      expect(tabs.code, tabs.stderr).toBe(0);
      expect(tabs.stdout).toMatch(/^\* tab-[0-9a-f]{16} /m);
    };

    it('an unknown command', async () => {
      const run = await env.sandbox.run(['clik', 'p1:2']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("unknown command 'clik'");
      expect(run.stderr).toContain('click');
      expect(run.stderr).toContain('--help');
      await stillServing();
    });

    it('a missing argument', async () => {
      const run = await env.sandbox.run(['type', 'p1:2']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("missing required argument 'text'");
      expect(run.stderr).toContain('--help');
      await stillServing();
    });

    it('a malformed ref', async () => {
      const { run, value } = await env.sandbox.json(['click', 'button-7']);
      expect(run.code).toBe(2);
      expect(refusalResponseSchema.parse(value).refusal.code).toBe('browser_invalid_request');
      expect(run.stderr).toMatch(/browser_invalid_request: .*snapshot/);
      await stillServing();
    });

    it('a stale ref from an older snapshot', async () => {
      const send = firstSnapshotRefs.find((ref) => ref.role === 'button' && ref.name === 'Send');
      const run = await env.sandbox.run(['click', send!.ref]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/browser_ref_stale: .*snapshot/);
      await stillServing();
    });

    it('a bad option value', async () => {
      const run = await env.sandbox.run(['snapshot', '--budget', 'lots']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--budget must be a whole number');
      const range = await env.sandbox.run(['snapshot', '--budget', '5000']);
      expect(range.code).toBe(2);
      expect(range.stderr).toContain('browser_invalid_request');
      await stillServing();
    });
  });

  it('close stops the session browser but not the daemon; close --all stops the daemon', async () => {
    const pid = env.sandbox.daemonPid()!;
    const closed = await env.sandbox.run(['close']);
    expect(closed.code, closed.stderr).toBe(0);
    expect(closed.stdout).toMatch(/closed session default \(1 browser stopped\)/);
    expect(env.sandbox.chromiumProcesses()).toEqual([]);
    expect(isAlive(pid)).toBe(true);
    const after = await env.sandbox.run(['snapshot']);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('browser_requires_setup');

    const reopened = await env.sandbox.run(['open', env.fixture.urls.app]);
    expect(reopened.code, reopened.stderr).toBe(0);
    const all = await env.sandbox.run(['close', '--all']);
    expect(all.code, all.stderr).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(env.sandbox.leftovers()).toEqual([]);
  });
});
