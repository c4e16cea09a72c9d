// Proves the dependency-rule check catches what it should: a small clean repo passes, and each
// planted violation (one per rule) is reported. check-dependency-rule.mjs runs this before the
// real check, so `pnpm lint` fails if the checker goes blind.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkDependencyRule, RULES } from './dependency-rule.mjs';

const OS = { 'platform-linux': 'linux', 'platform-macos': 'darwin', 'platform-windows': 'win32' };

/** A repo that keeps the rule: every package with a manifest and one clean source file. */
function cleanRepo() {
  const files = {};
  for (const [pkg, rule] of Object.entries(RULES)) {
    const manifest = { name: `@sightline/${pkg}`, dependencies: Object.fromEntries(rule.workspace.filter((dep) => !OS[dep]).map((dep) => [`@sightline/${dep}`, 'workspace:*'])) };
    if (OS[pkg]) manifest.os = [OS[pkg]];
    if (pkg === 'platform-desktop') manifest.os = ['darwin', 'win32'];
    if (pkg === 'runtime') manifest.optionalDependencies = Object.fromEntries(Object.keys(OS).map((dep) => [`@sightline/${dep}`, 'workspace:*']));
    files[`packages/${pkg}/package.json`] = JSON.stringify(manifest);
    files[`packages/${pkg}/src/index.ts`] = rule.workspace.length > 0 ? `import { x } from '@sightline/${rule.workspace[0]}';\nexport const y = x;\n` : 'export const y = 1;\n';
  }
  files['packages/cdp-transport/src/page-call.ts'] = "import type { Api } from '../page/wire/api.js';\nexport type A = Api;\n";
  files['packages/cdp-transport/page/wire/api.ts'] = 'export interface Api { x(): void }\n';
  files['packages/cdp-transport/page/walk.ts'] = "import { VIS_IN_VIEWPORT } from '@sightline/semantic-core/page-safe';\nimport type { Api } from './wire/api.js';\nexport const v: number = VIS_IN_VIEWPORT;\nexport type B = Api;\n";
  files['packages/cdp-transport/page/walk.test.ts'] = "import { it } from 'vitest';\nit('x', () => {});\n";
  files['packages/cli/src/commands/mcp.ts'] = "import { startServer } from '@sightline/mcp';\nexport { startServer };\n";
  files['harness/src/index.ts'] = "import { y } from '@sightline/cli';\nexport { y };\n";
  return files;
}

/** One planted violation per rule: the file to write and what the report must say. */
const PLANTS = [
  ['in-page code importing the core main entry', 'packages/cdp-transport/page/a.ts', "import { Driver } from '@sightline/semantic-core';\n", 'page/a.ts imports @sightline/semantic-core: in-page code'],
  ['in-page code importing Node-side src/', 'packages/cdp-transport/page/b.ts', "import { x } from '../src/index.js';\n", 'page/b.ts imports ../src/index.js: in-page code'],
  ['in-page code importing a Node built-in', 'packages/cdp-transport/page/c.ts', "import { readFileSync } from 'node:fs';\n", 'page/c.ts imports node:fs: in-page code'],
  ['mcp importing the CLI', 'packages/mcp/src/x.ts', "import { run } from '@sightline/cli';\n", 'packages/mcp/src/x.ts imports @sightline/cli'],
  ['the CLI importing mcp outside `sightline mcp`', 'packages/cli/src/other.ts', "import { tools } from '@sightline/mcp';\n", 'imports @sightline/mcp (only src/commands/mcp.ts may)'],
  ['a frontend reaching into the other by path', 'packages/cli/src/path.ts', "import { tools } from '../../mcp/src/tools.js';\n", 'out of its package'],
  ['a package importing the harness', 'packages/runtime/src/h.ts', "import { launchTestChromium } from '@sightline/harness';\n", 'nothing published imports the private harness'],
  ['a package importing harness/ by path', 'packages/cdp-transport/src/h.ts', "import { x } from '../../../harness/src/index.js';\n", 'nothing published imports the private harness'],
  ['semantic-core doing I/O', 'packages/semantic-core/src/io.ts', "import { readFileSync } from 'node:fs';\n", 'imports the I/O built-in node:fs'],
  ['a transport importing a platform package', 'packages/cdp-transport/src/p.ts', "import { X11 } from '@sightline/platform-linux';\n", 'imports @sightline/platform-linux'],
];

function materialise(files) {
  const root = mkdtempSync(join(tmpdir(), 'dependency-rule-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Problems with the checker itself ([] when it catches every plant and passes the clean repo). */
export function selfCheck() {
  const problems = [];
  const run = (files) => {
    const root = materialise(files);
    try {
      return checkDependencyRule(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  const clean = run(cleanRepo());
  if (clean.length > 0) problems.push(`a clean repo is reported: ${clean.join('; ')}`);
  for (const [what, path, text, expected] of PLANTS) {
    const found = run({ ...cleanRepo(), [path]: text });
    if (!found.some((line) => line.includes(expected))) problems.push(`${what} (${path}) is not reported (got: ${found.join('; ') || 'nothing'})`);
  }
  const manifest = { ...cleanRepo(), 'packages/runtime/package.json': JSON.stringify({ name: '@sightline/runtime', dependencies: { '@sightline/harness': 'workspace:*' } }) };
  if (!run(manifest).some((line) => line.includes('@sightline/harness'))) problems.push('a package depending on the harness is not reported');
  return problems;
}
