#!/usr/bin/env node
// Bundles the `sightline` client (src/bin.ts and everything it imports statically: commander, the
// formatters, the daemon client, the few contract constants of semantic-core) into one file,
// dist/cli.bundle.js, so a CLI call costs little more than starting Node instead of resolving and
// compiling a few hundred modules. What only some commands need stays a dynamic import of its own
// package (the Driver wiring, the MCP server, the demo app) and is loaded by those commands only.
// The daemon keeps running from the per-module build (dist/daemon/daemon-main.js).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { chmodSync } from 'node:fs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = `${root}dist/cli.bundle.js`;
await build({
  entryPoints: [`${root}src/bin.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifySyntax: true,
  legalComments: 'linked',
  sourcemap: false,
  external: ['@sightline/runtime', '@sightline/mcp', '@sightline/demo-app'],
  // commander is CommonJS: give the bundle a require() for its Node built-ins.
  banner: { js: "import { createRequire as __sightlineRequire } from 'node:module';\nconst require = __sightlineRequire(import.meta.url);" },
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
