import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '@sightline/harness';
import { CliSandbox, isAlive, waitFor } from './support/cli-sandbox.js';

/** Daemon lifecycle through the built bin: nothing survives close --all, idle exit or a killed client. */
describe.sequential('daemon lifecycle', () => {
  let fixture: FixtureServer;
  const sandboxes: CliSandbox[] = [];
  const sandbox = (env: Record<string, string> = {}): CliSandbox => {
    const created = new CliSandbox(env);
    sandboxes.push(created);
    return created;
  };

  beforeAll(async () => {
    fixture = await startFixtureServer();
  });

  afterEach(async () => {
    for (const created of sandboxes.splice(0)) await created.dispose();
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('close --all with two sessions leaves no daemon and no Chromium', async () => {
    const box = sandbox();
    expect((await box.run(['open', fixture.urls.app])).code).toBe(0);
    expect((await box.run(['--session', 'second', 'open', fixture.urls.folder])).code).toBe(0);
    const pid = box.daemonPid()!;
    expect(box.chromiumProcesses().length).toBeGreaterThanOrEqual(2);
    const run = await box.run(['close', '--all']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('stopped the sightline daemon');
    expect(isAlive(pid)).toBe(false);
    expect(box.leftovers()).toEqual([]);
    expect(existsSync(join(box.runtimeDir, 'daemon.sock'))).toBe(false);
    // and with no daemon running it is a no-op
    expect((await box.run(['close', '--all'])).code).toBe(0);
  });

  it('the daemon exits after SIGHTLINE_DAEMON_IDLE_MS and takes its browsers along', async () => {
    const box = sandbox({ SIGHTLINE_DAEMON_IDLE_MS: '1500' });
    expect((await box.run(['open', fixture.urls.app])).code).toBe(0);
    const pid = box.daemonPid()!;
    expect(box.chromiumProcesses().length).toBeGreaterThan(0);
    await waitFor(() => !isAlive(pid), 20_000, 'the idle daemon to exit');
    await waitFor(() => box.leftovers().length === 0, 30_000, 'its Chromium to be gone');
    expect(box.log()).toMatch(/shutting down: idle/);
  });

  it('a client killed mid-command leaves the daemon serving and no orphan', async () => {
    const box = sandbox();
    const client = box.spawn(['open', fixture.urls.app]);
    // Once Chromium is starting, the request is with the daemon and the bind is under way.
    await waitFor(() => box.chromiumProcesses().length > 0, 30_000, 'the daemon to start Chromium');
    client.kill('SIGKILL');
    await new Promise((resolve) => client.once('exit', resolve));
    const pid = box.daemonPid()!;
    expect(isAlive(pid)).toBe(true);
    // The daemon finishes the command on its own; the session is usable.
    let snapshot = await box.run(['snapshot']);
    for (let attempt = 0; snapshot.code !== 0 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      snapshot = await box.run(['snapshot']);
    }
    expect(snapshot.code, snapshot.stderr).toBe(0);
    expect(snapshot.stdout).toContain('Reply body');
    // Kill a client in the middle of a snapshot too.
    const second = box.spawn(['snapshot', '--budget', '2000']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    second.kill('SIGKILL');
    expect((await box.run(['tabs'])).code).toBe(0);
    expect((await box.run(['close', '--all'])).code).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(box.leftovers()).toEqual([]);
  });

  it('snapshot <url> is one-shot: no daemon, no browser left', async () => {
    const box = sandbox();
    const run = await box.run(['snapshot', fixture.urls.app]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/textbox "Reply body"/);
    expect(run.stdout).toMatch(/more: sightline open http:\/\/127\.0\.0\.1:\d+\/\S* && sightline snapshot --more|complete/);
    expect(box.daemonPid()).toBeNull();
    expect(box.leftovers()).toEqual([]);
  });

  it('snapshot <url> --warm: one browser kept by the daemon answers every warm one-shot from its own tab; a dead one is replaced; close --all ends it (issue 16)', async () => {
    const box = sandbox();
    const browserPids = (): number[] => box.chromiumProcesses().filter((process) => !process.cmdline.includes('--type=')).map((process) => process.pid);
    const first = await box.run(['snapshot', fixture.urls.app, '--warm']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/textbox "Reply body".*\[ref=p\d+:\d+\]/);
    expect(first.stdout).toMatch(/more: sightline open http:\/\/127\.0\.0\.1:\d+\/\S* && sightline snapshot --more|complete/);
    const daemon = box.daemonPid();
    expect(daemon !== null && isAlive(daemon)).toBe(true);
    const browsers = browserPids();
    expect(browsers).toHaveLength(1);

    // The second pays no launch, reads the other page, from the same browser.
    const second = await box.json(['snapshot', fixture.urls.folder, '--warm']);
    expect(second.run.code, second.run.stderr).toBe(0);
    const answer = second.value as { status: string; page: { url: string }; timing_ms: { launch: number; load_wait: number } };
    expect(answer.status).toBe('ok');
    expect(answer.page.url).toBe(fixture.urls.folder);
    expect(answer.timing_ms.launch).toBe(0);
    expect(answer.timing_ms.load_wait).toBeGreaterThan(0);
    expect(browserPids()).toEqual(browsers);
    // Each one-shot's tab is closed again: the warm browser keeps only its own blank tab.
    const tabs = await box.json(['--session', 'sightline-warm-one-shot', 'tabs']);
    expect((tabs.value as { tabs: Array<{ url: string }> }).tabs.map((tab) => tab.url)).toEqual(['about:blank']);

    // A warm browser that died is replaced by the next warm one-shot.
    for (const pid of browsers) process.kill(pid, 'SIGKILL');
    await waitFor(() => browsers.every((pid) => !isAlive(pid)), 10_000, 'the killed browser to exit');
    const third = await box.run(['snapshot', fixture.urls.app, '--warm']);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toMatch(/textbox "Reply body"/);
    expect(browserPids()).toHaveLength(1);
    expect(browserPids()).not.toEqual(browsers);

    // --warm needs a URL.
    const misuse = await box.run(['snapshot', '--warm']);
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain('--warm goes with a URL');
    const more = await box.run(['snapshot', fixture.urls.app, '--more']);
    expect(more.code).toBe(2);
    expect(more.stderr).toContain('need a session');

    expect((await box.run(['close', '--all'])).code).toBe(0);
    expect(isAlive(daemon!)).toBe(false);
    expect(box.leftovers()).toEqual([]);
  });

  it('a one-shot of a page that alerts while it parses answers with the dialog at once, cold and --warm (the wait ends at the dialog)', async () => {
    const box = sandbox();
    const url = `${new URL(fixture.urls.app).origin}/dialogs/alert-while-parsing.html`;
    const cold = await box.json(['snapshot', url]);
    expect(cold.run.code, cold.run.stderr).toBe(0);
    const coldAnswer = cold.value as { page: { dialog?: unknown }; timing_ms: { load_wait: number } };
    expect(coldAnswer.page.dialog).toEqual({ type: 'alert', message: 'Parsing paused' });
    // Ended by the dialog, not by the open wait's 30 s bound (no load event comes while it is open).
    expect(coldAnswer.timing_ms.load_wait).toBeLessThan(30_000);
    const warm = await box.json(['snapshot', url, '--warm']);
    expect(warm.run.code, warm.run.stderr).toBe(0);
    const warmAnswer = warm.value as { page: { dialog?: unknown }; timing_ms: { load_wait: number } };
    expect(warmAnswer.page.dialog).toEqual({ type: 'alert', message: 'Parsing paused' });
    // Under one bound, so neither the new tab's load wait (10 s) nor the warm load wait (10 s) ran out.
    expect(warmAnswer.timing_ms.load_wait).toBeLessThan(10_000);
    expect((await box.run(['close', '--all'])).code).toBe(0);
    expect(box.leftovers()).toEqual([]);
  });

  it('demo snapshots the mail app, sends a reply through refs and prints the confirmation', async () => {
    const box = sandbox();
    const run = await box.run(['demo', '--text', 'On my way']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/textbox "Reply body".*\[ref=p1:\d+\]/);
    expect(run.stdout).toMatch(/✓ .*Reply sent \(9 characters\)/);
    expect(box.daemonPid()).toBeNull();
    expect(box.leftovers()).toEqual([]);
  });
});
