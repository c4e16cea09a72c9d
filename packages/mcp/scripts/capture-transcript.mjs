#!/usr/bin/env node
// Prints a real MCP session (built server over stdio, harness fixture, managed Chromium) as the
// Markdown transcript used in the README: bind → snapshot → type → snapshot → click → snapshot, then a stale ref.
// Usage: node scripts/capture-transcript.mjs  (after building @sightline/mcp and @sightline/harness)
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFixtureServer } from '@sightline/harness';

const fixture = await startFixtureServer();
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [fileURLToPath(new URL('../dist/bin.js', import.meta.url))],
  env: { ...process.env, SIGHTLINE_CHROME: process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium' },
});
const client = new Client({ name: 'transcript', version: '0' });
await client.connect(transport);
const port = new URL(fixture.mainOrigin).port;
const scrub = (text) => text.replaceAll(fixture.mainOrigin, 'http://127.0.0.1:PORT').replaceAll(`:${port}`, ':PORT');
const out = [];

async function step(name, args, { show = 'text', maxLines = 45 } = {}) {
  const result = await client.callTool({ name, arguments: args });
  out.push(`→ ${name} ${scrub(JSON.stringify(args))}`);
  const text = result.content.find((item) => item.type === 'text')?.text ?? '';
  const lines = scrub(show === 'json' ? JSON.stringify(result.structuredContent, null, 2) : text).split('\n');
  const shown = lines.length > maxLines ? [...lines.slice(0, maxLines), `… (${lines.length - maxLines} more lines)`] : lines;
  out.push(`← isError: ${result.isError ?? false}`, ...shown.map((line) => `  ${line}`), '');
  return result.structuredContent;
}

try {
  const bound = await step('get_browser_state', { session: 'demo', launch: { url: fixture.urls.app } });
  const tab = { session: 'demo', target_id: bound.target_id, tab_id: bound.tabs[0].tab_id };
  const first = await step('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', node_budget: 40 });
  const ref = (snapshot, name) => snapshot.refs.find((r) => r.name === name && r.visibility === 'in_viewport').ref;
  const form = first.content_refs.find((r) => r.role === 'form' && r.name === 'Reply').ref;
  await step('browser_type', { ...tab, ref: ref(first, 'Reply body'), text: 'Thanks, see you Friday.' }, { show: 'json' });
  const second = await step('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', scope_ref: form });
  await step('browser_click', { ...tab, ref: ref(second, 'Send') }, { show: 'json' });
  await step('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', query: 'Reply sent' });
  await step('browser_click', { ...tab, ref: ref(first, 'Send') }, { show: 'json' });
  await step('end_session', { session: 'demo' });
} finally {
  process.stdout.write(`${out.join('\n')}\n`);
  await client.close();
  await fixture.close();
}
