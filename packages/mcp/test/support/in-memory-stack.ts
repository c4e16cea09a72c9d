import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Driver } from '@sightline/semantic-core';
import { FakeBrowser, FakeBrowserTransport, FakeNativePlatform, fakeMailPage } from '@sightline/semantic-core/testing';
import { createSightlineMcpServer } from '../../src/index.js';

export interface InMemoryStack {
  client: Client;
  browser: FakeBrowser;
  transport: FakeBrowserTransport;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** semantic-core's Driver over its fake ports, served by the MCP server, reached by an SDK Client over a linked in-memory pair. */
export async function startInMemoryStack(): Promise<InMemoryStack> {
  const browser = new FakeBrowser([{ capture: fakeMailPage(), url: 'http://127.0.0.1/fixture', title: 'Inbox' }]);
  const transport = new FakeBrowserTransport(browser);
  const platform = new FakeNativePlatform({
    windows: [{ pid: 4242, windowId: 77, title: 'Inbox - Chromium', bounds: { x: 0, y: 0, width: 1280, height: 800 }, app: 'chromium' }],
  });
  const driver = new Driver({ transport, platform });
  const server = createSightlineMcpServer({ driver });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'sightline-mcp-test', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    browser,
    transport,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as never,
    close: async () => {
      await client.close();
      await server.close();
      await driver.close();
    },
  };
}

export interface BoundTab {
  session: string;
  target_id: string;
  tab_id: string;
}

/** Binds `session` through the explicit route and returns its tab address. */
export async function bindSession(stack: InMemoryStack, session: string): Promise<BoundTab> {
  const bound = await stack.call('get_browser_state', { session, cdp_url: 'ws://127.0.0.1:9222/devtools/browser/fake' });
  if (bound.structuredContent.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound.structuredContent)}`);
  const tabs = bound.structuredContent.tabs as Array<{ tab_id: string }>;
  return { session, target_id: bound.structuredContent.target_id as string, tab_id: (tabs[0] as { tab_id: string }).tab_id };
}

export interface SemanticRef {
  ref: string;
  role: string;
  name: string;
  actions: string[];
}

/** Takes a semantic_v2 snapshot and returns its refs and content refs. */
export async function snapshotRefs(stack: InMemoryStack, tab: BoundTab, extra: Record<string, unknown> = {}) {
  const result = await stack.call('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', ...extra });
  if (result.structuredContent.status !== 'ok') throw new Error(`snapshot failed: ${JSON.stringify(result.structuredContent)}`);
  const body = result.structuredContent as { refs: SemanticRef[]; content_refs: SemanticRef[]; snapshot: { id: string } };
  const find = (name: string) => {
    const ref = body.refs.find((candidate) => candidate.name === name);
    if (!ref) throw new Error(`no ref named ${name} in ${JSON.stringify(body.refs.map((candidate) => candidate.name))}`);
    return ref.ref;
  };
  return { result, body, find };
}
