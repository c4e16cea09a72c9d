/**
 * Issue 16 rows: what a *first* snapshot costs — on a freshly loaded tab, and as a one-shot
 * (`sightline snapshot <url>`: launch, load, snapshot) next to Playwright's one-shot in the same
 * run — plus the page's load time with and without Sightline attached and peak memory at 100k.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import CDP from 'chrome-remote-interface';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';
import { Driver, ONE_SHOT_QUIET_MS, type SnapshotTiming } from '@sightline/semantic-core';
import { CHROMIUM_BASE_FLAGS, openUnwatchedTab } from '@sightline/harness';
import { freshTab, withTimeout } from './browser.js';
import { median } from './results.js';
import { peakRssKb } from './peak-rss.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CLI = process.env.SIGHTLINE_BENCH_CLI ?? fileURLToPath(new URL('../../../packages/cli/dist/cli.bundle.cjs', import.meta.url));
const CHROME = process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium';

/** Inbox sizes of these rows (issue 16: 1k, 25k, 100k). */
export const FIRST_SNAPSHOT_SIZES = [1_000, 25_000, 100_000] as const;

export interface Stat {
  runs_ms: number[];
  median_ms: number | null;
  min_ms: number | null;
  max_ms: number | null;
  /** `timeout` / `error` when a run failed (the stat then covers the runs before it). */
  status: 'ok' | 'timeout' | 'error';
  reason?: string;
}

export interface FirstSnapshotRow {
  size: number;
  /** navigate → load event of a fresh tab, nothing attached. */
  load_without: Stat;
  /** The same with Sightline attached to the tab first (accessibility, network, console, collector script). */
  load_with: Stat;
  /** Explicit-route bind to the loaded tab, then its first snapshot (the call timed). */
  first: Stat;
  /** Median `timing_ms` of those first snapshots. */
  first_phases: Partial<SnapshotTiming>;
  /** The second snapshot of the same tab (warm, reuse on), for comparison. */
  second: Stat;
  /**
   * A bound session's `navigate` to the page, a pause of AGENT_TURN_MS (an agent's model turn),
   * then its first snapshot (the call timed): the first snapshot after a navigation as agents take it.
   */
  after_navigate?: Stat;
  after_navigate_phases?: Partial<SnapshotTiming>;
  /** `sightline --json snapshot <url>` (the bundled CLI, a fresh process and browser each run), wall. */
  one_shot: Stat;
  one_shot_phases: Partial<SnapshotTiming>;
  /**
   * The floor of a one-shot that reads every node (bare-one-shot.ts: a plain CDP client in a fresh
   * process starts the same Chromium, loads the page, visits every node once, reads one box, stops), wall; its runs
   * alternate with the one-shot's, so both meet the same machine. Medians of its phases beside it.
   */
  one_shot_floor?: Stat;
  one_shot_floor_phases?: Partial<FloorPhases>;
  /** Playwright: launch, `goto` (load), `ariaSnapshot({mode:'ai'})`, close — a fresh process each run, wall. */
  playwright_one_shot: Stat;
  /**
   * `sightline --json snapshot <url> --warm`, wall, after one warm one-shot that started the daemon
   * and its browser (`one_shot_warm_start`): what an agent's later one-shots cost.
   */
  one_shot_warm?: Stat;
  one_shot_warm_start?: Stat;
  one_shot_warm_phases?: Partial<SnapshotTiming>;
  /** Warm one-shot median ÷ Playwright one-shot median. */
  one_shot_warm_ratio?: number | null;
  /** Sightline one-shot median ÷ Playwright one-shot median (≤ when Playwright timed out). */
  one_shot_ratio: number | null;
  one_shot_ratio_upper_bound: boolean;
  /** Node's and the tab renderer's peak RSS (MB) for one snapshot of this page (100k only). */
  memory?: { node_peak_mb: number; renderer_peak_mb: number | null };
}

/** The phases bare-one-shot.js reports (ms): its Chromium's start, the load, the visit of every node, the stop. */
export type FloorPhases = { launch_ms: number; load_ms: number; visit_ms: number; layout_ms: number; quiet_ms: number; stop_ms: number };

