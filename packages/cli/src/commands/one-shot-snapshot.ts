import { ONE_SHOT_QUIET_MS, refusalResponse, type Driver } from '@sightline/semantic-core';
import type { CliIo } from '../cli-io.js';
import { normalizeUrl } from '../mapping/command-params.js';
import { isFailure } from '../format/result-text.js';
import { emitResult, type GlobalOptions } from '../program/emit.js';
import { withProgress } from '../ui/progress.js';
import { withInProcessDriver } from './in-process.js';
import { startBrowserEarly } from '../wiring/create-driver.js';
import { pickTab } from '../mapping/session-state.js';
import { formatResult } from '../format/format-result.js';
import { paletteFor } from '../format/palette.js';
import { timingRender } from '../format/timing-render.js';
import { withLaunchTiming } from '../mapping/launch-timing.js';
import { runDaemonCommand } from '../program/daemon-command.js';
import { WARM_ONE_SHOT_SESSION } from '../daemon/protocol.js';

/** A session name for the one-shot run that cannot collide with a daemon session. */
const ONE_SHOT_SESSION = 'sightline-one-shot';

/**
 * How a one-shot's answer prints: as a snapshot (with `--timing`, its phases). The continuation dies
 * with the one-shot's tab, so the footer points at a persistent session instead.
 */
function oneShotRender(io: CliIo, globals: GlobalOptions, url: string, display: { timing?: boolean }): (result: unknown, daemonMs?: number) => string {
  const moreHint = `sightline open ${normalizeUrl(url)} && sightline snapshot --more`;
  if (display.timing) return timingRender(io, globals, moreHint);
  const palette = paletteFor(io.stdout, io.env);
  return (value) => formatResult(value, { palette, session: globals.session, moreHint });
}

/**
 * `sightline snapshot <url>`: launch a managed Chromium, load the URL, print one snapshot, and
 * stop everything again. No daemon is involved.
 */
export async function runOneShotSnapshot(
  io: CliIo,
  globals: GlobalOptions,
  url: string,
  params: Record<string, unknown>,
  launch: Record<string, unknown>,
  display: { timing?: boolean } = {},
): Promise<number> {
  // Chromium (with the launch defaults) starts while the Driver loads, and the bind below takes it;
  // a launch asking for another mode or viewport would stop it and start its own.
  const headStart = await startBrowserEarly();
  const render = oneShotRender(io, globals, url, display);
  // Printed inside `work`, so before the driver is closed: stopping the browser (killing it and
  // deleting its profile, ~0.1 s after a 100k-element page) is not the reader's wait. The process
  // still exits only once that is done.
  return withInProcessDriver(async (driver) => emitResult(io, globals, await readOnce(io, driver, url, params, launch), render), { headStart });
}

/** Binds a launched Chromium at `url` and takes one snapshot: its answer, or the bind's failure. */
async function readOnce(io: CliIo, driver: Driver, url: string, params: Record<string, unknown>, launch: Record<string, unknown>): Promise<unknown> {
  const bind = (await withProgress(
    io.stderr,
    'starting Chromium',
    driver.bind({ session: ONE_SHOT_SESSION, launch: { quiet_ms: ONE_SHOT_QUIET_MS, ...launch, url: normalizeUrl(url) } }),
  )) as { status: string; target_id?: string; tabs?: Array<{ tab_id: string; url: string; title: string; active: boolean | null }>; timing_ms?: { launch: number; load_wait: number; warm_up?: number } };
  if (isFailure(bind) || bind.status !== 'ok') return bind;
  const tabId = pickTab(bind.tabs ?? []);
  if (!tabId) return refusalResponse('browser_tab_required', 'the launched browser opened no tab; try again');
  const snapshot = await withProgress(io.stderr, 'reading the page', driver.snapshot({ session: ONE_SHOT_SESSION, target_id: bind.target_id, tab_id: tabId, ...params }));
  return withLaunchTiming(snapshot, bind.timing_ms);
}

/**
 * `sightline snapshot <url> --warm` (issue 16): the same one-shot answered by the daemon (started
 * if none runs) from the warm browser it keeps for one-shots (daemon/warm-one-shot.ts), so only
 * the first call pays Chromium's launch. `sightline close --all` (or the daemon's idle exit) stops it.
 */
export async function runWarmOneShotSnapshot(
  io: CliIo,
  globals: GlobalOptions,
  url: string,
  params: Record<string, unknown>,
  display: { timing?: boolean } = {},
): Promise<number> {
  const render = oneShotRender(io, globals, url, display);
  return runDaemonCommand(io, { ...globals, session: WARM_ONE_SHOT_SESSION }, 'one_shot', { url: normalizeUrl(url), ...params }, { autoStart: true, progress: 'reading the page', render });
}
