// Feed the core a PageCapture from any collector and drive it through the Driver, with no browser:
// here a synthetic inbox page (300 hidden controls before the visible reply form) stands in for
// what a transport would hand over.
import { Driver } from '@sightline/semantic-core';
import { FakeBrowser, FakeBrowserTransport, syntheticInbox } from '@sightline/semantic-core/testing';

const capture = syntheticInbox({ elements: 5_000, hiddenControls: 300 });
const driver = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture }])) });

const bound = await driver.bind({ session: 'example', cdp_url: 'http://127.0.0.1:9222' });
if (bound.status !== 'ok') throw new Error(JSON.stringify(bound));

const snapshot = await driver.snapshot({
  session: 'example',
  target_id: bound.target_id,
  tab_id: bound.tabs[0].tab_id,
});
if (snapshot.status !== 'ok' || snapshot.snapshot.format !== 'semantic_v2') throw new Error(JSON.stringify(snapshot));

console.log(snapshot.outline);
console.log('omitted:', JSON.stringify(snapshot.snapshot.omitted));
console.log('continuation:', snapshot.snapshot.continuation);
await driver.close();
