import { refusalResponse } from '@sightline/semantic-core';
import type { CliIo } from '../cli-io.js';
import { normalizeUrl } from '../mapping/command-params.js';
import { isFailure } from '../format/result-text.js';
import { emitResult, type GlobalOptions } from '../program/emit.js';
import { withProgress } from '../ui/progress.js';
import { withInProcessDriver } from './in-process.js';
import { pickTab } from '../mapping/session-state.js';
import { formatResult } from '../format/format-result.js';
import { paletteFor } from '../format/palette.js';
import { timingRender } from '../format/timing-render.js';
import { runDaemonCommand } from '../program/daemon-command.js';
import { WARM_ONE_SHOT_SESSION } from '../daemon/protocol.js';

/** A session name for the one-shot run that cannot collide with a daemon session. */
const ONE_SHOT_SESSION = 'sightline-one-shot';

/**
 * Issue 16: after the page is parsed and painted, a one-shot also waits until no request has
 * started or ended for this long (bounded by the transport), so late content is in the snapshot.
 */
const ONE_SHOT_QUIET_MS = 300;

/** The one-shot's `timing_ms` also says how long the launch and the page took (from the bind). */
function withLaunchTiming(snapshot: unknown, timing: { launch: number; load_wait: number } | undefined): unknown {
  const record = snapshot as { status?: string; timing_ms?: Record<string, number> };
  if (!timing || record.status !== 'ok' || !record.timing_ms) return snapshot;
  return { ...record, timing_ms: { ...record.timing_ms, launch: timing.launch, load_wait: timing.load_wait } };
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
  const result = await withInProcessDriver(async (driver) => {
    const bind = (await withProgress(
      io.stderr,
      'starting Chromium',
      driver.bind({ session: ONE_SHOT_SESSION, launch: { quiet_ms: ONE_SHOT_QUIET_MS, ...launch, url: normalizeUrl(url) } }),
    )) as { status: string; target_id?: string; tabs?: Array<{ tab_id: string; url: string; title: string; active: boolean | null }>; timing_ms?: { launch: number; load_wait: number } };
    if (isFailure(bind) || bind.status !== 'ok') return bind;
    const tabId = pickTab(bind.tabs ?? []);
    if (!tabId) {
      return refusalResponse('browser_tab_required', 'the launched browser opened no tab; try again');
    }
    const snapshot = await withProgress(
      io.stderr,
      'reading the page',
      driver.snapshot({ session: ONE_SHOT_SESSION, target_id: bind.target_id, tab_id: tabId, ...params }),
    );
    await driver.endSession({ session: ONE_SHOT_SESSION });
    return withLaunchTiming(snapshot, bind.timing_ms);
  });
  // The continuation dies with the browser, so the footer points at a persistent session instead.
  const moreHint = `sightline open ${normalizeUrl(url)} && sightline snapshot --more`;
  if (display.timing) return emitResult(io, globals, result, timingRender(io, globals, moreHint));
  return emitResult(io, globals, result, (value) =>
    formatResult(value, { palette: paletteFor(io.stdout, io.env), session: globals.session, moreHint }),
  );
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
  const moreHint = `sightline open ${normalizeUrl(url)} && sightline snapshot --more`;
  const palette = paletteFor(io.stdout, io.env);
  const render = display.timing
    ? timingRender(io, globals, moreHint)
    : (value: unknown): string => formatResult(value, { palette, session: globals.session, moreHint });
  return runDaemonCommand(io, { ...globals, session: WARM_ONE_SHOT_SESSION }, 'one_shot', { url: normalizeUrl(url), ...params }, { autoStart: true, progress: 'reading the page', render });
}
