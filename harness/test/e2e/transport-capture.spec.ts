import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCaptureSchema, type PageCapture } from '@sightline/semantic-core';
import { classifyPage } from '@sightline/semantic-core/page-safe';
import { ancestorsOf, findNodes, startTransportFixture, viewportRead, type TransportFixture } from './support/transport-fixture.js';

// SPEC §8 capture of the fixture mail app through CdpBrowserTransport (rows 1, 3, 4, 5 at the
// transport level; the same rows through the Driver live in driver-snapshot.spec.ts).

let fixture: TransportFixture;
let capture: PageCapture;

beforeAll(async () => {
  fixture = await startTransportFixture();
  await fixture.open(fixture.server.urls.app);
  capture = await fixture.connection.capture(fixture.tabKey, viewportRead());
});
afterAll(async () => {
  await fixture?.close();
});

describe('default capture of the mail app', () => {
  it('is a valid PageCapture with a ranked prefix and counts for the rest', () => {
    expect(() => pageCaptureSchema.parse(capture)).not.toThrow();
    expect(capture.coverage.included).toBe('ranked_prefix');
    expect(capture.coverage.exhausted).toEqual([]);
    expect(capture.coverage.ranking).toBeDefined();
    expect(capture.coverage.ranking!.shipped).toBeLessThanOrEqual(capture.coverage.ranking!.total);
    expect(capture.viewport).toEqual({ width: 1280, height: 800 });
  });

  it('row 1: holds heading, body text, "Reply body" and "Send" although 300+ hidden controls come first', () => {
    expect(findNodes(capture, 'heading', 'Quarterly planning review')[0]?.states?.level).toBe(1);
    expect(capture.nodes.some((n) => n.kind === 'text' && n.name.startsWith('Hi team, attached are the numbers'))).toBe(true);
    const reply = findNodes(capture, 'textbox', 'Reply body');
    expect(reply).toHaveLength(1);
    expect(findNodes(capture, 'button', 'Send')).toHaveLength(1);
    // Hidden retained controls are counted, never shipped.
    expect(capture.coverage.outside!.css_hidden).toBeGreaterThanOrEqual(300);
    expect(capture.nodes.some((n) => n.name.startsWith('Label Archive 20'))).toBe(false);
    expect(capture.nodes.some((n) => n.name === 'Discard draft')).toBe(false);
    // The core's own rules agree: actionable in-viewport nodes, hidden ones removed and counted.
    const page = classifyPage(capture);
    expect(page.removed.css_hidden).toBeGreaterThanOrEqual(300);
    const send = page.nodes.find((n) => n.role === 'button' && n.name === 'Send');
    expect(send?.visibility).toBe('in_viewport');
    expect(send?.actions).toContain('click');
    const replyNode = page.nodes.find((n) => n.role === 'textbox' && n.name === 'Reply body');
    expect(replyNode?.actions).toContain('type');
  });

  it('row 3: composes nested open shadow roots and reaches the closed one', () => {
    const call = findNodes(capture, 'button', 'Call sender');
    expect(call).toHaveLength(1);
    // sl-contact-card (open) > sl-contact-actions (open, nested) > button
    const chain = ancestorsOf(capture, capture.nodes.indexOf(call[0]!)).map((n) => n.tag);
    expect(chain).toContain('sl-contact-actions');
    expect(chain).toContain('sl-contact-card');
    const reveal = findNodes(capture, 'button', 'Reveal note');
    expect(reveal).toHaveLength(1);
    expect(ancestorsOf(capture, capture.nodes.indexOf(reveal[0]!)).map((n) => n.tag)).toContain('sl-secure-note');
    expect(capture.nodes.some((n) => n.kind === 'text' && n.name === 'Encrypted note from Dana')).toBe(true);
  });

  it('row 4: same-process and out-of-process frame content, nested under their iframes', () => {
    expect(capture.frames).toHaveLength(3);
    const [main, ...children] = capture.frames;
    expect(main!.ownerNode).toBeNull();
    const calendar = children.find((f) => f.title === 'Calendar')!;
    const translator = children.find((f) => f.title === 'Translator')!;
    expect(calendar).toMatchObject({ outOfProcess: false, status: 'captured' });
    expect(translator).toMatchObject({ outOfProcess: true, status: 'captured' });
    expect(capture.coverage.oopif).toEqual({ status: 'attached', frames: 1 });
    const accept = findNodes(capture, 'button', 'Accept invite')[0]!;
    const translate = findNodes(capture, 'button', 'Translate message')[0]!;
    expect(accept.frame).toBe(calendar.key);
    expect(translate.frame).toBe(translator.key);
    expect(accept.frame).not.toBe(main!.key);
    // Content sits under its <iframe> node, in top-level viewport coordinates inside the frame box.
    for (const [frame, node] of [[calendar, accept], [translator, translate]] as const) {
      const owner = capture.nodes[frame.ownerNode!]!;
      expect(owner.tag).toBe('iframe');
      expect(ancestorsOf(capture, capture.nodes.indexOf(node))).toContain(owner);
      expect(node.box!.y).toBeGreaterThanOrEqual(owner.box!.y);
      expect(node.box!.y + node.box!.height).toBeLessThanOrEqual(owner.box!.y + owner.box!.height + 1);
      // Nothing overlays the sidebar: not covered (hit-tested only where an overlay overlaps).
      expect(node.hit === undefined || node.hit === 'clear').toBe(true);
    }
  });

  it('row 5: the two "Archive" buttons are distinct nodes; a query returns both with their regions', async () => {
    const archives = findNodes(capture, 'button', 'Archive');
    expect(archives).toHaveLength(2);
    expect(archives[0]!.handle).not.toBe(archives[1]!.handle);
    const result = await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'query', text: 'archive' }, nodeBudget: 300, interactiveOnly: false });
    const hits = findNodes(result, 'button', 'Archive');
    expect(hits.map((n) => n.handle).sort()).toEqual(archives.map((n) => n.handle).sort());
    const regions = hits.map((hit) => ancestorsOf(result, result.nodes.indexOf(hit)).find((a) => a.role === 'region')?.name);
    expect(regions.sort()).toEqual(['Inbox tools', 'Message tools']);
    // Hidden "Label Archive …" controls never match.
    expect(result.nodes.some((n) => n.name.startsWith('Label Archive'))).toBe(false);
  });

  it('never ships secret values; only whether the field is filled', () => {
    const text = JSON.stringify(capture);
    expect(text).not.toContain('fixture-password-1');
    expect(text).not.toContain('482913');
    const password = capture.nodes.find((n) => n.attributes?.inputType === 'password')!;
    expect(password.value).toBe('••••');
  });

  it('keeps element handles stable across captures of the same document', async () => {
    const again = await fixture.connection.capture(fixture.tabKey, viewportRead());
    const before = findNodes(capture, 'button', 'Send')[0]!.handle;
    expect(findNodes(again, 'button', 'Send')[0]!.handle).toBe(before);
    expect(again.frames[0]!.documentKey).toBe(capture.frames[0]!.documentKey);
  });

  it('contains no raw CDP identifiers', () => {
    const text = JSON.stringify(capture);
    expect(text).not.toMatch(/[0-9A-F]{32}/);
    for (const frame of capture.frames) {
      expect(frame.key).toMatch(/^fr\d+$/);
      expect(frame.documentKey).toMatch(/^doc\d+$/);
    }
    for (const node of capture.nodes) expect(node.handle).toMatch(/^\d+$/);
  });
});

describe('a tab that closed before its first read', () => {
  it('is refused as browser_tab_not_found (the attach itself finds it gone), and the connection keeps serving', async () => {
    const CDP = (await import('chrome-remote-interface')).default;
    const side = await CDP({ host: '127.0.0.1', port: fixture.chromium.port, local: true, target: fixture.chromium.wsEndpoint });
    try {
      const { targetId } = await side.Target.createTarget({ url: 'about:blank', background: true });
      expect((await fixture.connection.listTabs()).map((tab) => tab.key)).toContain(targetId);
      await side.Target.closeTarget({ targetId });
      // Closing is asynchronous: read once the browser no longer lists it.
      for (let tries = 0; (await fixture.connection.listTabs()).some((tab) => tab.key === targetId); tries += 1) {
        expect(tries).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await expect(fixture.connection.capture(targetId, viewportRead())).rejects.toMatchObject({ code: 'browser_tab_not_found' });
    } finally {
      await side.close();
    }
    expect(findNodes(await fixture.connection.capture(fixture.tabKey, viewportRead()), 'button', 'Send')).toHaveLength(1);
  });
});
