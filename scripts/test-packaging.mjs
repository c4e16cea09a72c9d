#!/usr/bin/env node
// The packaging test (SPEC §13): pack every public package as a publish would (`pnpm pack` rewrites
// workspace:* ranges), install the tarballs into clean temp folders with npm and with pnpm (which must
// succeed without approving any build script), then use what got installed the way a user would:
// `sightline demo`, a one-shot `sightline snapshot <url>` (its Chromium started from the launcher
// bundle while the Driver loads), `sightline-mcp --help`, one MCP session over stdio from the installed bin,
// import and require of semantic-core, and `tsc --noEmit` of a TypeScript consumer with
// skipLibCheck off. Only the npm registry is needed (for the third-party dependencies).
// Prints one line per check and closes with `packaging: N passed, M failed`.
// Usage: node scripts/test-packaging.mjs [--keep] [--quick]   (--keep: leave the temp folder; --quick: npm only)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const keep = process.argv.includes('--keep');
const quick = process.argv.includes('--quick');
const work = mkdtempSync(join(tmpdir(), 'sightline-packaging-'));
const tarballs = join(work, 'tarballs');
const results = [];
const OTHER_OS_PACKAGES = ['@sightline/platform-macos', '@sightline/platform-windows', '@sightline/platform-desktop'];
const CHROME = process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium';

function check(name, fn) {
  return Promise.resolve()
    .then(fn)
    .then(
      (detail) => {
        results.push({ name, ok: true });
        console.log(`  ok    ${name}${detail ? ` — ${detail}` : ''}`);
      },
      (error) => {
        results.push({ name, ok: false });
        console.log(`  FAIL  ${name}\n        ${String(error?.message ?? error).split('\n').join('\n        ')}`);
      },
    );
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: options.timeout ?? 300_000, maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${tail(result.stdout)}\n${tail(result.stderr)}`);
  }
  return result;
}

/** `run` without blocking this process (a server it runs must keep answering); resolves to stdout. */
function runAsync(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeout ?? 300_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}\n${tail(stdout)}\n${tail(stderr)}`));
    });
  });
}

function tail(text, lines = 25) {
  return String(text ?? '').trim().split('\n').slice(-lines).join('\n');
}

function publicPackages() {
  return readdirSync(join(root, 'packages'))
    .map((dir) => ({ dir: join(root, 'packages', dir), manifest: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) }))
    .filter((pkg) => !pkg.manifest.private);
}

