#!/usr/bin/env node
// Enforces SPEC §1's dependency rule on source imports and package manifests:
//   semantic-core      → no workspace package, no Node built-in that does I/O
//   cdp-transport, platform-*  → only @sightline/semantic-core among workspace packages
//                                (platform-macos/-windows also their shared platform-desktop)
//   demo-app           → no workspace package (the demo mail app and its server stand alone)
//   runtime            → semantic-core, cdp-transport and platform-* (the composition both frontends share)
//   mcp                → semantic-core, runtime (never the CLI)
//   cli                → semantic-core, runtime, demo-app, and mcp only for `sightline mcp`
//   harness            → anything, but no published package depends on it at runtime
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const IO_BUILTINS = new Set([
  'fs', 'fs/promises', 'net', 'child_process', 'http', 'https', 'http2', 'dgram', 'dns', 'dns/promises',
  'tls', 'os', 'readline', 'worker_threads', 'cluster', 'inspector', 'repl', 'tty', 'v8', 'vm', 'process',
]);
const RULES = {
  'semantic-core': { workspace: [], noIoBuiltins: true },
  'cdp-transport': { workspace: ['semantic-core'] },
  'platform-linux': { workspace: ['semantic-core'] },
  'platform-macos': { workspace: ['semantic-core', 'platform-desktop'] },
  'platform-windows': { workspace: ['semantic-core', 'platform-desktop'] },
  'platform-desktop': { workspace: ['semantic-core'] },
  'demo-app': { workspace: [] },
  runtime: { workspace: ['semantic-core', 'cdp-transport', 'platform-linux', 'platform-macos', 'platform-windows'] },
  mcp: { workspace: ['semantic-core', 'runtime'] },
  cli: { workspace: ['semantic-core', 'runtime', 'demo-app', 'mcp'], onlyIn: { mcp: ['src/commands/mcp.ts'] } },
};
// The platform packages are optional dependencies of runtime, each limited to its OS.
const PLATFORM_OS = { 'platform-linux': 'linux', 'platform-macos': 'darwin', 'platform-windows': 'win32' };

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry) && !/\.(test|spec)\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const violations = [];

for (const [pkg, rule] of Object.entries(RULES)) {
  const pkgDir = join(root, 'packages', pkg);
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })) {
    if (dep.startsWith('@sightline/') && !rule.workspace.includes(dep.slice('@sightline/'.length))) {
      violations.push(`${pkg}/package.json depends on ${dep}`);
    }
  }
  for (const file of sourceFiles(join(pkgDir, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (spec.startsWith('@sightline/')) {
        const target = spec.slice('@sightline/'.length).split('/')[0];
        const where = relative(pkgDir, file).split('\\').join('/');
        if (!rule.workspace.includes(target)) violations.push(`${relative(root, file)} imports ${spec}`);
        else if (rule.onlyIn?.[target] && !rule.onlyIn[target].includes(where)) {
          violations.push(`${relative(root, file)} imports ${spec} (only ${rule.onlyIn[target].join(', ')} may)`);
        }
      }
      if (rule.noIoBuiltins) {
        const bare = spec.replace(/^node:/, '');
        if (IO_BUILTINS.has(bare)) violations.push(`${relative(root, file)} imports the I/O built-in ${spec}`);
      }
    }
  }
}

for (const [pkg, os] of Object.entries(PLATFORM_OS)) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'));
  if (JSON.stringify(manifest.os) !== JSON.stringify([os])) violations.push(`${pkg}/package.json needs "os": ["${os}"]`);
}
// What macOS and Windows share installs only there (it carries the node-window-manager addon).
const desktopManifest = JSON.parse(readFileSync(join(root, 'packages', 'platform-desktop', 'package.json'), 'utf8'));
if (JSON.stringify(desktopManifest.os) !== JSON.stringify(['darwin', 'win32'])) violations.push('platform-desktop/package.json needs "os": ["darwin", "win32"]');
const runtimeManifest = JSON.parse(readFileSync(join(root, 'packages', 'runtime', 'package.json'), 'utf8'));
for (const pkg of Object.keys(PLATFORM_OS)) {
  if (!runtimeManifest.optionalDependencies?.[`@sightline/${pkg}`]) violations.push(`runtime/package.json needs @sightline/${pkg} as an optional dependency`);
  if (runtimeManifest.dependencies?.[`@sightline/${pkg}`]) violations.push(`runtime/package.json must not hard-depend on @sightline/${pkg}`);
}
// Nothing published depends on the private harness at runtime.
for (const dir of readdirSync(join(root, 'packages'))) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
  const runtimeDeps = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
  if (runtimeDeps['@sightline/harness']) violations.push(`${dir}/package.json depends on the private @sightline/harness at runtime`);
}

if (violations.length > 0) {
  console.error('Dependency rule (SPEC §1) violated:\n  ' + violations.join('\n  '));
  process.exit(1);
}
console.log('dependency rule: ok');
