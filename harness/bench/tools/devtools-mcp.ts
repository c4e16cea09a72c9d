import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { BenchTool, Capture, ToolContext, ToolSession } from './types.js';

const require = createRequire(import.meta.url);

function serverScript(): string {
  const root = dirname(require.resolve('chrome-devtools-mcp/package.json'));
  const pkg = require('chrome-devtools-mcp/package.json') as { bin: Record<string, string> };
  const bin = pkg.bin['chrome-devtools-mcp'];
  if (!bin) throw new Error('chrome-devtools-mcp declares no chrome-devtools-mcp bin');
  return join(root, bin);
}

interface ToolResult {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
}

function textOf(result: ToolResult): string {
  return (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text ?? '').join('\n');
}

/** chrome-devtools-mcp's `take_snapshot`, through a real MCP client over stdio, attached with --browserUrl. */
export const devtoolsMcpTool: BenchTool = {
  id: 'devtools-mcp',
  label: 'chrome-devtools-mcp take_snapshot',
  invocation: 'MCP Client + StdioClientTransport → chrome-devtools-mcp --browserUrl http://127.0.0.1:<port> --no-usage-statistics --no-performance-crux; tools/call take_snapshot {pageId}; output = the text content',
  async probe() {
    try {
      serverScript();
      return null;
    } catch (error) {
      return `chrome-devtools-mcp not installed: ${(error as Error).message}`;
    }
  },
  async open(context: ToolContext): Promise<ToolSession> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [serverScript(), '--browserUrl', context.httpEndpoint, '--no-usage-statistics', '--no-performance-crux'],
      env: { ...(process.env as Record<string, string>), CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'sightline-bench', version: '0.0.0' });
    await client.connect(transport, { timeout: 60_000 });
    try {
      const listing = textOf((await client.callTool({ name: 'list_pages', arguments: {} }, undefined, { timeout: 60_000 })) as ToolResult);
      // "## Pages\n1: <url> [selected]"
      const lines = listing.split('\n').map((line) => /^(\d+): (\S+)/.exec(line)).filter((match): match is RegExpExecArray => match !== null);
      const line = lines.find((match) => match[2] === context.tabUrl) ?? (lines.length === 1 ? lines[0] : undefined);
      if (!line) throw new Error(`list_pages shows no ${context.tabUrl}: ${listing.slice(0, 300)}`);
      const pageId = Number(line[1]);
      return {
        async snapshot(timeoutMs: number): Promise<Capture> {
          const result = (await client.callTool({ name: 'take_snapshot', arguments: { pageId } }, undefined, { timeout: timeoutMs })) as ToolResult;
          const text = textOf(result);
          if (result.isError) throw new Error(`take_snapshot failed: ${text.slice(0, 300)}`);
          return { text };
        },
        async close(): Promise<void> {
          await client.close();
        },
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  },
};
