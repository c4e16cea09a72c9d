import { readFile, readdir, readlink } from 'node:fs/promises';
import type { ListeningEndpoint } from '@sightline/semantic-core';
import { loopbackListeners, parseProcNetTcp, type Endianness } from './proc-net-tcp.js';
import { processTree } from './proc-process-tree.js';

/**
 * Loopback listening sockets owned by a process tree: socket inodes from `/proc/<pid>/fd`
 * joined with `/proc/<pid>/net/tcp{,6}` (read once per network namespace).
 */

/** Extracts the inode from an fd link text such as `socket:[123456]`. */
export function socketInodeFromLink(link: string): number | null {
  const match = /^socket:\[(\d+)\]$/.exec(link);
  return match ? Number(match[1]) : null;
}

export async function socketInodes(pid: number, procRoot = '/proc'): Promise<Set<number>> {
  const inodes = new Set<number>();
  let fds: string[];
  try {
    fds = await readdir(`${procRoot}/${pid}/fd`);
  } catch {
    return inodes;
  }
  await Promise.all(
    fds.map(async (fd) => {
      try {
        const inode = socketInodeFromLink(await readlink(`${procRoot}/${pid}/fd/${fd}`));
        if (inode !== null) inodes.add(inode);
      } catch {
        // fd closed between readdir and readlink
      }
    }),
  );
  return inodes;
}

async function readOptional(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

async function networkNamespace(pid: number, procRoot: string): Promise<string> {
  try {
    return await readlink(`${procRoot}/${pid}/ns/net`);
  } catch {
    return `unknown:${pid}`;
  }
}

export interface ListeningEndpointOptions {
  procRoot?: string;
  endianness?: Endianness;
}

export async function listeningEndpoints(pid: number, options: ListeningEndpointOptions = {}): Promise<ListeningEndpoint[]> {
  const procRoot = options.procRoot ?? '/proc';
  const endianness = options.endianness ?? 'LE';
  const pids = await processTree(pid, procRoot);
  const owners = await Promise.all(
    pids.map(async (owner) => ({
      pid: owner,
      inodes: await socketInodes(owner, procRoot),
      namespace: await networkNamespace(owner, procRoot),
    })),
  );
  const result: ListeningEndpoint[] = [];
  const reported = new Set<number>();
  const tablesByNamespace = new Map<string, Promise<ReturnType<typeof loopbackListeners>>>();
  for (const owner of owners) {
    if (owner.inodes.size === 0) continue;
    let table = tablesByNamespace.get(owner.namespace);
    if (!table) {
      table = Promise.all([
        readOptional(`${procRoot}/${owner.pid}/net/tcp`),
        readOptional(`${procRoot}/${owner.pid}/net/tcp6`),
      ]).then(([tcp, tcp6]) => loopbackListeners([...parseProcNetTcp(tcp, endianness), ...parseProcNetTcp(tcp6, endianness)]));
      tablesByNamespace.set(owner.namespace, table);
    }
    for (const row of await table) {
      // A socket inherited by several processes of the tree is reported once, for the topmost owner.
      if (owner.inodes.has(row.inode) && !reported.has(row.inode)) {
        reported.add(row.inode);
        result.push({ pid: owner.pid, host: row.host, port: row.port });
      }
    }
  }
  return result;
}
