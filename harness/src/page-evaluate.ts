import CDP from 'chrome-remote-interface';

/**
 * Test-only side channels into a page, outside Sightline: what the fixture apps recorded, read
 * straight from the browser's own DevTools port.
 */

/** Runs `expression` in the main world of the first page tab whose URL starts with `urlPrefix`. */
export async function evaluateInPage(port: number, urlPrefix: string, expression: string): Promise<unknown> {
  const targets = await CDP.List({ host: '127.0.0.1', port });
  const target = targets.find((t) => t.type === 'page' && t.url.startsWith(urlPrefix));
  if (!target) throw new Error(`no page at ${urlPrefix} in ${JSON.stringify(targets.map((t) => t.url))}`);
  const client = await CDP({ host: '127.0.0.1', port, target: target.id });
  try {
    const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.text);
    return result.value;
  } finally {
    await client.close();
  }
}

/** One user action the fixture recorded (`{ type: 'send', text: … }`, …). */
export type JournalEntry = Record<string, unknown>;

/**
 * The expression that reads a fixture page's journal: the demo app and the generated pages keep
 * one JSON object per user action, a line each, in `<pre id="sightline-journal">`.
 */
export const FIXTURE_JOURNAL_EXPRESSION = "document.getElementById('sightline-journal').textContent";

/** Parses the journal's text (null or empty: no entries). */
export function parseFixtureJournal(text: unknown): JournalEntry[] {
  return String(text ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JournalEntry);
}

/** The journal of the first page tab whose URL starts with `urlPrefix`. */
export async function readFixtureJournal(port: number, urlPrefix: string): Promise<JournalEntry[]> {
  return parseFixtureJournal(await evaluateInPage(port, urlPrefix, FIXTURE_JOURNAL_EXPRESSION));
}
