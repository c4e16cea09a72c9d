import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const NODE_RED_ROOT = dirname(require.resolve('node-red/package.json'));
/** Preload that ends Node-RED when the lane's process ends (see the file). */
const WATCHDOG = new URL('./exit-with-parent.mjs', import.meta.url).href;
export const NODE_RED_VERSION = (require('node-red/package.json') as { version: string }).version;

export interface NodeRedApp {
  origin: string;
  /** The editor page. */
  editor: string;
  /** GET on the admin HTTP API (e.g. `/flows`), parsed JSON. */
  admin<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
  close(): Promise<void>;
}

/**
 * Node-RED (npm `node-red`), started as its own process on 127.0.0.1 at a free port with a fresh
 * user directory: no tours, no telemetry or update checks, no palette installs — nothing that
 * reaches outside. Its admin HTTP API (`/flows`) is how tasks check what was deployed.
 */
export async function startNodeRed(): Promise<NodeRedApp> {
  const userDir = mkdtempSync(join(tmpdir(), 'sightline-node-red-'));
  const port = await freePort();
  const settings = join(userDir, 'lane-settings.cjs');
  writeFileSync(
    settings,
    `module.exports = ${JSON.stringify({
      uiHost: '127.0.0.1',
      uiPort: port,
      userDir,
      flowFile: 'flows.json',
      credentialSecret: false,
      editorTheme: { tours: false, projects: { enabled: false } },
      telemetry: { enabled: false, updateNotification: false },
      diagnostics: { enabled: false, ui: false },
      externalModules: { autoInstall: false, palette: { allowInstall: false } },
      logging: { console: { level: 'warn', metrics: false, audit: false } },
    })};\n`,
  );
  // stdin is a pipe the child watches (exit-with-parent.mjs): it ends with the lane's process, however that ends.
  const child: ChildProcess = spawn(process.execPath, ['--import', WATCHDOG, join(NODE_RED_ROOT, 'red.js'), '--settings', settings, '--userDir', userDir, '--port', String(port)], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_RED_HOME: NODE_RED_ROOT },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(userDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const origin = `http://127.0.0.1:${port}`;
  const admin = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', 'Node-RED-API-Version': 'v1' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (!response.ok) throw new Error(`node-red ${init.method ?? 'GET'} ${path}: HTTP ${response.status}`);
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      process.removeListener('exit', stop);
      rmSync(userDir, { recursive: true, force: true });
      throw new Error(`node-red exited (${child.exitCode}): ${output}`);
    }
    try {
      await admin('/flows');
      break;
    } catch {
      if (Date.now() > deadline) {
        process.removeListener('exit', stop);
        stop();
        throw new Error(`node-red did not answer on ${origin} within 60 s: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    origin,
    editor: `${origin}/`,
    admin,
    async close() {
      process.removeListener('exit', stop);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