export interface FirstSnapshotOptions {
  sizes: number[];
  runs: number;
  timeoutMs: number;
  inboxUrl: (size: number) => string;
  chromium: { port: number; wsEndpoint: string; httpEndpoint: string; pid: number };
  log: (line: string) => void;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function stat(runs: number[], status: Stat['status'] = 'ok', reason?: string): Stat {
  return {
    runs_ms: runs.map(round),
    median_ms: status === 'ok' && runs.length ? round(median(runs)!) : null,
    min_ms: runs.length ? round(Math.min(...runs)) : null,
    max_ms: runs.length ? round(Math.max(...runs)) : null,
    status,
    ...(reason ? { reason: reason.slice(0, 300) } : {}),
  };
}

/**
 * Warm one-shots (`snapshot <url> --warm`) against a daemon of their own: the first call starts
 * the daemon and its browser (reported apart), then `runs` timed calls; `close --all` at the end.
 */
async function warmOneShots(url: string, baseEnv: NodeJS.ProcessEnv, options: FirstSnapshotOptions): Promise<{ start: Stat; runs: Stat; phases: Partial<SnapshotTiming> }> {
  const runtimeDir = mkdtempSync(join(tmpdir(), 'sightline-bench-warm-'));
  const env = { ...baseEnv, SIGHTLINE_RUNTIME_DIR: runtimeDir };
  const phases: Array<Partial<SnapshotTiming>> = [];
  const call = (): Promise<number> => oneShotCall(['--json', 'snapshot', url, '--warm'], env, options, phases);
  try {
    const start = await series(1, call);
    phases.length = 0;
    const runs = start.status === 'ok' ? await series(options.runs, call) : stat([], start.status, start.reason);
    return { start, runs, phases: medianPhases(phases) };
  } finally {
    await runProcess([CLI, 'close', '--all'], env, 60_000).catch(() => undefined);
    rmSync(runtimeDir, { recursive: true, force: true });
  }
}

/** One `sightline …` one-shot process: its wall time; its `timing_ms` goes to `phases`. */
async function oneShotCall(args: string[], env: NodeJS.ProcessEnv, options: FirstSnapshotOptions, phases: Array<Partial<SnapshotTiming>>): Promise<number> {
  const { ms, stdout } = await runProcess([CLI, ...args], env, options.timeoutMs);
  const response = JSON.parse(stdout) as { status: string; timing_ms?: SnapshotTiming };
  if (response.status !== 'ok') throw new Error(`${args.join(' ')} failed: ${stdout.slice(0, 300)}`);
  phases.push(response.timing_ms ?? {});
  return ms;
}

/** A Sightline median ÷ the peer's (null when either is missing). */
function ratioTo(own: Stat, peer: number | null): number | null {
  return own.median_ms !== null && peer ? Math.round((own.median_ms / peer) * 1000) / 1000 : null;
}

async function series(runs: number, work: () => Promise<number>): Promise<Stat> {
  return (await inTurn(runs, work))[0]!;
}

/**
 * Kinds of run taken in turn (a, b, a, b, …), so a drift of the machine meets them alike; all stop
 * at the first failure, whose Stat says how (the runs before it kept).
 */
async function inTurn(runs: number, ...works: Array<() => Promise<number>>): Promise<Stat[]> {
  const out = works.map((): number[] => []);
  let failure: { kind: number; status: Stat['status']; reason: string } | null = null;
  for (let run = 0; run < runs && failure === null; run += 1) {
    for (const [kind, work] of works.entries()) {
      try {
        out[kind]!.push(await work());
      } catch (error) {
        const reason = (error as Error).message ?? String(error);
        failure = { kind, status: /timed? ?out|exceeded/i.test(reason) ? 'timeout' : 'error', reason };
        break;
      }
    }
  }
  return out.map((ms, kind) => (failure?.kind === kind ? stat(ms, failure.status, failure.reason) : stat(ms)));
}

function medianPhases<K extends string>(samples: Array<Partial<Record<K, number>>>): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  const keys = new Set(samples.flatMap((sample) => Object.keys(sample) as K[]));
  for (const key of keys) {
    const values = samples.map((sample) => sample[key]).filter((value): value is number => typeof value === 'number');
    if (values.length) out[key] = round(median(values)!);
  }
  return out;
}

