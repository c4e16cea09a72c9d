#!/usr/bin/env node
// Bundles the `sightline` client (src/bin.ts and everything it imports statically: commander, the
// formatters, the daemon client, the few contract constants of semantic-core) into one CommonJS
// file, dist/cli.bundle.cjs, so a CLI call costs little more than starting Node instead of resolving
// and compiling a few hundred modules. CommonJS because Node 20 sets up its ESM loader only for an
// ES module entry, which costs ~20 ms per call on the 2-core CI machine; the packages the bundle
// loads on demand are still ES modules, reached through a real dynamic import(). What only some commands need stays a dynamic import of its own
// package (the Driver wiring, the MCP server, the demo app) and is loaded by those commands only.
// The daemon keeps running from the per-module build (dist/daemon/daemon-main.js).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { chmodSync } from 'node:fs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** commander's `require('node:child_process')` resolves to scripts/lazy-child-process.cjs. */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes(`${'/'}commander${'/'}`) ? { path: `${root}scripts/lazy-child-process.cjs` } : undefined,
    );
  },
};
const outfile = `${root}dist/cli.bundle.cjs`;
await build({
  entryPoints: [`${root}src/bin.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifySyntax: true,
  legalComments: 'linked',
  sourcemap: false,
  external: ['@sightline/runtime', '@sightline/mcp', '@sightline/demo-app'],
  // The sources find their neighbours (package.json, the daemon's entry) from import.meta.url.
  define: { 'import.meta.url': '__sightlineBundleUrl' },
  banner: { js: "const __sightlineBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [lazyChildProcessForCommander],
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
