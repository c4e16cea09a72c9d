import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createSightlineMcpServer, type ServedDriver } from './create-server.js';
import { guardRequest } from './loopback-guard.js';

export interface HttpServerOptions {
  driver: ServedDriver;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** The bearer token clients must send; generated when omitted. */
  token?: string;
}

export interface RunningHttpServer {
  /** e.g. http://127.0.0.1:8931/mcp */
  url: string;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A fresh bearer token: 32 random bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Streamable HTTP on 127.0.0.1 only, at `/mcp`. Every request needs the bearer token and a loopback
 * Origin (when it has one). Each MCP connection gets its own server; all share one Driver, whose
 * Sightline sessions keep their handles apart.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const token = options.token ?? generateToken();
  const transports = new Map<string, StreamableHTTPServerTransport>();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const verdict = guardRequest(request, token);
    if (!verdict.allowed) return sendJsonError(response, verdict.status, verdict.message);
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      return sendJsonError(response, 404, 'not found; the MCP endpoint is /mcp');
    }
    const sessionHeader = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (body instanceof Error) return sendJsonError(response, 400, body.message);

    let transport = sessionId === undefined ? undefined : transports.get(sessionId);
    if (!transport) {
      if (sessionId !== undefined || request.method !== 'POST' || !isInitializeRequest(body)) {
        return sendJsonError(response, sessionId === undefined ? 400 : 404, 'no such MCP session; initialize first');
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, created);
        },
      });
      created.onclose = () => {
        if (created.sessionId !== undefined) transports.delete(created.sessionId);
      };
      await createSightlineMcpServer({ driver: options.driver }).connect(created);
      transport = created;
    }
    await transport.handleRequest(request, response, body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJsonError(response, 500, error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJsonError(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return new Error('request body is not JSON');
  }
}
