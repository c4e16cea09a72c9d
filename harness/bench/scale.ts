/**
 * `bench --scale` (issue 17): many users on one MCP server. Two rows, each against a fresh
 * `sightline-mcp --http` process (so its memory is its own):
 *
 * - **sessions**: N MCP sessions over Streamable HTTP, each bound by `cdp_url` to one Chromium and
 *   snapshotting its own tab of the mail app in a loop; throughput against one session alone,
 *   latency percentiles, errors, and whether any session's call was accepted on another's tab.
 * - **launches**: N sessions that each `launch` a browser at once (the launch queue); how many
 *   bound, were refused or failed, time to the last bind; then all ended at once, with the
 *   server's answer time to a `tools/list` meanwhile, and browsers left afterwards.
 *
 * Both record the server process's peak RSS (sampled every 100 ms, and the kernel's VmHWM).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import CDP from 'chrome-remote-interface';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { launchTestChromium, startFixtureServer } from '@sightline/harness';
import { sampleRss, startMcpServerProcess } from './mcp-server-process.js';

export interface LatencySeries {
  snapshots: number;
  wall_ms: number;
  per_s: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  errors: number;
  /** Highest RSS of the server process sampled during the series (MB). */
  rss_peak_mb: number;
}

export interface SessionsRow {
  sessions: number;
  snapshots_per_session: number;
  page: string;
  single: LatencySeries;
  concurrent: LatencySeries;
  /** concurrent.per_s ÷ single.per_s. */
  throughput_ratio: number;
  /** Calls of one session naming another session's target and tab that were answered ok (must be 0). */
  cross_session_accepted: number;
  /** The server process's lifetime peak RSS (VmHWM, MB). */
  server_hwm_mb: number;
  /** Server RSS before the first bind (MB). */
  server_idle_mb: number;
}

export interface LaunchesRow {
  launches: number;
  bound: number;
  refused: Record<string, number>;
  errors: string[];
  /** From the moment all were sent to each bind's answer (ms). */
  first_bind_ms: number | null;
  last_bind_ms: number | null;
  bind_p50_ms: number | null;
  bind_p95_ms: number | null;
  rss_peak_mb: number;
  server_hwm_mb: number;
  /** Ending every launched session at once, until the last end_session answered (ms). */
  end_all_ms: number;
  /** The slowest `tools/list` answer while they were being ended (ms): how long the server stalled. */
  ping_during_end_max_ms: number;
  /** One `tools/list` just before (ms), for comparison. */
  ping_before_end_ms: number;
  /** Browser processes of these launches still running after the ends (waited for up to 30 s). */
  browsers_left: number;
}

export interface ScaleResults {
  generated_at: string;
  machine: { cpus: number; cpu_model: string; load_before: number[]; load_after: number[]; node: string };
  sessions: SessionsRow | { error: string };
  launches: LaunchesRow | { error: string };
  duration_s: number;
}

const CALL_TIMEOUT_MS = 600_000;

type Call = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

function caller(client: Client): Call {
  return async (name, args) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
    return (result.structuredContent ?? { status: 'error', error: { message: 'no structured content' } }) as Record<string, unknown>;
  };
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const round = (value: number): number => Math.round(value * 10) / 10;
const loads = (): number[] => loadavg().map((load) => Math.round(load * 100) / 100);

export async function runScaleRows(options: { sessions: number; snapshots: number; launches: number }): Promise<ScaleResults> {
  const started = performance.now();
  const loadBefore = loads();
  console.log(`sightline bench --scale: load average ${loadBefore.join(' ')} on ${cpus().length} cores`);
  const sessions = await sessionsRow(options.sessions, options.snapshots).catch((error: unknown) => ({ error: (error as Error).message }));
  console.log(`  sessions: ${JSON.stringify(sessions)}`);
  const launches = await launchesRow(options.launches).catch((error: unknown) => ({ error: (error as Error).message }));
  console.log(`  launches: ${JSON.stringify(launches)}`);
  return {
    generated_at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? 'unknown', load_before: loadBefore, load_after: loads(), node: process.version },
    sessions,
    launches,
    duration_s: Math.round((performance.now() - started) / 1000),
  };
}

