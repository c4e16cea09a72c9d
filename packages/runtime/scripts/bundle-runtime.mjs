#!/usr/bin/env node
// Issue 16: bundles this package's entry with everything it loads (semantic-core, the CDP
// transport, chrome-remote-interface, ws, zod) into one ES module, dist/runtime.bundle.js, exported
// as `@sightline/runtime/bundled`. Loading the Driver that way takes about half the time of
// resolving and compiling a few hundred modules (~0.14 s instead of ~0.29 s on the 2-core machine),
// and a one-shot `sightline snapshot <url>` waits for it before its first CDP command.
//
// Kept outside the bundle, loaded from their packages at run time:
// - the platform adapters (optional dependencies, one per OS, some with native addons);
// - the managed-Chromium launcher (`@sightline/cdp-transport/launch`): it finds its watchdog
//   script next to itself, and a head start started before the bundle loaded must share the
//   launcher's process-exit hooks with the launches the bundled transport makes.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const launcherOutside = {
  name: 'launcher-outside',
  setup(build) {
    build.onResolve({ filter: /\/launch\/(managed-chrome|head-start)\.js$/ }, (args) =>
      args.importer.includes(`${'/'}cdp-transport${'/'}`) ? { path: '@sightline/cdp-transport/launch', external: true } : undefined,
    );
  },
};

await build({
  entryPoints: [`${root}dist/index.js`],
  outfile: `${root}dist/runtime.bundle.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'linked',
  external: ['@sightline/platform-linux', '@sightline/platform-macos', '@sightline/platform-windows'],
  // CommonJS dependencies (chrome-remote-interface, ws) call require() for Node built-ins.
  banner: { js: "import { createRequire as __sightlineRequire } from 'node:module'; const require = __sightlineRequire(import.meta.url);" },
  plugins: [launcherOutside],
  logLevel: 'warning',
});
