#!/usr/bin/env node
// Records the fixture mail app's default view as a PageCapture, through CdpBrowserTransport with
// every node shipped (coverage.included 'all'), into captures/mail-app.capture.json.
//
//   pnpm --filter @sightline/harness build && pnpm --filter @sightline/cdp-transport build
//   node harness/scripts/record-capture.mjs [out.json]
//
// The capture holds no raw CDP id: frames are `fr<N>`/`doc<N>`, handles are the collector's
// in-page integers. The two loopback origins (random ports) are replaced by stable placeholders.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { pageCaptureSchema } from '@sightline/semantic-core';
import { launchTestChromium, startFixtureServer } from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '..', 'captures', 'mail-app.capture.json');
export const MAIN_ORIGIN_PLACEHOLDER = 'http://127.0.0.1:40001';
export const SECOND_ORIGIN_PLACEHOLDER = 'http://localhost:40002';

const server = await startFixtureServer();
const chromium = await launchTestChromium({ windowSize: { width: 1280, height: 800 } });
let connection;
try {
  connection = await new CdpBrowserTransport({ shipAll: true }).connect(chromium.httpEndpoint);
  const [tab] = await connection.listTabs();
  await connection.prepareTab(tab.key, { width: 1280, height: 800 }, server.urls.app);
  // Let the virtualized list settle (it renders on load and on the first scroll event).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const capture = await connection.capture(tab.key, { scope: { kind: 'viewport' }, nodeBudget: 300, interactiveOnly: false });
  pageCaptureSchema.parse(capture);
  if (capture.coverage.included !== 'all') throw new Error(`expected coverage 'all', got ${capture.coverage.included}`);
  const text = format(capture).split(server.mainOrigin).join(MAIN_ORIGIN_PLACEHOLDER).split(server.secondOrigin).join(SECOND_ORIGIN_PLACEHOLDER);
  if (/[0-9A-F]{32}/.test(text)) throw new Error('a raw CDP identifier leaked into the capture');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(`wrote ${out}: ${capture.nodes.length} nodes, ${capture.frames.length} frames, ${text.length} bytes`);
} finally {
  await connection?.close();
  await chromium.close();
  await server.close();
}

/** Pretty top level, one node per line: small and diffable. */
function format(capture) {
  const { nodes, ...rest } = capture;
  const head = JSON.stringify({ ...rest, nodes: [] }, null, 2);
  const lines = nodes.map((node) => '    ' + JSON.stringify(node));
  return head.replace('"nodes": []', `"nodes": [\n${lines.join(',\n')}\n  ]`) + '\n';
}