/** Runs a process to its end (killed at the timeout); wall time and stdout. */
function runProcess(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (timedOut) reject(new Error(`${args[1] ?? args[0]} timed out after ${timeoutMs} ms`));
      else if (status !== 0) reject(new Error(`exited ${status}: ${stderr.slice(0, 300)}`));
      else resolve({ ms, stdout });
    });
  });
}

/** navigate → load event in a new tab, over plain CDP with only the Page domain on (measured like `loadWith`). */
async function loadWithout(options: FirstSnapshotOptions, url: string): Promise<number> {
  const blank = await freshTab(options.chromium.port, options.chromium.wsEndpoint, 'about:blank', options.timeoutMs);
  const tab = await CDP({ host: '127.0.0.1', port: options.chromium.port, local: true, target: blank.targetId });
  try {
    await tab.Page.enable();
    const loaded = tab.Page.loadEventFired();
    const started = performance.now();
    await tab.Page.navigate({ url });
    await withTimeout(loaded, options.timeoutMs, `loading ${url}`);
    return performance.now() - started;
  } finally {
    await tab.close();
  }
}

/** The same navigation with Sightline attached to the tab first (its transport opens the page, waiting for load). */
async function loadWith(options: FirstSnapshotOptions, url: string): Promise<number> {
  const blank = await freshTab(options.chromium.port, options.chromium.wsEndpoint, 'about:blank', options.timeoutMs);
  const connection = (await new CdpBrowserTransport().connect(options.chromium.httpEndpoint)) as CdpBrowserConnection;
  try {
    await connection.prepareTab(blank.targetId, { width: 1280, height: 800 });
    const report = await connection.prepareTab(blank.targetId, { width: 1280, height: 800 }, url, { until: 'load', timeoutMs: options.timeoutMs, quietMs: 0 });
    if (!report || report.ready !== 'load') throw new Error(`the page did not load within ${options.timeoutMs} ms`);
    return report.loadWaitMs;
  } finally {
    await connection.close();
  }
}

let sessionCounter = 0;

/** Loads the page in a fresh tab no DevTools client ever attached to, binds over the explicit route, times the first and the second snapshot. */
async function firstAndSecond(options: FirstSnapshotOptions, opener: CDP.Client, url: string): Promise<{ first: number; second: number; timing: Partial<SnapshotTiming> }> {
  const tab = await openUnwatchedTab(opener, url, { timeoutMs: options.timeoutMs, closeOtherTabs: true });
  const driver = new Driver({ transport: new CdpBrowserTransport() });
  const session = `first-${process.pid}-${(sessionCounter += 1)}`;
  try {
    const bind = (await driver.bind({ session, cdp_url: options.chromium.httpEndpoint })) as { target_id: string; tabs: Array<{ tab_id: string; url: string }> };
    const tabId = bind.tabs.find((candidate) => candidate.url === tab.url)?.tab_id ?? bind.tabs[0]!.tab_id;
    const shoot = async (): Promise<{ ms: number; timing: Partial<SnapshotTiming> }> => {
      const started = performance.now();
      const response = (await withTimeout(driver.snapshot({ session, target_id: bind.target_id, tab_id: tabId, snapshot_format: 'semantic_v2' }), options.timeoutMs, 'first snapshot')) as {
        status: string;
        timing_ms?: SnapshotTiming;
      };
      if (response.status !== 'ok') throw new Error(`snapshot failed: ${JSON.stringify(response).slice(0, 300)}`);
      return { ms: performance.now() - started, timing: response.timing_ms ?? {} };
    };
    const first = await shoot();
    const second = await shoot();
    return { first: first.ms, second: second.ms, timing: first.timing };
  } finally {
    await driver.endSession({ session }).catch(() => undefined);
    await driver.close().catch(() => undefined);
  }
}

/** The pause between `navigate` and the snapshot in `afterNavigate` (ms): a short model turn. */
export const AGENT_TURN_MS = 2_000;

