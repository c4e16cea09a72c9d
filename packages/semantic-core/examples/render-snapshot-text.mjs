// The one text rendering of a snapshot answer, as the MCP server and the CLI print it: the outline,
// then what was omitted and why, the limits hit and how to read the rest (the caller names its own
// follow-up command), and a line about a blocking JavaScript dialog when one is open.
import { Driver, renderSnapshotText } from '@sightline/semantic-core';
import { FakeBrowser, FakeBrowserTransport, syntheticInbox } from '@sightline/semantic-core/testing';

const capture = syntheticInbox({ elements: 2_000, hiddenControls: 300 });
const driver = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture }])) });

const bound = await driver.bind({ session: 'example', cdp_url: 'http://127.0.0.1:9222' });
if (bound.status !== 'ok') throw new Error(JSON.stringify(bound));
const snapshot = await driver.snapshot({ session: 'example', target_id: bound.target_id, tab_id: bound.tabs[0].tab_id, node_budget: 12 });
if (snapshot.status !== 'ok') throw new Error(JSON.stringify(snapshot));

console.log(renderSnapshotText(snapshot, { moreHint: (continuation) => `snapshot with continuation ${continuation}` }));
await driver.close();
