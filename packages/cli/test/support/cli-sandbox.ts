import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive, liveProcesses } from '@sightline/platform-linux/testing';

export { isAlive };

/** The built CLI: tests run what users run. */
export const BIN = fileURLToPath(new URL('../../dist/cli.bundle.cjs', import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * An isolated world for CLI runs: its own runtime dir (daemon socket and pid file) and its own
 * TMPDIR, so every Chromium profile the daemon starts lives under `root` and any process still
 * mentioning `root` after a test is an orphan.
 */
export class CliSandbox {
  readonly root: string;
  readonly runtimeDir: string;
  readonly env: NodeJS.ProcessEnv;

  constructor(extraEnv: Record<string, string> = {}) {
    if (!existsSync(BIN)) throw new Error(`build the CLI first (pnpm --filter @sightline/cli build): ${BIN} is missing`);
    this.root = mkdtempSync(join(tmpdir(), 'sightline-cli-test-'));
    this.runtimeDir = join(this.root, 'rt');
    const temp = join(this.root, 'tmp');
    mkdirSync(temp);
    this.env = {
      ...process.env,
      SIGHTLINE_RUNTIME_DIR: this.runtimeDir,
      TMPDIR: temp,
      NO_COLOR: '1',
      SIGHTLINE_DAEMON_IDLE_MS: '120000',
      ...extraEnv,
    };
    delete this.env.FORCE_COLOR;
  }

  spawn(args: string[]): ChildProcess {
    return spawn(process.execPath, [BIN, ...args], { env: this.env, cwd: this.root, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** A run whose stdin the test writes (for `sightline mcp`). */
  spawnWithInput(args: string[]): ChildProcess {
    return spawn(process.execPath, [BIN, ...args], { env: this.env, cwd: this.root, stdio: ['pipe', 'pipe', 'pipe'] });
  }

  run(args: string[], timeoutMs = 45_000): Promise<CliRun> {
    const child = this.spawn(args);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`sightline ${args.join(' ')} did not finish in ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
      }, timeoutMs);
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr });
      });
    });
  }

  async json(args: string[]): Promise<{ run: CliRun; value: unknown }> {
    const run = await this.run([...args, '--json']);
    let value: unknown;
    try {
      value = JSON.parse(run.stdout);
    } catch {
      throw new Error(`not JSON from sightline ${args.join(' ')} (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
    }
    return { run, value };
  }

  daemonPid(): number | null {
    try {
      return Number.parseInt(readFileSync(join(this.runtimeDir, 'daemon.pid'), 'utf8'), 10);
    } catch {
      return null;
    }
  }

  /** Processes still running whose command line mentions this sandbox (Chromium, its watchdog). */
  leftovers(): Array<{ pid: number; cmdline: string }> {
    return liveProcesses()
      .map((process) => ({ pid: process.pid, cmdline: process.args.join(' ') }))
      .filter((process) => process.cmdline.includes(this.root))
      .map((process) => ({ ...process, cmdline: process.cmdline.slice(0, 200) }));
  }

  chromiumProcesses(): Array<{ pid: number; cmdline: string }> {
    return this.leftovers().filter((process) => /chrom/i.test(process.cmdline));
  }

  log(): string {
    try {
      return readFileSync(join(this.runtimeDir, 'daemon.log'), 'utf8');
    } catch {
      return '';
    }
  }

  /** Stops whatever this sandbox left running (by pid, never by name) and removes its files. */
  async dispose(): Promise<void> {
    await this.run(['close', '--all']).catch(() => undefined);
    const daemon = this.daemonPid();
    if (daemon !== null && isAlive(daemon)) process.kill(daemon, 'SIGKILL');
    for (const leftover of this.leftovers()) {
      try {
        process.kill(leftover.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
