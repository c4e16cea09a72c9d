import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, homedir, platform } from 'node:os';
import { dirname, join } from 'node:path';
import type { BenchTool, Capture, ToolContext, ToolSession } from './types.js';

const require = createRequire(import.meta.url);

/** The native binary the package ships (its postinstall only chmods it; we do the same, never download). */
function agentBrowserBinary(): string {
  const root = dirname(require.resolve('agent-browser/package.json'));
  const cpu = arch() === 'arm64' ? 'arm64' : 'x64';
  const binary = join(root, 'bin', `agent-browser-${platform()}-${cpu}${platform() === 'win32' ? '.exe' : ''}`);
  if (!existsSync(binary)) throw new Error(`agent-browser ships no binary for ${platform()}-${cpu} (${binary})`);
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    chmodSync(binary, 0o755);
  }
  return binary;
}

interface RunResult {
  code: number | null;
  /** Killed by our timer. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

function run(binary: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AGENT_BROWSER_DEFAULT_TIMEOUT: '60000', AGENT_BROWSER_IDLE_TIMEOUT_MS: '600000', NO_COLOR: '1' },
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

let sessionCounter = 0;

function agentBrowserTool(interactive: boolean): BenchTool {
  const snapshotArgs = interactive ? ['snapshot', '-i'] : ['snapshot'];
  return {
    id: interactive ? 'agent-browser-i' : 'agent-browser',
    label: interactive ? 'agent-browser snapshot -i' : 'agent-browser snapshot',
    invocation: `agent-browser --cdp <port> --session <s> ${snapshotArgs.join(' ')} (native binary from the npm package; one CLI process per call, daemon kept warm)`,
    async probe() {
      try {
        const result = await run(agentBrowserBinary(), ['--version'], 30_000);
        return result.code === 0 ? null : `agent-browser --version exited ${result.code}: ${result.stderr.trim().slice(0, 300)}`;
      } catch (error) {
        return `agent-browser cannot run here: ${(error as Error).message}`;
      }
    },
    async open(context: ToolContext): Promise<ToolSession> {
      const binary = agentBrowserBinary();
      sessionCounter += 1;
      const session = `sightline-bench-${process.pid}-${sessionCounter}`;
      const base = ['--cdp', String(context.port), '--session', session];
      return {
        async snapshot(timeoutMs: number): Promise<Capture> {
          const result = await run(binary, [...base, ...snapshotArgs], timeoutMs);
          if (result.timedOut) throw Object.assign(new Error(`agent-browser snapshot exceeded ${timeoutMs} ms`), { name: 'TimeoutError' });
          if (result.code !== 0) throw new Error(`agent-browser exited ${result.code}: ${(result.stderr.trim() || result.stdout.trim()).slice(0, 300)}`);
          return { text: result.stdout };
        },
        async close(): Promise<void> {
          // With --cdp the browser is not agent-browser's: `close` stops its daemon and detaches.
          await run(binary, ['--session', session, 'close'], 30_000).catch(() => undefined);
          // The daemon leaves its last target id behind; it is ours, so tidy it.
          rmSync(join(homedir(), '.agent-browser', `${session}.target`), { force: true });
        },
      };
    },
  };
}

export const agentBrowserSnapshotTool = agentBrowserTool(false);
export const agentBrowserInteractiveTool = agentBrowserTool(true);