async function sessionsRow(count: number, perSession: number): Promise<SessionsRow> {
  const fixture = await startFixtureServer();
  const chromium = await launchTestChromium();
  const server = await startMcpServerProcess();
  const clients: Client[] = [];
  try {
    // One tab per session, each at its own URL (the query only tells them apart).
    const urls = Array.from({ length: count }, (_, i) => `${fixture.urls.app}?tab=${i}`);
    const side = await CDP({ target: chromium.wsEndpoint });
    try {
      for (const url of urls) await side.Target.createTarget({ url });
    } finally {
      await side.close();
    }
    const idle = server.rssMb()?.now ?? 0;
    for (let i = 0; i < count; i++) clients.push(await server.client(`scale-${i}`));
    const calls = clients.map(caller);
    const addresses = await Promise.all(
      calls.map(async (call, i) => {
        const bound = await call('get_browser_state', { session: `scale-${i}`, cdp_url: chromium.httpEndpoint });
        if (bound.status !== 'ok') throw new Error(`bind ${i}: ${JSON.stringify(bound)}`);
        const tab = (bound.tabs as Array<{ tab_id: string; url: string }>).find((candidate) => candidate.url === urls[i]);
        if (!tab) throw new Error(`tab ${urls[i]} not listed`);
        return { session: `scale-${i}`, target_id: bound.target_id as string, tab_id: tab.tab_id };
      }),
    );
    const snapshot = (i: number) => calls[i]!('get_browser_state', { ...addresses[i]!, snapshot_format: 'semantic_v2' });
    // Warm-up: every tab loaded and read once (untimed).
    await Promise.all(addresses.map(async (_, i) => {
      for (let attempt = 0; (await snapshot(i)).status !== 'ok'; attempt++) if (attempt > 20) throw new Error(`session ${i} never snapshots ok`);
    }));

    const series = async (who: number[]): Promise<LatencySeries> => {
      const latencies: number[] = [];
      let errors = 0;
      const stopRss = sampleRss(() => server.rssMb());
      const t0 = performance.now();
      await Promise.all(
        who.map(async (i) => {
          for (let n = 0; n < perSession; n++) {
            const s = performance.now();
            const answer = await snapshot(i).catch((error: unknown) => ({ status: 'thrown', error: String(error) }));
            latencies.push(performance.now() - s);
            if (answer.status !== 'ok') errors++;
          }
        }),
      );
      const wall = performance.now() - t0;
      return {
        snapshots: latencies.length,
        wall_ms: Math.round(wall),
        per_s: round((latencies.length / wall) * 1000),
        p50_ms: Math.round(percentile(latencies, 0.5)),
        p95_ms: Math.round(percentile(latencies, 0.95)),
        max_ms: Math.round(Math.max(...latencies)),
        errors,
        rss_peak_mb: stopRss(),
      };
    };
    const single = await series([0]);
    console.log(`  sessions: single ${JSON.stringify(single)}`);
    const concurrent = await series(addresses.map((_, i) => i));
    console.log(`  sessions: ${count} at once ${JSON.stringify(concurrent)}`);

    // Each session names the next one's target and tab: every such call must be refused.
    let accepted = 0;
    await Promise.all(
      addresses.map(async (_, i) => {
        const other = addresses[(i + 1) % count]!;
        const answer = await calls[i]!('get_browser_state', { session: `scale-${i}`, target_id: other.target_id, tab_id: other.tab_id, snapshot_format: 'semantic_v2' });
        if (answer.status === 'ok') accepted++;
      }),
    );
    await Promise.all(calls.map((call, i) => call('end_session', { session: `scale-${i}` })));
    return {
      sessions: count,
      snapshots_per_session: perSession,
      page: 'mail app',
      single,
      concurrent,
      throughput_ratio: round(concurrent.per_s / single.per_s),
      cross_session_accepted: accepted,
      server_hwm_mb: server.rssMb()?.peak ?? 0,
      server_idle_mb: idle,
    };
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
    await server.stop();
    await chromium.close();
    await fixture.close();
  }
}

