import CDP from 'chrome-remote-interface';
import { expect } from 'vitest';
import { waitFor } from '../../helpers/cdp-page.js';
import { Driver, type ActionRef, type ContentRef, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { FIXTURE_JOURNAL_EXPRESSION, launchTestChromium, parseFixtureJournal, startFixtureServer, type FixtureServer, type JournalEntry, type TestChromium } from '../../../src/index.js';
import { startCdpRecorder, type CdpRecorder } from './actions-recorder.js';

/**
 * The action rows' fixture: the mail app server, one headless Chromium, a CDP recorder on the
 * wire, and a Driver bound through the recorder (explicit route). Every action goes through the
 * Driver; the journal is read over a separate CDP connection of the test's own.
 */
export interface ActionsFixture {
  server: FixtureServer;
  chromium: TestChromium;
  recorder: CdpRecorder;
  driver: Driver;
  /** `{session, target_id, tab_id}` of the bound tab. */
  address: { session: string; target_id: string; tab_id: string };
  /** Opens `url` in the bound tab through the Driver (`browser_navigate`). */
  open(url: string): Promise<void>;
  snapshot(extra?: Record<string, unknown>): Promise<SemanticSnapshotResponse>;
  /** The page's journal entries (test-only side channel, not through Sightline). */
  journal(): Promise<JournalEntry[]>;
  /** Evaluates in the page's main world (test-only side channel). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export async function startActionsFixture(session = 'actions'): Promise<ActionsFixture> {
  const server = await startFixtureServer();
  const chromium = await launchTestChromium();
  const recorder = await startCdpRecorder(chromium.wsEndpoint);
  const driver = new Driver({ transport: new CdpBrowserTransport() });
  const bound = await driver.bind({ session, cdp_url: recorder.endpoint });
  if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
  const tab = bound.tabs[0];
  if (!tab) throw new Error('no tab to act on');
  const address = { session, target_id: bound.target_id, tab_id: tab.tab_id };
  const tabKey = await pageTargetId(chromium);
  let side: CDP.Client | null = null;
  const evaluate = async <T>(expression: string): Promise<T> => {
    side ??= await CDP({ host: '127.0.0.1', port: chromium.port, target: tabKey });
    const { result, exceptionDetails } = await side.Runtime.evaluate({ expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`evaluate failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  };
  return {
    server,
    chromium,
    recorder,
    driver,
    address,
    async open(url) {
      const result = await driver.navigate({ ...address, url });
      if (result.status !== 'ok') throw new Error(`navigate failed: ${JSON.stringify(result)}`);
    },
    async snapshot(extra = {}) {
      const result = await driver.snapshot({ ...address, snapshot_format: 'semantic_v2', ...extra });
      if (result.status !== 'ok' || !('outline' in result)) throw new Error(`snapshot failed: ${JSON.stringify(result)}`);
      return result;
    },
    async journal() {
      return parseFixtureJournal(await evaluate<string>(FIXTURE_JOURNAL_EXPRESSION));
    },
    evaluate,
    async close() {
      await side?.close().catch(() => undefined);
      await driver.close();
      await recorder.close();
      await chromium.close();
      await server.close();
    },
  };
}

async function pageTargetId(chromium: TestChromium): Promise<string> {
  const targets = await CDP.List({ host: '127.0.0.1', port: chromium.port });
  const page = targets.find((t) => t.type === 'page');
  if (!page) throw new Error('no page target');
  return page.id;
}

/** The one action ref with this role and name (throws when there are none or several). */
export function refOf(snapshot: SemanticSnapshotResponse, role: string, name: string): ActionRef {
  const matches = snapshot.refs.filter((r) => r.role === role && r.name === name);
  if (matches.length !== 1) throw new Error(`expected one ${role} "${name}", found ${matches.length}: ${snapshot.refs.map((r) => `${r.role} "${r.name}"`).join(', ')}`);
  return matches[0]!;
}

export function contentRefOf(snapshot: SemanticSnapshotResponse, role: string, name: string): ContentRef {
  const matches = snapshot.content_refs.filter((r) => r.role === role && r.name === name);
  if (matches.length !== 1) throw new Error(`expected one content ${role} "${name}", found ${matches.length}`);
  return matches[0]!;
}

/** Journal entries without their sequence numbers. */
export function withoutSeq(entries: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return entries.map(({ seq: _seq, ...rest }) => rest);
}

/** Poll until accepted (the helpers' `waitFor`, under the name the action specs use). */
export { waitFor as waitUntil } from '../../helpers/cdp-page.js';

/**
 * The whole journal is one trusted typing of `text` into "Reply body", one trusted click on "Send"
 * and one send of `text`, and the page says the reply was sent with `text`'s length.
 */
export async function expectOneReplySent(f: ActionsFixture, text: string): Promise<void> {
  const journal = withoutSeq(await waitFor(() => f.journal(), (entries) => entries.some((entry) => entry.type === 'send')));
  expect(journal).toEqual([
    { type: 'type', target: 'Reply body', value: text, trusted: true },
    { type: 'click', target: 'Send', trusted: true },
    { type: 'send', text },
  ]);
  expect(await f.evaluate<string>("document.getElementById('send-status').textContent")).toBe(`Reply sent (${text.length} characters)`);
}
