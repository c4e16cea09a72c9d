// SPEC §1's dependency rule over source imports and package manifests, as a function of the repo
// root (check-dependency-rule.mjs runs it on this repo, after proving on planted violations that it
// catches them):
//   semantic-core      → no workspace package, no Node built-in that does I/O
//   cdp-transport, platform-*  → only @sightline/semantic-core among workspace packages
//                                (platform-macos/-windows also their shared platform-desktop)
//   cdp-transport/page → the in-page code: only itself and @sightline/semantic-core/page-safe
//   demo-app           → no workspace package (the demo mail app and its server stand alone)
//   runtime            → semantic-core, cdp-transport and platform-* (the composition both frontends share)
//   mcp                → semantic-core, runtime (never the CLI)
//   cli                → semantic-core, runtime, demo-app, and mcp only for `sightline mcp`
//   every package      → no relative import out of its own folder (into another package or harness/)
//   harness            → anything, but nothing published imports or depends on it at runtime
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IO_BUILTINS = new Set([
  'fs', 'fs/promises', 'net', 'child_process', 'http', 'https', 'http2', 'dgram', 'dns', 'dns/promises',
  'tls', 'os', 'readline', 'worker_threads', 'cluster', 'inspector', 'repl', 'tty', 'v8', 'vm', 'process',
]);
export const RULES = {
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
/** The in-page code (SPEC §1): a folder of a package that may import only itself and these. */
export const PAGE_FOLDERS = { 'cdp-transport': { folder: 'page', allowed: ['@sightline/semantic-core/page-safe'] } };
// The platform packages are optional dependencies of runtime, each limited to its OS.
const PLATFORM_OS = { 'platform-linux': 'linux', 'platform-macos': 'darwin', 'platform-windows': 'win32' };

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry) && !/\.(test|spec)\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

function importsOf(file) {
  return [...readFileSync(file, 'utf8').matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? match[3]);
}

const inside = (dir, path) => path === dir || path.startsWith(dir + sep);
const manifestOf = (root, pkg) => JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'));

/** Every violation of the rule under `root` (a repo checkout), as readable lines; [] when it holds. */
export function checkDependencyRule(root) {
  const violations = [];
  const show = (file) => relative(root, file).split(sep).join('/');
  for (const [pkg, rule] of Object.entries(RULES)) {
    const pkgDir = join(root, 'packages', pkg);
    const manifest = manifestOf(root, pkg);
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })) {
      if (dep.startsWith('@sightline/') && !rule.workspace.includes(dep.slice('@sightline/'.length))) violations.push(`${pkg}/package.json depends on ${dep}`);
    }
    const page = PAGE_FOLDERS[pkg];
    const pageDir = page ? join(pkgDir, page.folder) : null;
    for (const file of [...sourceFiles(join(pkgDir, 'src')), ...(pageDir ? sourceFiles(pageDir) : [])]) {
      const inPage = pageDir !== null && inside(pageDir, file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (inPage && !inside(pageDir, target)) violations.push(`${show(file)} imports ${spec}: in-page code imports only ${page.folder}/ and ${page.allowed.join(', ')}`);
          else if (inside(join(root, 'harness'), target)) violations.push(`${show(file)} imports ${spec}: nothing published imports the private harness`);
          else if (!inside(pkgDir, target)) violations.push(`${show(file)} imports ${spec}: out of its package (import the other package by name)`);
          continue;
        }
        if (inPage) {
          if (!page.allowed.includes(spec)) violations.push(`${show(file)} imports ${spec}: in-page code imports only ${page.folder}/ and ${page.allowed.join(', ')}`);
          continue;
        }
        if (spec === '@sightline/harness' || spec.startsWith('@sightline/harness/')) {
          violations.push(`${show(file)} imports ${spec}: nothing published imports the private harness`);
        } else if (spec.startsWith('@sightline/')) {
          const target = spec.slice('@sightline/'.length).split('/')[0];
          const where = relative(pkgDir, file).split(sep).join('/');
          if (!rule.workspace.includes(target)) violations.push(`${show(file)} imports ${spec}`);
          else if (rule.onlyIn?.[target] && !rule.onlyIn[target].includes(where)) violations.push(`${show(file)} imports ${spec} (only ${rule.onlyIn[target].join(', ')} may)`);
        }
        if (rule.noIoBuiltins && IO_BUILTINS.has(spec.replace(/^node:/, ''))) violations.push(`${show(file)} imports the I/O built-in ${spec}`);
      }
    }
  }

  for (const [pkg, os] of Object.entries(PLATFORM_OS)) {
    if (JSON.stringify(manifestOf(root, pkg).os) !== JSON.stringify([os])) violations.push(`${pkg}/package.json needs "os": ["${os}"]`);
  }
  // What macOS and Windows share installs only there (it carries the node-window-manager addon).
  if (existsSync(join(root, 'packages', 'platform-desktop', 'package.json'))) {
    const desktopOs = manifestOf(root, 'platform-desktop').os;
    if (JSON.stringify(desktopOs) !== JSON.stringify(['darwin', 'win32'])) violations.push('platform-desktop/package.json needs "os": ["darwin", "win32"]');
  }
  const runtimeManifest = manifestOf(root, 'runtime');
  for (const pkg of Object.keys(PLATFORM_OS)) {
    if (!runtimeManifest.optionalDependencies?.[`@sightline/${pkg}`]) violations.push(`runtime/package.json needs @sightline/${pkg} as an optional dependency`);
    if (runtimeManifest.dependencies?.[`@sightline/${pkg}`]) violations.push(`runtime/package.json must not hard-depend on @sightline/${pkg}`);
  }
  // Nothing published depends on the private harness at runtime.
  for (const dir of readdirSync(join(root, 'packages'))) {
    if (!existsSync(join(root, 'packages', dir, 'package.json'))) continue;
    const manifest = manifestOf(root, dir);
    const runtimeDeps = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    if (runtimeDeps['@sightline/harness']) violations.push(`${dir}/package.json depends on the private @sightline/harness at runtime`);
  }
  return violations;
}
