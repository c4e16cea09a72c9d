import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { refusalResponse, toFailure, type CallOptions, type Driver, type DriverAnswer, type DriverMethod } from '@sightline/semantic-core';
import { annotationsFor } from './tool-annotations.js';
import { SIGHTLINE_TOOLS, type SightlineToolDefinition } from './tool-definitions.js';
import { toolResult } from './tool-result.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

/** What the server calls: semantic-core's Driver (any object with its verbs; `close` is the owner's). */
export type ServedDriver = Pick<Driver, DriverMethod>;

export interface SightlineMcpServerOptions {
  /** The Driver every tool call goes to; shared by all MCP connections of one process. */
  driver: ServedDriver;
}

const INSTRUCTIONS =
  'Sightline lets you see and operate a browser tab. Bind once with get_browser_state (launch, cdp_url, or pid + window_id from list_browser_windows) under a session name of your choosing, then snapshot the tab with get_browser_state (snapshot_format "semantic_v2"), act on a ref from that snapshot (browser_click, browser_type, …), and snapshot again before the next action. A refusal is a normal answer whose message says what to do next. Call end_session when done.';

/** The MCP server exposing every Sightline tool over `driver`. Connect it to any MCP transport. */
export function createSightlineMcpServer(options: SightlineMcpServerOptions): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of SIGHTLINE_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: annotationsFor(tool.kind, tool.title, tool.destructive),
      },
      (args: Record<string, unknown>, extra: { signal?: AbortSignal }) => callTool(options.driver, tool, args, extra.signal),
    );
  }
  return server;
}

/** Runs one tool call; never throws, so a bad call cannot wedge the connection. */
export async function callTool(
  driver: ServedDriver,
  tool: SightlineToolDefinition,
  args: Record<string, unknown> | undefined,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  const input = args ?? {};
  if (input.session === 'default') {
    return toolResult(
      tool,
      refusalResponse(
        'browser_invalid_request',
        'The session "default" is reserved for the CLI; choose a session name for your task (1-64 of A-Z a-z 0-9 . _ -), e.g. "research-1", and use it in every call.',
        { field: 'session' },
      ),
    );
  }
  const route = tool.route(input);
  if ('refusal' in route) return toolResult(tool, route);
  try {
    // The request's abort signal (client cancelled, connection closed) goes down to the transport:
    // a cancelled launch stops its browser (issue 17). Driver methods take it as an optional option.
    const method = driver[route.method] as (input: unknown, options?: CallOptions) => Promise<DriverAnswer>;
    return toolResult(tool, await method.call(driver, route.input, { signal }));
  } catch (error) {
    // The Driver never rejects; a replacement that does still gets a SPEC §7 body from the core.
    return toolResult(tool, toFailure(error));
  }
}
