import { afterAll, beforeAll } from 'vitest';
import { launchTestChromium, startFixtureServer, type FixtureServer, type TestChromium } from '../../src/index.js';

/** One fixture server and one Chromium per test file, started in beforeAll and closed in afterAll. */
export function useBrowserFixture(): { server: () => FixtureServer; chromium: () => TestChromium } {
  let server: FixtureServer | undefined;
  let chromium: TestChromium | undefined;
  beforeAll(async () => {
    server = await startFixtureServer();
    chromium = await launchTestChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });
  return {
    server: () => {
      if (!server) throw new Error('fixture server not started');
      return server;
    },
    chromium: () => {
      if (!chromium) throw new Error('chromium not started');
      return chromium;
    },
  };
}