/** What every published manifest must carry (SPEC §13). */
function checkManifest(manifest, files) {
  const problems = [];
  const name = manifest.name;
  if (!manifest.license) problems.push('no license');
  if (!manifest.engines?.node) problems.push('no engines.node');
  if (!Array.isArray(manifest.files)) problems.push('no files');
  if (!files.includes('package/LICENSE')) problems.push('no LICENSE in the tarball');
  if (!files.includes('package/README.md')) problems.push('no README.md in the tarball');
  for (const [field, deps] of Object.entries({ dependencies: manifest.dependencies, optionalDependencies: manifest.optionalDependencies, peerDependencies: manifest.peerDependencies })) {
    for (const [dep, range] of Object.entries(deps ?? {})) if (String(range).startsWith('workspace:')) problems.push(`${field}.${dep} is ${range}`);
  }
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === 'string') {
      // Only data files (JSON) may be exported without a `types` condition.
      if (subpath.endsWith('/*') && target.endsWith('/*')) {
        const prefix = `package/${target.slice(2, -1)}`;
        if (!files.some((file) => file.startsWith(prefix))) problems.push(`exports["${subpath}"] matches no file in the tarball`);
      } else if (!subpath.endsWith('.json')) problems.push(`exports["${subpath}"] is a bare string`);
      continue;
    }
    if (!target.types || !target.default) problems.push(`exports["${subpath}"] lacks types or default`);
    for (const file of [target.types, target.default].filter(Boolean)) {
      if (!files.includes(`package/${file.replace(/^\.\//, '')}`)) problems.push(`exports["${subpath}"] points at ${file}, not in the tarball`);
    }
  }
  for (const file of files.filter((entry) => entry.endsWith('.map'))) {
    // A source map ships with the sources it names, or not at all.
    const missing = mapSources(file).filter((source) => !files.includes(source));
    if (missing.length > 0) problems.push(`${file} names sources not in the tarball: ${missing.slice(0, 3).join(', ')}`);
  }
  if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}`);
}

let currentExtract = '';
function mapSources(file) {
  const map = JSON.parse(readFileSync(join(currentExtract, file), 'utf8'));
  const dir = file.split('/').slice(0, -1);
  return (map.sources ?? []).map((source) => {
    const parts = [...dir];
    for (const part of source.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return parts.join('/');
  });
}

function listTarball(tgz) {
  return run('tar', ['-tzf', tgz]).stdout.split('\n').filter((line) => line && !line.endsWith('/'));
}

function projectManifest(packed) {
  const file = (name) => `file:${join(tarballs, packed.get(name))}`;
  const direct = [...packed.keys()].filter((name) => !OTHER_OS_PACKAGES.includes(name));
  return {
    direct: Object.fromEntries(direct.map((name) => [name, file(name)])),
    overrides: Object.fromEntries([...packed.keys()].map((name) => [name, file(name)])),
  };
}

function binPath(project, name) {
  return join(project, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

/** One MCP session over stdio: initialize, tools/list, a launch bind, a snapshot, end. */
async function mcpSession(bin, appUrl) {
  const child = spawn(bin, [], { stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = '';
  let stderr = '';
  const waiting = new Map();
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line);
      waiting.get(message.id)?.(message);
    }
  });
  let nextId = 1;
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method} got no answer in 120 s\n${tail(stderr)}`)), 120_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  try {
    await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'packaging-test', version: '0' } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const { tools } = await request('tools/list', {});
    if (!tools.some((tool) => tool.name === 'get_browser_state')) throw new Error('tools/list has no get_browser_state');
    const bound = (await request('tools/call', { name: 'get_browser_state', arguments: { session: 'pack', launch: { url: appUrl, headless: true } } })).structuredContent;
    if (bound?.status !== 'ok') throw new Error(`bind: ${JSON.stringify(bound).slice(0, 400)}\n${tail(stderr)}`);
    const tab = bound.tabs.find((candidate) => candidate.url.startsWith(appUrl)) ?? bound.tabs[0];
    const shot = (await request('tools/call', { name: 'get_browser_state', arguments: { session: 'pack', target_id: bound.target_id, tab_id: tab.tab_id } })).structuredContent;
    if (shot?.status !== 'ok' || !shot.refs?.some((ref) => ref.name === 'Send')) throw new Error(`snapshot: ${JSON.stringify(shot).slice(0, 400)}`);
    await request('tools/call', { name: 'end_session', arguments: { session: 'pack' } });
    return `${tools.length} tools, bind + snapshot with ${shot.refs.length} refs`;
  } finally {
    child.stdin.end();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** The checks that use an installed project. */
async function useProject(label, project, { demo, typescript }) {
  await check(`${label}: sightline --version`, () => run(binPath(project, 'sightline'), ['--version'], { cwd: project }).stdout.trim());
  await check(`${label}: sightline-mcp --help`, () => {
    const out = run(binPath(project, 'sightline-mcp'), ['--help'], { cwd: project }).stdout;
    if (!out.includes('Usage:')) throw new Error(out);
  });
  await check(`${label}: no other OS's platform package or native addon installed`, () => {
    const present = [...OTHER_OS_PACKAGES, 'node-window-manager'].filter((name) => existsSync(join(project, 'node_modules', name)) || existsSync(join(project, 'node_modules', '.pnpm', 'node_modules', name)));
    if (present.length > 0) throw new Error(`installed: ${present.join(', ')}`);
  });
  await check(`${label}: import and require of @sightline/semantic-core, a shipped JSON Schema`, () => {
    const esm = run(process.execPath, ['--input-type=module', '-e', "const core = await import('@sightline/semantic-core'); if (typeof core.Driver !== 'function') process.exit(3); console.log('import ok');"], { cwd: project });
    const cjs = run(process.execPath, ['-e', "const core = require('@sightline/semantic-core'); if (typeof core.Driver !== 'function' || typeof core.parseDevToolsActivePort !== 'function') process.exit(3); console.log('require ok');"], { cwd: project });
    const schema = run(process.execPath, ['-e', "const s = require('@sightline/mcp/schemas/get_browser_state.input.json'); if (s.type !== 'object') process.exit(3); console.log('schema ok');"], { cwd: project });
    return `${esm.stdout.trim()}, ${cjs.stdout.trim()}, ${schema.stdout.trim()} (node ${process.version})`;
  });
  const haveChrome = existsSync(CHROME);
  if (demo) {
    await check(`${label}: sightline demo reaches its confirmation`, () => {
      if (!haveChrome) throw new Error(`no browser at ${CHROME}`);
      const out = run(binPath(project, 'sightline'), ['demo'], { cwd: project, env: { ...process.env, NO_COLOR: '1' }, timeout: 240_000 });
      const line = out.stdout.split('\n').find((text) => text.startsWith('✓') && /Reply sent/i.test(text));
      if (!line) throw new Error(`no confirmation in:\n${tail(out.stdout)}`);
      return line.trim();
    });
  }
  await check(`${label}: one-shot sightline snapshot <url> from the installed bin (Chromium started by the launcher bundle)`, async () => {
    if (!haveChrome) throw new Error(`no browser at ${CHROME}`);
    const demoApp = await import(pathToFileURL(resolvePackageEntry(project, '@sightline/demo-app')).href);
    const server = await demoApp.startDemoServer();
    try {
      const out = await runAsync(binPath(project, 'sightline'), ['--json', 'snapshot', server.urls.app], { cwd: project, timeout: 120_000 });
      const answer = JSON.parse(out);
      const refs = answer.refs?.length ?? 0;
      if (answer.status !== 'ok' || refs === 0) throw new Error(`no snapshot: ${out.slice(0, 300)}`);
      return `${refs} refs, launch ${answer.timing_ms?.launch} ms`;
    } finally {
      await server.close();
    }
  });
  await check(`${label}: one MCP session over stdio from the installed sightline-mcp`, async () => {
    if (!haveChrome) throw new Error(`no browser at ${CHROME}`);
    const demoApp = await import(pathToFileURL(resolvePackageEntry(project, '@sightline/demo-app')).href);
    const server = await demoApp.startDemoServer();
    try {
      return await mcpSession(binPath(project, 'sightline-mcp'), server.urls.app);
    } finally {
      await server.close();
    }
  });
  if (typescript) {
    await check(`${label}: tsc --noEmit of a TypeScript consumer (skipLibCheck: false)`, () => {
      writeFileSync(join(project, 'consumer.ts'), CONSUMER);
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] },
        files: ['consumer.ts'],
      }));
      const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
      run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project });
    });
  }
}

