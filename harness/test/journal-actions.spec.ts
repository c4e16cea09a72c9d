import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBrowserFixture } from './helpers/browser-fixture.js';
import { openCdpPage, waitFor, type CdpPage } from './helpers/cdp-page.js';

const fixture = useBrowserFixture();

type Entry = Record<string, unknown>;
const withoutSeq = (entries: Entry[]): Entry[] => entries.map(({ seq: _seq, ...rest }) => rest);

describe('fixture journal', () => {
  let page: CdpPage;
  beforeEach(async () => {
    page = await openCdpPage(fixture.chromium(), fixture.server().urls.app);
  });
  afterEach(async () => {
    await page.close();
  });

  it('starts empty', async () => {
    expect(await page.journal()).toEqual([]);
  });

  it('records typed text, clicks with their region and the send, from dispatched DOM events', async () => {
    await page.evaluate(`(() => {
      const reply = document.getElementById('reply-body');
      for (const value of ['H', 'He', 'Hello']) { reply.value = value; reply.dispatchEvent(new Event('input', { bubbles: true })); }
      document.querySelector('[aria-label="Message tools"] [data-action=archive]').click();
      document.querySelector('[aria-label="Inbox tools"] [data-action=archive]').click();
      document.getElementById('send').click();
    })()`);
    const entries = await page.journal();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(withoutSeq(entries)).toEqual([
      { type: 'type', target: 'Reply body', value: 'Hello', trusted: false },
      { type: 'click', target: 'Archive', trusted: false, region: 'Message tools' },
      { type: 'click', target: 'Archive', trusted: false, region: 'Inbox tools' },
      { type: 'click', target: 'Send', trusted: false },
      { type: 'send', text: 'Hello' },
    ]);
  });

  it('records trusted CDP input: insertText, a mouse click and Enter submitting the search form', async () => {
    const { client } = page;
    await page.evaluate(`document.getElementById('reply-body').focus()`);
    await client.Input.insertText({ text: 'Thanks, Dana' });
    const send = await page.evaluate<{ x: number; y: number }>(`(() => { const r = document.getElementById('send').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    for (const type of ['mousePressed', 'mouseReleased'] as const) {
      await client.Input.dispatchMouseEvent({ type, x: send.x, y: send.y, button: 'left', clickCount: 1 });
    }
    await page.evaluate(`document.getElementById('search-input').focus()`);
    await client.Input.insertText({ text: 'invoice' });
    await client.Input.dispatchKeyEvent({ type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' });
    await client.Input.dispatchKeyEvent({ type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
    const entries = await waitFor(() => page.journal(), (e) => e.length >= 6);
    expect(withoutSeq(entries)).toEqual([
      { type: 'type', target: 'Reply body', value: 'Thanks, Dana', trusted: true },
      { type: 'click', target: 'Send', trusted: true },
      { type: 'send', text: 'Thanks, Dana' },
      { type: 'type', target: 'Search mail', value: 'invoice', trusted: true },
      // Implicit submission clicks the form's default button first, as browsers do.
      { type: 'click', target: 'Search', trusted: true },
      { type: 'submit', form: 'Search mail', fields: { query: 'invoice' } },
    ]);
    expect(await page.evaluate<string>(`document.getElementById('status').textContent`)).toBe('Results for "invoice"');
  });

  it('records selects, dialog open/close, checkbox, list scroll and message opening', async () => {
    await page.evaluate(`(() => {
      const sort = document.getElementById('sort-select');
      sort.value = 'oldest'; sort.dispatchEvent(new Event('change', { bubbles: true }));
      document.getElementById('open-settings').click();
      document.getElementById('shortcuts-checkbox').click();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      document.querySelector('#message-list [role=option][aria-posinset="3"]').click();
    })()`);
    await page.evaluate(`document.getElementById('message-scroller').scrollTop = 400`);
    const entries = await waitFor(() => page.journal(), (e) => e.some((x) => x.type === 'scroll'));
    expect(withoutSeq(entries)).toEqual([
      { type: 'select', target: 'Sort by', value: 'oldest', region: 'Inbox tools' },
      { type: 'click', target: 'Open settings', trusted: false },
      { type: 'dialog', target: 'Settings', state: 'open', via: 'button' },
      { type: 'click', target: 'Enable keyboard shortcuts', trusted: false },
      { type: 'check', target: 'Enable keyboard shortcuts', checked: true },
      { type: 'dialog', target: 'Settings', state: 'closed', via: 'Escape' },
      { type: 'open_message', index: 4997, subject: 'Press inquiry #3', via: 'click' },
      { type: 'scroll', target: 'Messages', scrollTop: 400, firstRow: 10 },
    ]);
    expect(await page.evaluate<string>(`document.querySelector('h1').textContent`)).toBe('Press inquiry #3');
  });

  it('redacts secret fields to their length and records shadow DOM and frame clicks', async () => {
    await page.evaluate(`(() => {
      const pw = document.getElementById('mailbox-password');
      pw.value = 'secret-123'; pw.dispatchEvent(new Event('input', { bubbles: true }));
      document.querySelector('sl-contact-card').shadowRoot.querySelector('sl-contact-actions').shadowRoot.querySelector('button').click();
      document.getElementById('calendar-frame').contentDocument.getElementById('accept-invite').click();
    })()`);
    const entries = await waitFor(() => page.journal(), (e) => e.some((x) => x.frame === 'calendar'));
    expect(withoutSeq(entries)).toEqual([
      { type: 'type', target: 'Mailbox password', length: 10, trusted: false },
      { type: 'click', target: 'Call sender', trusted: false, shadow: 'open' },
      { type: 'click', target: 'Accept invite', trusted: false, frame: 'calendar' },
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-123');
  });

  it('forwards trusted clicks from the out-of-process translator frame', async () => {
    const { client } = page;
    const box = await page.evaluate<{ x: number; y: number }>(`(() => {
      const r = document.getElementById('translate-frame').getBoundingClientRect();
      return { x: r.x, y: r.y };
    })()`);
    // Button position inside the frame is fixed by the fixture's layout; find it through the frame's own session.
    const sessionId = await new Promise<string>((resolve) => {
      client.on('Target.attachedToTarget', (event) => {
        if (event.targetInfo.type === 'iframe') resolve(event.sessionId);
      });
      void client.Target.setAutoAttach({ autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
    });
    const inner = await client.send('Runtime.evaluate', {
      expression: `(() => { const r = document.getElementById('translate').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
      returnByValue: true,
    }, sessionId);
    const point = inner.result.value as { x: number; y: number };
    // Let the frame paint twice so its hit-test data has reached the browser before input.
    await client.send('Runtime.evaluate', {
      expression: 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))',
      awaitPromise: true,
    }, sessionId);
    // +1: the iframe's border.
    const x = box.x + 1 + point.x;
    const y = box.y + 1 + point.y;
    // Moves before the press, until the frame itself sees one: until its hit-test data has reached
    // the browser, Chromium now and then routes input at that point to the parent frame. Moves
    // cause no clicks, so repeating them cannot add a journal entry.
    await client.send('Runtime.evaluate', { expression: "window.__moved = false; addEventListener('mousemove', () => { window.__moved = true; }); true", returnByValue: true }, sessionId);
    for (let attempt = 0; attempt < 40; attempt++) {
      await client.Input.dispatchMouseEvent({ type: 'mouseMoved', x: x + (attempt % 2), y });
      const moved = await client.send('Runtime.evaluate', { expression: 'window.__moved', returnByValue: true }, sessionId);
      if (moved.result.value === true) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.Input.dispatchMouseEvent({ type: 'mouseMoved', x, y });
    for (const type of ['mousePressed', 'mouseReleased'] as const) {
      await client.Input.dispatchMouseEvent({ type, x, y, button: 'left', clickCount: 1 });
    }
    const entries = await waitFor(() => page.journal(), (e) => e.some((x) => x.frame === 'translator'));
    expect(withoutSeq(entries)).toEqual([{ type: 'click', target: 'Translate message', trusted: true, frame: 'translator' }]);
  });
});
