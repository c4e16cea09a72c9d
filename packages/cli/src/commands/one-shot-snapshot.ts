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

/** A session name for the one-shot run that cannot collide with a daemon session. */
const ONE_SHOT_SESSION = 'sightline-one-shot';

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
): Promise<number> {
  const result = await withInProcessDriver(async (driver) => {
    const bind = (await withProgress(
      io.stderr,
      'starting Chromium',
      driver.bind({ session: ONE_SHOT_SESSION, launch: { ...launch, url: normalizeUrl(url) } }),
    )) as { status: string; target_id?: string; tabs?: Array<{ tab_id: string; url: string; title: string; active: boolean | null }> };
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
    return snapshot;
  });
  // The continuation dies with the browser, so the footer points at a persistent session instead.
  const moreHint = `sightline open ${normalizeUrl(url)} && sightline snapshot --more`;
  return emitResult(io, globals, result, (value) =>
    formatResult(value, { palette: paletteFor(io.stdout, io.env), session: globals.session, moreHint }),
  );
}