function resolvePackageEntry(project, name) {
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
  return join(project, 'node_modules', name, manifest.exports['.'].default);
}

const CONSUMER = `import { Driver, parseDevToolsActivePort, type SemanticSnapshotResponse, type NativePlatform } from '@sightline/semantic-core';
import { tierOf } from '@sightline/semantic-core/page-safe';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { createDefaultDriver, loadNativePlatform } from '@sightline/runtime';
import { createSightlineMcpServer, SIGHTLINE_TOOLS } from '@sightline/mcp';
import { startDemoServer, type DemoServer } from '@sightline/demo-app';
import { createNativePlatform } from '@sightline/platform-linux';

export async function consume(): Promise<number> {
  const driver: Driver = await createDefaultDriver();
  const platform: NativePlatform | undefined = (await loadNativePlatform()) ?? createNativePlatform();
  const server: DemoServer = await startDemoServer();
  const transport = new CdpBrowserTransport();
  const mcp = createSightlineMcpServer({ driver });
  const snapshot = null as SemanticSnapshotResponse | null;
  await server.close();
  void transport; void mcp; void platform; void tierOf;
  return SIGHTLINE_TOOLS.length + (parseDevToolsActivePort('9222\\n/devtools/browser/x')?.port ?? 0) + (snapshot ? 1 : 0);
}
`;

async function main() {
  console.log(`packaging test in ${work}`);
  mkdirSync(tarballs);
  const packed = new Map();
  for (const pkg of publicPackages()) {
    await check(`pack ${pkg.manifest.name}`, () => {
      const before = new Set(readdirSync(tarballs));
      run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: pkg.dir });
      const file = readdirSync(tarballs).find((name) => !before.has(name));
      if (!file) throw new Error('pnpm pack wrote no tarball');
      packed.set(pkg.manifest.name, file);
      const extract = join(work, 'extract', file);
      mkdirSync(extract, { recursive: true });
      run('tar', ['-xzf', join(tarballs, file), '-C', extract]);
      currentExtract = extract;
      const files = listTarball(join(tarballs, file));
      checkManifest(JSON.parse(readFileSync(join(extract, 'package', 'package.json'), 'utf8')), files);
      return `${file}, ${files.length} files`;
    });
  }
  const { direct, overrides } = projectManifest(packed);

  const npmProject = join(work, 'npm-project');
  mkdirSync(npmProject);
  writeFileSync(join(npmProject, 'package.json'), JSON.stringify({
    name: 'npm-consumer', private: true, type: 'module',
    dependencies: direct, devDependencies: { '@types/node': '^20.19.0' },
    overrides: Object.fromEntries(Object.keys(overrides).map((name) => [name, name in direct ? `$${name}` : overrides[name]])),
  }, null, 2));
  let npmOk = false;
  await check('npm install of the tarballs', () => {
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: npmProject, timeout: 600_000 });
    npmOk = true;
  });
  if (npmOk) await useProject('npm', npmProject, { demo: true, typescript: true });

  if (!quick) {
    const pnpmProject = join(work, 'pnpm-project');
    mkdirSync(pnpmProject);
    writeFileSync(join(pnpmProject, 'package.json'), JSON.stringify({ name: 'pnpm-consumer', private: true, type: 'module', dependencies: direct }, null, 2));
    // No allowBuilds: pnpm must install without any build script to approve.
    writeFileSync(join(pnpmProject, 'pnpm-workspace.yaml'), `overrides:\n${Object.entries(overrides).map(([name, spec]) => `  "${name}": "${spec}"`).join('\n')}\n`);
    let pnpmOk = false;
    await check('pnpm install of the tarballs (exit 0, no build approved)', () => {
      const result = run('pnpm', ['install', '--reporter=append-only'], { cwd: pnpmProject, timeout: 600_000, env: { ...process.env, CI: 'true' } });
      if (/ignored build|approve-builds/i.test(`${result.stdout}${result.stderr}`)) throw new Error(`pnpm ignored a build:\n${tail(result.stdout)}`);
      pnpmOk = true;
    });
    if (pnpmOk) await useProject('pnpm', pnpmProject, { demo: false, typescript: false });
  }

  const failed = results.filter((result) => !result.ok).length;
  if (!keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
  console.log(`packaging: ${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
