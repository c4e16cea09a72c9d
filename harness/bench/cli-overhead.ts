import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './results.js';

/** The bundled `sightline` client, as `npm i -g @sightline/cli` installs its bin (SIGHTLINE_BENCH_CLI: another build, to compare). */
const CLI = process.env.SIGHTLINE_BENCH_CLI ?? fileURLToPath(new URL('../../../packages/cli/dist/cli.bundle.cjs', import.meta.url));

export interface CliOverhead {
  runs: number;
  /** Median wall time of `node -e 0` (ms): the floor any Node CLI pays. */
  node_ms: number;
  /** Median wall time of `sightline --version` (ms). */
  version_ms: number;
  /** Median wall time of `sightline snapshot` against an open session (ms). */
  snapshot_ms: number;
  /** Median time the daemon spent on that snapshot: its whole request, as `snapshot --timing` prints it. */
  daemon_ms: number;
  /** version_ms / node_ms; target ≤ 1.5. */
  version_ratio: number;
  /** (snapshot_ms − daemon_ms) / node_ms; target ≤ 1.5. */
  snapshot_ratio: number;
}

/** Runs a command to its end without blocking this process (it may be serving the page). */
function wall(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (status !== 0) reject(new Error(`${args.join(' ')} exited ${status}: ${stderr.slice(0, 400)}`));
      else resolve({ ms, stdout });
    });
  });
}

/**
 * What a CLI call costs on top of starting Node: the three commands run interleaved `runs` times
 * (so machine load hits them alike) and the medians are compared. The snapshot runs against a
 * session the daemon already holds open on `url`, and the daemon's own time (its whole request,
 * which `snapshot --timing` prints) is subtracted.
 */
export async function measureCliOverhead(url: string, runs: number): Promise<CliOverhead> {
  const runtimeDir = mkdtempSync(join(tmpdir(), 'sightline-bench-cli-'));
  const env = { ...process.env, SIGHTLINE_RUNTIME_DIR: runtimeDir, NO_COLOR: '1' };
  const session = ['--session', 'bench-cli'];
  const node: number[] = [];
  const version: number[] = [];
  const snapshot: number[] = [];
  const daemon: number[] = [];
  try {
    await wall(process.execPath, [CLI, ...session, 'open', url], env);
    await wall(process.execPath, [CLI, ...session, '--json', 'snapshot'], env); // warm-up
    for (let run = 0; run < runs; run += 1) {
      node.push((await wall(process.execPath, ['-e', '0'], env)).ms);
      version.push((await wall(process.execPath, [CLI, '--version'], env)).ms);
      // The human outline, as a user sees it; `--timing` adds the daemon's own time for the request.
      const shot = await wall(process.execPath, [CLI, ...session, 'snapshot', '--timing'], env);
      snapshot.push(shot.ms);
      const handled = /daemon \(request\)\s+([0-9.]+) ms/.exec(shot.stdout);
      if (!handled) throw new Error('snapshot --timing printed no daemon time');
      daemon.push(Number(handled[1]));
    }
  } finally {
    await wall(process.execPath, [CLI, 'close', '--all'], env).catch(() => undefined);
    rmSync(runtimeDir, { recursive: true, force: true });
  }
  const nodeMs = median(node) ?? 0;
  const versionMs = median(version) ?? 0;
  const snapshotMs = median(snapshot) ?? 0;
  const daemonMs = median(daemon) ?? 0;
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    runs,
    node_ms: round(nodeMs),
    version_ms: round(versionMs),
    snapshot_ms: round(snapshotMs),
    daemon_ms: round(daemonMs),
    version_ratio: Math.round((versionMs / nodeMs) * 100) / 100,
    snapshot_ratio: Math.round(((snapshotMs - daemonMs) / nodeMs) * 100) / 100,
  };
}
