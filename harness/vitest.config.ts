import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // *.test.ts: unit tests without a browser. *.spec.ts: browser E2E (real headless Chromium).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'test/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each browser spec file starts its own Chromium; on a 2-core machine more than two at once
    // only makes timing-sensitive rows flaky.
    maxWorkers: 2,
  },
});
