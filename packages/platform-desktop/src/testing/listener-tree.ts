import { spawn, type ChildProcess } from 'node:child_process';
import type { ListeningEndpoint } from '@sightline/semantic-core';

/**
 * A real process tree for endpoint-proof tests on any OS: `node` (the parent) starts a grandchild
 * listening on 127.0.0.1 and ::1 (when the host has IPv6). The sockets belong to the grandchild
 * only, so finding them from the parent pid proves the descendant walk.
 */
export interface ListenerTree {
  parent: ChildProcess;
  grandchild: number;
  v4: number;
  v6: number | null;
  /** The endpoints a platform must report for `parent.pid`: the grandchild's, v4 and (if any) v6. */
  expectedEndpoints(): ListeningEndpoint[];
  stop(): void;
}

/** How long the helper may take to report its ports (a busy machine starts node slowly). */
const REPORT_TIMEOUT_MS = 30_000;

export async function startListenerTree(): Promise<ListenerTree> {
  const grandchild = `
    const net = require('node:net');
    process.on('disconnect', () => process.exit(0));
    const a = net.createServer().listen(0, '127.0.0.1', () => {
      const b = net.createServer();
      b.on('error', () => process.send({ v4: a.address().port, v6: null, grandchild: process.pid }));
      b.listen(0, '::1', () => process.send({ v4: a.address().port, v6: b.address().port, grandchild: process.pid }));
    });`;
  const parentScript = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.on('message', (m) => process.send(m));
    child.on('exit', (code) => process.exit(code ?? 1));
    process.on('disconnect', () => { child.kill(); process.exit(0); });`;
  const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ports = await new Promise<{ v4: number; v6: number | null; grandchild: number }>((resolve, reject) => {
    parent.once('message', (message) => resolve(message as { v4: number; v6: number | null; grandchild: number }));
    parent.once('exit', (code) => reject(new Error(`helper exited ${code}`)));
    setTimeout(() => reject(new Error('helper did not report its ports')), REPORT_TIMEOUT_MS).unref();
  });
  return {
    parent,
    ...ports,
    expectedEndpoints() {
      const endpoints: ListeningEndpoint[] = [{ pid: ports.grandchild, host: '127.0.0.1', port: ports.v4 }];
      if (ports.v6 !== null) endpoints.push({ pid: ports.grandchild, host: '::1', port: ports.v6 });
      return endpoints;
    },
    stop() {
      try {
        process.kill(ports.grandchild);
      } catch {
        // already exited
      }
      parent.kill();
    },
  };
}