async function launchesRow(count: number): Promise<LaunchesRow> {
  const fixture = await startFixtureServer();
  // The server's fresh profiles go under a directory of this row's own (os.tmpdir() reads TMPDIR).
  const parent = mkdtempSync(join(tmpdir(), 'sl-bench-launches-'));
  const server = await startMcpServerProcess({ TMPDIR: parent, SIGHTLINE_CHROME: process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium' });
  const clients: Client[] = [];
  try {
    for (let i = 0; i <= count; i++) clients.push(await server.client(`launch-${i}`));
    const calls = clients.map(caller);
    const ping = clients[count]!;
    const stopRss = sampleRss(() => server.rssMb());
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const answer: Record<string, unknown> = await calls[i]!('get_browser_state', { session: `launch-${i}`, launch: { url: fixture.urls.app } }).catch((error: unknown) => ({
          status: 'thrown',
          error: { message: String(error) },
        }));
        return { ms: performance.now() - t0, answer };
      }),
    );
    const rssPeak = stopRss();
    const boundAt = answers.filter((entry) => entry.answer.status === 'ok').map((entry) => entry.ms);
    const refused: Record<string, number> = {};
    const errors: string[] = [];
    for (const { answer } of answers) {
      if (answer.status === 'refused') {
        const code = (answer.refusal as { code: string }).code;
        refused[code] = (refused[code] ?? 0) + 1;
      } else if (answer.status !== 'ok') {
        errors.push(String((answer.error as { message?: string } | undefined)?.message ?? JSON.stringify(answer)).slice(0, 200));
      }
    }
    console.log(`  launches: ${boundAt.length}/${count} bound, last after ${Math.round(Math.max(0, ...boundAt))} ms`);

    // End them all at once while another client keeps asking for the tool list.
    const p0 = performance.now();
    await ping.listTools();
    const pingIdle = performance.now() - p0;
    let ending = true;
    let slowestPing = 0;
    const pinging = (async () => {
      while (ending) {
        const s = performance.now();
        await ping.listTools();
        slowestPing = Math.max(slowestPing, performance.now() - s);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const e0 = performance.now();
    await Promise.all(Array.from({ length: count }, (_, i) => calls[i]!('end_session', { session: `launch-${i}` })));
    const endAll = performance.now() - e0;
    ending = false;
    await pinging;
    let left = browsersUnder(parent).length;
    for (let waited = 0; left > 0 && waited < 30_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = browsersUnder(parent).length;
    }
    return {
      launches: count,
      bound: boundAt.length,
      refused,
      errors,
      first_bind_ms: boundAt.length ? Math.round(Math.min(...boundAt)) : null,
      last_bind_ms: boundAt.length ? Math.round(Math.max(...boundAt)) : null,
      bind_p50_ms: boundAt.length ? Math.round(percentile(boundAt, 0.5)) : null,
      bind_p95_ms: boundAt.length ? Math.round(percentile(boundAt, 0.95)) : null,
      rss_peak_mb: rssPeak,
      server_hwm_mb: server.rssMb()?.peak ?? 0,
      end_all_ms: Math.round(endAll),
      ping_during_end_max_ms: Math.round(slowestPing),
      ping_before_end_ms: Math.round(pingIdle),
      browsers_left: left,
    };
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
    await server.stop();
    await fixture.close();
    rmSync(parent, { recursive: true, force: true });
  }
}

/** Processes started with a --user-data-dir under `parent` (Linux /proc). */
function browsersUnder(parent: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').some((arg) => arg.startsWith(`--user-data-dir=${parent}`))) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
