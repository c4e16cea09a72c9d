import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListenerTree, type ListenerTree } from '@sightline/platform-desktop/testing';
import { listeningEndpoints, processFingerprint, processTree, socketInodeFromLink } from '../src/index.js';

const TCP_HEADER = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
const row = (sl: number, local: string, state: string, inode: number) =>
  `   ${sl}: ${local} 00000000:0000 ${state} 00000000:00000000 00:00000000 00000000  1000        0 ${inode} 1 0000000000000000 100 0 0 10 0\n`;
const stat = (pid: number, comm: string, ppid: number, start: number) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 ${start} 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n`;

interface FakeProcess {
  pid: number;
  ppid: number;
  comm: string;
  sockets: number[];
  netns?: string;
}

/** Builds a fake /proc tree: stat, fd symlinks `socket:[inode]`, ns/net, net/tcp{,6}. */
async function fakeProc(processes: FakeProcess[], tcp: string, tcp6: string, withChildrenFiles: boolean): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'fake-proc-'));
  for (const proc of processes) {
    const dir = join(root, String(proc.pid));
    await mkdir(join(dir, 'fd'), { recursive: true });
    await mkdir(join(dir, 'ns'), { recursive: true });
    await mkdir(join(dir, 'net'), { recursive: true });
    await mkdir(join(dir, 'task', String(proc.pid)), { recursive: true });
    await writeFile(join(dir, 'stat'), stat(proc.pid, proc.comm, proc.ppid, 1000 + proc.pid));
    if (withChildrenFiles) {
      const children = processes.filter((p) => p.ppid === proc.pid).map((p) => p.pid);
      await writeFile(join(dir, 'task', String(proc.pid), 'children'), children.map((c) => `${c} `).join(''));
    }
    await symlink('/dev/null', join(dir, 'fd', '0'));
    for (const [index, inode] of proc.sockets.entries()) await symlink(`socket:[${inode}]`, join(dir, 'fd', String(index + 3)));
    await symlink(proc.netns ?? 'net:[4026531840]', join(dir, 'ns', 'net'));
    await writeFile(join(dir, 'net', 'tcp'), tcp);
    await writeFile(join(dir, 'net', 'tcp6'), tcp6);
  }
  return root;
}

const PROCESSES: FakeProcess[] = [
  { pid: 100, ppid: 1, comm: 'chrome', sockets: [5001] }, // browser: DevTools socket on 127.0.0.1
  { pid: 110, ppid: 100, comm: 'chrome', sockets: [5001] }, // zygote inherited the same socket
  { pid: 120, ppid: 110, comm: 'Chrome_ChildIOT', sockets: [5002, 5003, 5004] }, // grandchild: ::1, mapped, wildcard
  { pid: 200, ppid: 1, comm: 'other', sockets: [5005] }, // unrelated process
];
const TCP = TCP_HEADER + row(0, '0100007F:2382', '0A', 5001) + row(1, '0100007F:1F90', '0A', 5005);
const TCP6 =
  TCP_HEADER +
  row(0, '00000000000000000000000001000000:1F91', '0A', 5002) +
  row(1, '0000000000000000FFFF00000100007F:1F92', '0A', 5003) +
  row(2, '00000000000000000000000000000000:1F93', '0A', 5004);

describe('listeningEndpoints over a recorded /proc tree', () => {
  for (const withChildrenFiles of [true, false]) {
    it(`joins descendants' fds with tcp/tcp6 (${withChildrenFiles ? 'task children files' : 'stat ppid scan'})`, async () => {
      const root = await fakeProc(PROCESSES, TCP, TCP6, withChildrenFiles);
      try {
        expect(await processTree(100, root)).toEqual([100, 110, 120]);
        const endpoints = await listeningEndpoints(100, { procRoot: root });
        expect(endpoints).toEqual([
          { pid: 100, host: '127.0.0.1', port: 9090 },
          { pid: 120, host: '::1', port: 8081 },
          { pid: 120, host: '127.0.0.1', port: 8082 },
        ]);
        expect(await listeningEndpoints(200, { procRoot: root })).toEqual([{ pid: 200, host: '127.0.0.1', port: 8080 }]);
        expect(await listeningEndpoints(999, { procRoot: root })).toEqual([]);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });
  }

  it('reads a child in another network namespace from its own net/tcp', async () => {
    const processes: FakeProcess[] = [
      { pid: 300, ppid: 1, comm: 'browser', sockets: [] },
      { pid: 301, ppid: 300, comm: 'netns-child', sockets: [7001], netns: 'net:[4026532999]' },
    ];
    const root = await fakeProc(processes, TCP_HEADER, TCP_HEADER, true);
    try {
      await writeFile(join(root, '301', 'net', 'tcp'), TCP_HEADER + row(0, '0100007F:0BB8', '0A', 7001));
      expect(await listeningEndpoints(300, { procRoot: root })).toEqual([{ pid: 301, host: '127.0.0.1', port: 3000 }]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('parses fd link texts', () => {
    expect(socketInodeFromLink('socket:[123456]')).toBe(123456);
    expect(socketInodeFromLink('pipe:[1]')).toBeNull();
    expect(socketInodeFromLink('/dev/null')).toBeNull();
  });
});

describe('listeningEndpoints against the real /proc', () => {
  let tree: ListenerTree;

  // The tree's sockets belong to the grandchild only, so finding them proves the descendant walk
  // and the tcp6 join.
  beforeAll(async () => {
    tree = await startListenerTree();
  });

  afterAll(() => tree?.stop());

  it('finds the grandchild-owned loopback listeners from the parent pid', async () => {
    const endpoints = await listeningEndpoints(tree.parent.pid as number);
    for (const expected of tree.expectedEndpoints()) expect(endpoints).toContainEqual(expected);
    expect(endpoints.every((endpoint) => endpoint.pid === tree.grandchild)).toBe(true);
  });

  it('fingerprints a live process stably and returns null for a missing one', async () => {
    const first = await processFingerprint(tree.parent.pid as number);
    const second = await processFingerprint(tree.parent.pid as number);
    expect(first).not.toBeNull();
    expect(first).toEqual(second);
    expect(first?.executable).toBe(process.execPath);
    expect(await processFingerprint(2 ** 22 + 7)).toBeNull();
  });
});
