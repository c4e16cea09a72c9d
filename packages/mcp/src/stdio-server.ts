import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Driver } from '@sightline/semantic-core';
import { createSightlineMcpServer, type ServedDriver } from './create-server.js';
import { createDefaultDriver } from './default-driver.js';

export interface StdioServerOptions {
  /** Defaults to the CDP transport plus this OS's native platform adapter; closed when the server stops. */
  driver?: ServedDriver & Pick<Driver, 'close'>;
}

export interface RunningStdioServer {
  server: McpServer;
  /** Ends every session (closing launched browsers) and the MCP connection. */
  close(): Promise<void>;
}

/**
 * Serves MCP over this process's stdin/stdout. When the client goes away (stdin ends) or the
 * process is asked to stop, every session ends and browsers the server launched are closed.
 * Nothing but MCP messages is written to stdout.
 */
export async function startStdioServer(options: StdioServerOptions = {}): Promise<RunningStdioServer> {
  const driver = options.driver ?? (await createDefaultDriver());
  const server = createSightlineMcpServer({ driver });
  const transport = new StdioServerTransport();
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await driver.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    })();
    return closing;
  };
  transport.onclose = () => void close();
  process.stdin.once('end', () => void close().then(() => process.exit(0)));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)));
  }
  await server.connect(transport);
  return { server, close };
}
