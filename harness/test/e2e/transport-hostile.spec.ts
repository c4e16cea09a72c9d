import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateInPage, HOSTILE_HIDDEN_CONTROLS } from '../../src/index.js';
import { findNodes, startTransportFixture, viewportRead, type TransportFixture } from './support/transport-fixture.js';

// SPEC §8: the collector runs in an isolated world, so main-world patches of geometry and style
// APIs (the /generated/hostile page) cannot change what it sees.

let fixture: TransportFixture;

beforeAll(async () => {
  fixture = await startTransportFixture();
  await fixture.open(fixture.server.urls.hostile);
});
afterAll(async () => {
  await fixture?.close();
});

describe('hostile page', () => {
  it('sees the truth through patched getBoundingClientRect, getComputedStyle, checkVisibility and elementFromPoint', async () => {
    const callsBefore = await evaluateInPage(fixture.chromium.port, fixture.server.urls.hostile, 'window.__sightlineHostileCalls');
    const capture = await fixture.connection.capture(fixture.tabKey, viewportRead());
    const reply = findNodes(capture, 'textbox', 'Reply body')[0];
    const send = findNodes(capture, 'button', 'Send')[0];
    // The page's elementFromPoint always answers with a hidden trap; the isolated world's does not.
    expect(reply).toBeDefined();
    expect(send).toBeDefined();
    expect(reply!.hit === undefined || reply!.hit === 'clear').toBe(true);
    expect(send!.hit === undefined || send!.hit === 'clear').toBe(true);
    expect(send!.box!.width).toBeGreaterThan(0);
    expect(send!.style!.display).not.toBe('none');
    expect(capture.nodes.some((n) => n.name.startsWith('Hidden trap'))).toBe(false);
    // Every trap button (and its text) is counted hidden.
    expect(capture.coverage.outside!.css_hidden).toBeGreaterThanOrEqual(HOSTILE_HIDDEN_CONTROLS);
    // The page's lying functions were never called by the collector.
    const callsAfter = await evaluateInPage(fixture.chromium.port, fixture.server.urls.hostile, 'window.__sightlineHostileCalls');
    expect(callsAfter).toBe(callsBefore);
  });
});
