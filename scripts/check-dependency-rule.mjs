#!/usr/bin/env node
// Enforces SPEC §1's dependency rule on source imports and package manifests:
//   semantic-core      → no workspace package, no Node built-in that does I/O
//   cdp-transport, platform-*  → only @sightline/semantic-core among workspace packages
//   mcp, cli           → any workspace package
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
  'platform-macos': { workspace: ['semantic-core'] },
  'platform-windows': { workspace: ['semantic-core'] },
};

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
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
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
        if (!rule.workspace.includes(target)) violations.push(`${relative(root, file)} imports ${spec}`);
      }
      if (rule.noIoBuiltins) {
        const bare = spec.replace(/^node:/, '');
        if (IO_BUILTINS.has(bare)) violations.push(`${relative(root, file)} imports the I/O built-in ${spec}`);
      }
    }
  }
}

if (violations.length > 0) {
  console.error('Dependency rule (SPEC §1) violated:\n  ' + violations.join('\n  '));
  process.exit(1);
}
console.log('dependency rule: ok');
