import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD_NAME } from '@sightline/cdp-transport';
import { readDigest, startTransportFixture, viewportRead, type TransportFixture } from './support/transport-fixture.js';

// A world of ours that holds no collector. Seen once on CI under load (the fault suite's hostile
// pages): a capture answered "Cannot read properties of undefined (reading 'capture')". Whatever
// left the world empty, the transport loads the collector into it and asks again.

let f: TransportFixture;

beforeAll(async () => {
  f = await startTransportFixture();
});
afterAll(async () => {
  await f?.close();
});

/** Runs `expression` in every collector world of the tab's main frame (over a side connection); their answers. */
async function inCollectorWorlds(expression: string): Promise<unknown[]> {
  const targets = await CDP.List({ host: '127.0.0.1', port: f.chromium.port });
  const page = targets.find((target) => target.type === 'page' && target.url.startsWith(f.server.mainOrigin));
  if (!page) throw new Error('the fixture tab is not listed');
  const side = await CDP({ host: '127.0.0.1', port: f.chromium.port, target: page.id });
  try {
    const worlds: number[] = [];
    side.Runtime.executionContextCreated(({ context }) => {
      const aux = context.auxData as { frameId?: string } | undefined;
      if (context.name === WORLD_NAME && aux?.frameId === page.id) worlds.push(context.id);
    });
    // Enabling replays the contexts that exist.
    await side.Runtime.enable();
    const answers: unknown[] = [];
    for (const contextId of worlds) answers.push((await side.Runtime.evaluate({ expression, contextId, returnByValue: true })).result.value);
    return answers;
  } finally {
    await side.close();
  }
}

describe('a collector world without its collector', () => {
  it('a capture loads the collector into the world again and reads what it read before', async () => {
    await f.open(f.server.inboxUrl(300));
    const before = readDigest(await f.connection.capture(f.tabKey, viewportRead()));
    expect(before.nodes.length).toBeGreaterThan(20);
    // Take the collector out of the world the transport calls (as if its load never ran).
    expect(await inCollectorWorlds('delete globalThis.__sightline')).toEqual([true]);
    expect(await inCollectorWorlds('typeof globalThis.__sightline')).toEqual(['undefined']);

    const after = readDigest(await f.connection.capture(f.tabKey, viewportRead()));
    expect(after).toEqual(before);
    expect(await inCollectorWorlds('typeof globalThis.__sightline')).toEqual(['object']);
  });
});
