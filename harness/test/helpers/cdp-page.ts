import CDP from 'chrome-remote-interface';
import { FIXTURE_JOURNAL_EXPRESSION, parseFixtureJournal, type JournalEntry, type TestChromium } from '../../src/index.js';

/** A page target with its own CDP client, for the harness's own browser tests. */
export interface CdpPage {
  client: CDP.Client;
  targetId: string;
  /** Evaluate in the page's main world and return the value (promises awaited). */
  evaluate<T>(expression: string): Promise<T>;
  /** Navigate and wait for the load event (which waits for every frame, OOPIFs included). */
  navigate(url: string): Promise<void>;
  /** The page's journal entries, parsed. */
  journal(): Promise<JournalEntry[]>;
  close(): Promise<void>;
}

export async function openCdpPage(chromium: TestChromium, url?: string): Promise<CdpPage> {
  const browser = await CDP({ target: chromium.wsEndpoint });
  let targetId: string;
  try {
    ({ targetId } = await browser.Target.createTarget({ url: 'about:blank' }));
  } finally {
    await browser.close();
  }
  const client = await CDP({ host: '127.0.0.1', port: chromium.port, target: targetId });
  await client.Page.enable();
  await client.Runtime.enable();
  await client.Emulation.setDeviceMetricsOverride({ width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });

  const evaluate = async <T>(expression: string): Promise<T> => {
    const result = await client.Runtime.evaluate({ expression, returnByValue: true, awaitPromise: true });
    if (result.exceptionDetails) {
      throw new Error(`evaluate failed: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
    }
    return result.result.value as T;
  };
  const navigate = async (target: string): Promise<void> => {
    const loaded = client.Page.loadEventFired();
    const { errorText } = await client.Page.navigate({ url: target });
    if (errorText) throw new Error(`navigation to ${target} failed: ${errorText}`);
    await loaded;
  };
  const page: CdpPage = {
    client,
    targetId,
    evaluate,
    navigate,
    journal: async () => parseFixtureJournal(await evaluate<string>(FIXTURE_JOURNAL_EXPRESSION)),
    close: async () => {
      await client.close();
      await CDP.Close({ host: '127.0.0.1', port: chromium.port, id: targetId });
    },
  };
  if (url) await navigate(url);
  return page;
}

/** Poll `read` until `accept` holds or the timeout passes; returns the last value read. */
export async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
