import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { createSightlineMcpServer } from '@sightline/mcp';
import { Driver } from '@sightline/semantic-core';

/** The tab address every tab-level tool takes. */
export interface TabAddress {
  session: string;
  target_id: string;
  tab_id: string;
}

export type ToolBody = Record<string, unknown> & { status?: string };

/**
 * What an agent has: an MCP client connected in-process to the Sightline MCP server (the real
 * Driver over the CDP transport). Every call the lane makes to the app goes through `call`.
 */
export interface McpAgent {
  client: Client;
  /** Calls a tool and returns its structuredContent (or a synthetic error body for a protocol-level error). */
  call(name: string, args: Record<string, unknown>): Promise<ToolBody>;
  close(): Promise<void>;
}

export async function startMcpAgent(): Promise<McpAgent> {
  const driver = new Driver({ transport: new CdpBrowserTransport() });
  const server = createSightlineMcpServer({ driver });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'sightline-apps-lane', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    async call(name, args) {
      const result = (await client.callTool({ name, arguments: args })) as {
        structuredContent?: ToolBody;
        isError?: boolean;
        content?: Array<{ type: string; text?: string }>;
      };
      if (result.structuredContent) return result.structuredContent;
      // An unknown tool (a verb not merged yet) or a protocol error: no structured body.
      const text = (result.content ?? []).map((part) => part.text ?? '').join(' ');
      return { status: 'error', error: { code: 'mcp_error', message: text || 'no structured result' } };
    },
    async close() {
      await client.close();
      await server.close();
      await driver.close();
    },
  };
}
