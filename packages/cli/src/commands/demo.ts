import type { ActionRef, Failure, SemanticSnapshotResponse, SnapshotResponse } from '@sightline/semantic-core';
import type { CliIo } from '../cli-io.js';
import { formatResult } from '../format/format-result.js';
import { paletteFor } from '../format/palette.js';
import { exitCodeFor, formatFailure, isFailure } from '../format/result-text.js';
import { pickTab } from '../mapping/session-state.js';
import type { GlobalOptions } from '../program/emit.js';
import { withProgress } from '../ui/progress.js';
import { withInProcessDriver } from './in-process.js';

const DEMO_SESSION = 'sightline-demo';
export const DEFAULT_DEMO_REPLY = 'Thanks Dana, the numbers look good. See you Thursday.';

export interface DemoOptions {
  text: string;
  headed: boolean;
}

/** Finds the visible action ref with this role and name (hidden look-alikes never reach a default read). */
export function findRef(snapshot: SemanticSnapshotResponse, role: string, name: string): ActionRef | undefined {
  return snapshot.refs.find((ref) => ref.role === role && ref.name === name);
}

/** A semantic_v2 answer (what the demo asks for), not a refusal or error. */
function isSemantic(answer: SnapshotResponse | Failure): answer is SemanticSnapshotResponse {
  return answer.status === 'ok' && answer.snapshot.format === 'semantic_v2';
}

/** The outline lines that carry the confirmation the page shows after sending. */
export function confirmationLines(outline: string): string[] {
  return outline
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /reply sent/i.test(line));
}

/**
 * `sightline demo`: the main job end to end against the bundled fixture mail app — serve it,
 * launch a managed Chromium, print the ranked snapshot, type a reply and press Send through refs,
 * then read the confirmation back from a follow-up snapshot.
 */
export async function runDemo(io: CliIo, globals: GlobalOptions, options: DemoOptions): Promise<number> {
  const { startDemoServer } = await import('@sightline/demo-app');
  const fixture = await startDemoServer();
  const out = paletteFor(io.stdout, io.env);
  const context = { palette: out, session: DEMO_SESSION, moreHint: 'sightline open <url> && sightline snapshot --more' };
  const steps: unknown[] = [];
  const say = (text: string): void => {
    if (!globals.json) io.stdout.write(`${text}\n`);
  };
  const fail = (result: unknown): number => {
    if (globals.json) io.stdout.write(`${JSON.stringify({ status: 'failed', steps: [...steps, result] }, null, 2)}\n`);
    if (isFailure(result)) io.stderr.write(`${formatFailure(result, paletteFor(io.stderr, io.env))}\n`);
    else io.stderr.write(`${String((result as { message?: string }).message ?? 'the demo failed')}\n`);
    return exitCodeFor(result) || 1;
  };

  try {
    return await withInProcessDriver(async (driver) => {
      say(out.bold(`1. sightline serves the fixture mail app at ${fixture.urls.app} and launches Chromium`));
      const bind = await withProgress(
        io.stderr,
        'starting Chromium',
        driver.bind({ session: DEMO_SESSION, launch: { url: fixture.urls.app, headless: !options.headed } }),
      );
      steps.push(bind);
      if (bind.status !== 'ok') return fail(bind);
      const tabId = pickTab(bind.tabs);
      const address = { session: DEMO_SESSION, target_id: bind.target_id, tab_id: tabId };

      const snapshot = await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' });
      steps.push(snapshot);
      if (!isSemantic(snapshot)) return fail(snapshot);
      say(out.bold('\n2. the ranked, budgeted snapshot (what is on screen first; hidden bulk only counted):'));
      say(formatResult(snapshot, context));

      const reply = findRef(snapshot, 'textbox', 'Reply body');
      const send = findRef(snapshot, 'button', 'Send');
      if (!reply || !send) {
        return fail({ message: 'the snapshot has no visible "Reply body" textbox or "Send" button; the fixture or the ranking changed' });
      }
      say(
        out.bold(`\n3. type into ${reply.ref} (textbox "Reply body") and click ${send.ref} (button "Send")`) +
          out.dim(` — ${snapshot.snapshot.omitted.css_hidden} hidden controls were skipped, none of them crowd these out`),
      );
      const typed = await driver.type({ ...address, ref: reply.ref, text: options.text, replace: true });
      steps.push(typed);
      if (exitCodeFor(typed) !== 0) return fail(typed);
      say(formatResult(typed, context));
      const clicked = await driver.click({ ...address, ref: send.ref });
      steps.push(clicked);
      if (exitCodeFor(clicked) !== 0) return fail(clicked);
      say(formatResult(clicked, context));

      const check = await driver.snapshot({ ...address, snapshot_format: 'semantic_v2', query: 'Reply sent' });
      steps.push(check);
      if (!isSemantic(check)) return fail(check);
      const confirmation = confirmationLines(check.outline);
      if (confirmation.length === 0) {
        return fail({ message: 'the page shows no "Reply sent" confirmation after Send; the click did not reach the page' });
      }
      say(out.bold('\n4. the page confirms, read back through a follow-up snapshot (--query "Reply sent"):'));
      for (const line of confirmation) say(`${out.green('✓')} ${line}`);
      await driver.endSession({ session: DEMO_SESSION });
      if (globals.json) io.stdout.write(`${JSON.stringify({ status: 'ok', mode: 'demo', confirmation, steps }, null, 2)}\n`);
      else say(out.dim('\nTry it on any page: sightline open <url> && sightline snapshot'));
      return 0;
    });
  } finally {
    await fixture.close();
  }
}
