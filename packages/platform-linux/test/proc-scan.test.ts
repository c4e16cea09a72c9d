import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, liveProcesses, processesWithProfileUnder } from '../src/testing/index.js';

const stat = (pid: number, ppid: number, state = 'S') =>
  `${pid} (proc ${pid}) ${state} ${ppid} ${pid} ${pid} 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n`;

describe('liveProcesses over a recorded /proc', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sightline-proc-scan-'));
    const processes: Array<[number, number, string, string]> = [
      [10, 1, 'S', 'node\0server.js\0'],
      [11, 10, 'S', '/usr/lib/chromium/chromium\0--user-data-dir=/tmp/owned/p1\0about:blank\0'],
      [12, 11, 'S', '/usr/lib/chromium/chromium --type=renderer --user-data-dir=/tmp/owned/p1'],
      [13, 11, 'Z', ''],
      [20, 1, 'S', 'chromium\0--user-data-dir=/tmp/other\0'],
    ];
    for (const [pid, ppid, state, cmdline] of processes) {
      await mkdir(join(root, String(pid)));
      await writeFile(join(root, String(pid), 'stat'), stat(pid, ppid, state));
      await writeFile(join(root, String(pid), 'cmdline'), cmdline);
    }
    await mkdir(join(root, 'self'));
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('lists running processes with their arguments and leaves zombies out', () => {
    const processes = liveProcesses(root);
    expect(processes.map((process) => process.pid).sort()).toEqual([10, 11, 12, 20]);
    expect(processes.find((process) => process.pid === 12)?.args).toEqual(['/usr/lib/chromium/chromium', '--type=renderer', '--user-data-dir=/tmp/owned/p1']);
  });

  it('walks descendants parents first and finds profiles under a folder', () => {
    const processes = liveProcesses(root);
    expect(descendantsOf(10, processes).map((process) => process.pid)).toEqual([11, 12]);
    expect(processesWithProfileUnder('/tmp/owned', processes).map((process) => process.pid).sort()).toEqual([11, 12]);
  });
});
