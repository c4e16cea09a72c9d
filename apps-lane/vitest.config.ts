import { defineConfig } from 'vitest/config';
import LaneReporter from './src/lane-reporter.js';

export default defineConfig({
  test: {
    // One file per app; each file starts its own app server(s) and one headless Chromium.
    include: ['test/**/*.apps.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two at once on a 2-core machine: the apps' own servers (node-red) need a core too.
    maxWorkers: 2,
    reporters: ['default', new LaneReporter()],
  },
});
