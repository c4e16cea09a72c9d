#!/usr/bin/env node
// What the renderer's main thread does during a cold one-shot (issue 16): runs the bundled CLI's
// `sightline --json snapshot <generated inbox url>` against a Chromium that records a startup trace,
// then prints the page's milestones and every main-thread task over 15 ms (parse, render with its
// style / layout / pre-paint / paint parts, script called over CDP, garbage collection).
//   pnpm build && pnpm --filter @sightline/harness build
//   node packages/cdp-transport/scripts/trace-one-shot.mjs [size=100000] [--seconds=12]
// Linux and macOS (a shell wrapper for $SIGHTLINE_CHROME). The traced Chromium runs in a session of
// its own so the one-shot's stop does not cut the trace short; this script stops it once the trace is
// written (`--seconds` after its start: longer than the one-shot). Only event names and times are read.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromeExecutable } from '../dist/src/launch/chrome-executable.js';
import { startFixtureServer } from '../../../harness/dist/index.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const size = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 100_000);
const seconds = Number(/^--seconds=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--seconds=')) ?? '')?.[1] ?? 12);
const CATEGORIES = 'toplevel,v8,blink,loading,devtools.timeline,disabled-by-default-devtools.timeline';

const chrome = findChromeExecutable();
const dir = mkdtempSync(join(tmpdir(), 'sightline-trace-'));
const traceFile = join(dir, 'trace.json');
const pidFile = join(dir, 'browser.pid');
/** The profile the one-shot's launcher gave the traced browser (swept by it before this script kills the browser, which writes it again). */
const profileFile = join(dir, 'browser.profile');
const wrapper = join(dir, 'chromium-traced.sh');
const detach = spawnSync('sh', ['-c', 'command -v setsid'], { encoding: 'utf8' }).stdout.trim() ? 'setsid ' : '';
writeFileSync(
  wrapper,
  `#!/bin/sh\nfor arg in "$@"; do case "$arg" in --user-data-dir=*) echo "\${arg#--user-data-dir=}" > "${profileFile}";; esac; done\n${detach}"${chrome}" "$@" --trace-startup=${CATEGORIES} --trace-startup-file="${traceFile}" --trace-startup-format=json --trace-startup-duration=${seconds} &\necho $! > "${pidFile}"\nwait\n`,
);
chmodSync(wrapper, 0o755);

const server = await startFixtureServer();
try {
  const url = server.inboxUrl(size);
  const started = performance.now();
  const cli = spawn(process.execPath, [join(root, 'packages/cli/dist/cli.bundle.cjs'), '--json', 'snapshot', url], {
    env: { ...process.env, SIGHTLINE_CHROME: wrapper },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  cli.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => cli.on('close', resolve));
  const wall = performance.now() - started;
  const answer = JSON.parse(out);
  console.log(`one-shot inbox ${size.toLocaleString('en')}: wall ${Math.round(wall)} ms; timing_ms ${JSON.stringify(answer.timing_ms)}`);

  const trace = await readTrace(traceFile, (seconds + 20) * 1000);
  printTimeline(trace);
} finally {
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    for (const target of detach ? [-pid, pid] : [pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  await server.close();
  if (existsSync(profileFile)) {
    const profile = readFileSync(profileFile, 'utf8').trim();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}

/** The trace once Chromium has written all of it (it parses). */
async function readTrace(file, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')).traceEvents;
      } catch {
        // Still being written.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no complete trace in ${file} after ${timeoutMs} ms`);
}

function printTimeline(events) {
  const threadNames = new Map();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
  // A loop, not Math.min(...): a trace holds more events than a call's arguments may.
  let origin = Infinity;
  for (const event of events) if (event.ts > 0 && event.ts < origin) origin = event.ts;
  const at = (ts) => Math.round((ts - origin) / 1000);
  // The busiest renderer main thread is the page's.
  const busy = new Map();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && threadNames.get(key) === 'CrRendererMain') busy.set(key, (busy.get(key) ?? 0) + event.dur);
  }
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('the trace has no renderer main thread');
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main).sort((a, b) => a.ts - b.ts);

  console.log('\nmilestones (ms since the browser started tracing):');
  const milestones = new Set();
  for (const event of onMain) {
    // Nested trace scopes repeat an event: one line per name and time.
    if (['DocumentLoader::CommitNavigation', 'firstContentfulPaint', 'MarkDOMContent', 'MarkLoad'].includes(event.name)) milestones.add(`  ${String(at(event.ts)).padStart(6)}  ${event.name}`);
  }
  for (const line of milestones) console.log(line);

  console.log('\nmain-thread tasks over 15 ms:');
  const allTasks = onMain.filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask');
  let lastCdpEnd = 0;
  for (const task of allTasks.filter((event) => event.dur > 15_000)) {
    const inside = onMain.filter((event) => event.ph === 'X' && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + task.dur);
    const sum = (...names) => Math.round(inside.filter((event) => names.includes(event.name)).reduce((ms, event) => ms + event.dur, 0) / 1000);
    const share = (ms) => ms > task.dur / 2000;
    const render = sum('WebFrameWidgetImpl::UpdateLifecycle');
    const cdp = share(sum('Receive mojo message') - render);
    if (cdp) lastCdpEnd = task.ts + task.dur;
    const kind = share(render)
      ? `render (style ${sum('Blink.Style.UpdateTime')}, layout ${sum('Blink.Layout.UpdateTime')}, pre-paint ${sum('Blink.PrePaint.UpdateTime')}, paint ${sum('Blink.Paint.UpdateTime')})`
      : share(sum('ParseHTML'))
        ? 'parse'
        : cdp
          ? `script called over CDP (forced style and layout ${sum('Document::UpdateStyleAndLayout')})`
          : 'other';
    const gc = sum('MinorGC', 'MajorGC');
    console.log(`  ${String(at(task.ts)).padStart(6)} ${String(Math.round(task.dur / 1000)).padStart(6)} ms  ${kind}${gc ? `, gc ${gc}` : ''}`);
  }

  // From the page's commit (the last before its first contentful paint) to the end of the last
  // script called over CDP (the snapshot's call): how much of it the main thread ran tasks.
  const paint = onMain.find((event) => event.name === 'firstContentfulPaint');
  const commit = onMain.filter((event) => event.name === 'DocumentLoader::CommitNavigation' && (!paint || event.ts <= paint.ts)).at(-1);
  if (!commit || lastCdpEnd <= commit.ts) return;
  let busyUs = 0;
  let covered = commit.ts;
  for (const task of allTasks) {
    const from = Math.max(task.ts, covered);
    const to = Math.min(task.ts + task.dur, lastCdpEnd);
    if (to > from) busyUs += to - from;
    covered = Math.max(covered, to);
  }
  const spanUs = lastCdpEnd - commit.ts;
  console.log(`\nfrom the page's commit to the end of the snapshot's call: ${Math.round(spanUs / 1000)} ms, the main thread busy ${Math.round(busyUs / 1000)} ms (${Math.round((100 * busyUs) / spanUs)}%)`);
}