/** A session bound to a fresh blank tab navigates to the page, pauses AGENT_TURN_MS, then times its first snapshot. */
async function afterNavigate(options: FirstSnapshotOptions, url: string): Promise<{ ms: number; timing: Partial<SnapshotTiming> }> {
  const tab = await freshTab(options.chromium.port, options.chromium.wsEndpoint, 'about:blank', options.timeoutMs);
  const driver = new Driver({ transport: new CdpBrowserTransport() });
  const session = `navigate-${process.pid}-${(sessionCounter += 1)}`;
  try {
    const bind = (await driver.bind({ session, cdp_url: options.chromium.httpEndpoint })) as { target_id: string; tabs: Array<{ tab_id: string; url: string }> };
    const address = { session, target_id: bind.target_id, tab_id: bind.tabs.find((candidate) => candidate.url === tab.url)?.tab_id ?? bind.tabs[0]!.tab_id };
    const navigated = (await withTimeout(driver.navigate({ ...address, url }), options.timeoutMs, 'navigate')) as { status: string };
    if (navigated.status !== 'ok') throw new Error(`navigate failed: ${JSON.stringify(navigated).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, AGENT_TURN_MS));
    const started = performance.now();
    const response = (await withTimeout(driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }), options.timeoutMs, 'snapshot after navigate')) as { status: string; timing_ms?: SnapshotTiming };
    if (response.status !== 'ok') throw new Error(`snapshot failed: ${JSON.stringify(response).slice(0, 300)}`);
    return { ms: performance.now() - started, timing: response.timing_ms ?? {} };
  } finally {
    await driver.endSession({ session }).catch(() => undefined);
    await driver.close().catch(() => undefined);
  }
}

/** Renderer processes of the bench browser that show pages (not its own WebUI). Linux only. */
function rendererPids(browserPid: number): number[] {
  const out: number[] = [];
  let entries: string[] = [];
  let profile: string | undefined;
  try {
    entries = readdirSync('/proc');
    // Same browser: its profile directory is on the command line of every child.
    profile = /--user-data-dir=([^\0]+)/.exec(readFileSync(`/proc/${browserPid}/cmdline`, 'utf8'))?.[1];
  } catch {
    return out;
  }
  if (!profile) return out;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer') || cmdline.includes('--top-chrome-webui') || cmdline.includes('--extension-process')) continue;
      if (cmdline.includes(profile)) out.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** One snapshot of the loaded 100k tab in a child Node process: its peak RSS, and the renderer's. */
async function memoryRow(options: FirstSnapshotOptions, url: string): Promise<FirstSnapshotRow['memory']> {
  const tab = await freshTab(options.chromium.port, options.chromium.wsEndpoint, url, options.timeoutMs);
  const renderers = rendererPids(options.chromium.pid);
  // Reset the renderers' peak (Linux: 5 → clear_refs resets VmHWM) so only the snapshot counts.
  for (const pid of renderers) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      // Not permitted: the peak then includes the load.
    }
  }
  const { stdout } = await runProcess([`${HERE}memory-probe.js`, options.chromium.httpEndpoint, tab.url], process.env, options.timeoutMs * 2);
  const probe = JSON.parse(stdout) as { max_rss_kb: number };
  const rendererPeaks = renderers.map(peakRssKb).filter((value): value is number => value !== null);
  return {
    node_peak_mb: round(probe.max_rss_kb / 1024),
    renderer_peak_mb: rendererPeaks.length ? round(Math.max(...rendererPeaks) / 1024) : null,
  };
}

export async function measureFirstSnapshots(options: FirstSnapshotOptions): Promise<FirstSnapshotRow[]> {
  const rows: FirstSnapshotRow[] = [];
  const env = { ...process.env, SIGHTLINE_CHROME: CHROME, NO_COLOR: '1' };
  for (const size of options.sizes) {
    const url = options.inboxUrl(size);
    // In turn, so a drift of the machine meets both alike (the row compares them).
    const [loadWithout_, loadWith_] = (await inTurn(
      options.runs,
      () => loadWithout(options, url),
      () => loadWith(options, url),
    )) as [Stat, Stat];
    const firstRuns: number[] = [];
    const secondRuns: number[] = [];
    const phases: Array<Partial<SnapshotTiming>> = [];
    // The tabs' opener stays connected across the runs (openUnwatchedTab: closing it costs the renderer a frame).
    const opener = await CDP({ target: options.chromium.wsEndpoint, local: true });
    const first = await series(options.runs, async () => {
      const sample = await firstAndSecond(options, opener, url);
      secondRuns.push(sample.second);
      phases.push(sample.timing);
      firstRuns.push(sample.first);
      return sample.first;
    }).finally(() => opener.close());
    const navigatePhases: Array<Partial<SnapshotTiming>> = [];
    const navigated = await series(options.runs, async () => {
      const sample = await afterNavigate(options, url);
      navigatePhases.push(sample.timing);
      return sample.ms;
    });
    const oneShotPhases: Array<Partial<SnapshotTiming>> = [];
    const floorPhases: FloorPhases[] = [];
    const [oneShot, floor] = (await inTurn(
      options.runs,
      () => oneShotCall(['--json', 'snapshot', url], env, options, oneShotPhases),
      async () => {
        const { ms, stdout } = await runProcess([`${HERE}bare-one-shot.js`, url, CHROME], { ...env, SIGHTLINE_BARE_FLAGS: JSON.stringify(CHROMIUM_BASE_FLAGS), SIGHTLINE_BARE_QUIET_MS: String(ONE_SHOT_QUIET_MS) }, options.timeoutMs);
        const { launch_ms, load_ms, visit_ms, layout_ms, quiet_ms, stop_ms } = JSON.parse(stdout) as FloorPhases;
        floorPhases.push({ launch_ms, load_ms, visit_ms, layout_ms, quiet_ms, stop_ms });
        return ms;
      },
    )) as [Stat, Stat];
    const warm = await warmOneShots(url, env, options);
    const playwright = await series(options.runs, async () => (await runProcess([`${HERE}playwright-one-shot.js`, url, CHROME], env, options.timeoutMs)).ms);
    const peer = playwright.status === 'ok' ? playwright.median_ms : playwright.status === 'timeout' ? options.timeoutMs : null;
    const row: FirstSnapshotRow = {
      size,
      load_without: loadWithout_,
      load_with: loadWith_,
      first,
      first_phases: medianPhases(phases),
      second: stat(secondRuns),
      after_navigate: navigated,
      after_navigate_phases: medianPhases(navigatePhases),
      one_shot: oneShot,
      one_shot_phases: medianPhases(oneShotPhases),
      one_shot_floor: floor,
      one_shot_floor_phases: medianPhases(floorPhases),
      playwright_one_shot: playwright,
      one_shot_ratio: ratioTo(oneShot, peer),
      one_shot_ratio_upper_bound: playwright.status === 'timeout',
      one_shot_warm: warm.runs,
      one_shot_warm_start: warm.start,
      one_shot_warm_phases: warm.phases,
      one_shot_warm_ratio: ratioTo(warm.runs, peer),
    };
    if (size >= 100_000 && process.platform === 'linux') row.memory = await memoryRow(options, url).catch(() => undefined);
    options.log(
      `[first ${size}] load ${row.load_without.median_ms} / with Sightline ${row.load_with.median_ms} ms · first snapshot ${row.first.median_ms} ms (second ${row.second.median_ms}, ${AGENT_TURN_MS / 1000} s after navigate ${navigated.median_ms}) · one-shot ${row.one_shot.median_ms} ms (floor ${floor.median_ms} ms, warm ${warm.runs.median_ms} ms, ratio ${row.one_shot_warm_ratio ?? 'n/a'}) vs Playwright ${playwright.status === 'ok' ? `${playwright.median_ms} ms` : playwright.status} (ratio ${row.one_shot_ratio ?? 'n/a'})${row.memory ? ` · peak RSS node ${row.memory.node_peak_mb} MB, renderer ${row.memory.renderer_peak_mb} MB` : ''}`,
    );
    rows.push(row);
  }
  return rows;
}
