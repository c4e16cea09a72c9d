#!/usr/bin/env node
// Issue 16: bundles the launcher entry (dist/src/launch-entry.js: the managed-Chromium launch and
// the head start, with the few core modules they need) into one ES module,
// dist/src/launch/launch.bundle.js, exported as `@sightline/cdp-transport/launch`. A one-shot
// imports it before anything else to start Chromium: one module instead of a dozen resolved and
// compiled one by one (~12–19 ms instead of ~45–72 ms on the 2-core machine), so the browser starts
// that much sooner. It sits beside watchdog.js, which the launcher finds next to itself; the Driver's
// bundle (@sightline/runtime) loads the launcher from this same entry, so both share its exit hooks.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  entryPoints: [`${root}dist/src/launch-entry.js`],
  outfile: `${root}dist/src/launch/launch.bundle.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifySyntax: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
