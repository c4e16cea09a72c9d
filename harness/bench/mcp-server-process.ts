import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The built MCP server (`sightline-mcp`), as `npm i -g @sightline/mcp` installs its bin. */
const BIN = fileURLToPath(new URL('../../../packages/mcp/dist/bin.js', import.meta.url));

/** A `sightline-mcp --http` process of its own, so its memory is measured alone. */
export interface McpServerProcess {
  pid: number;
  url: string;
  /** A new MCP client over Streamable HTTP (one MCP session). */
  client(name: string): Promise<Client>;
  /** Current and peak resident set (MB) of the server process, from /proc (Linux). */
  rssMb(): { now: number; peak: number } | null;
  stop(): Promise<void>;
}

export async function startMcpServerProcess(env: NodeJS.ProcessEnv = {}): Promise<McpServerProcess> {
  const token = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [BIN, '--http', '0', '--token', token], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`sightline-mcp did not start in 60 s: ${stderr}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /Streamable HTTP on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sightline-mcp exited (${String(code)}) before serving: ${stderr}`));
    });
  });
  child.stderr!.resume();
  return {
    pid: child.pid!,
    url,
    async client(name) {
      const client = new Client({ name, version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      return client;
    },
    rssMb: () => statusMb(child.pid!),
    stop: () => stopChild(child),
  };
}

/** VmRSS and VmHWM (the process's peak) of a process, in MB. */
function statusMb(pid: number): { now: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** SIGTERM (the server ends its sessions and closes the browsers it launched), then SIGKILL after 30 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the highest sample (MB). */
export function sampleRss(read: () => { now: number } | null, intervalMs = 100): () => number {
  let peak = read()?.now ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, read()?.now ?? 0);
  }, intervalMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read()?.now ?? 0);
  };
}
