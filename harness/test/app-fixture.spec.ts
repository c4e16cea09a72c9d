import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBrowserFixture } from './helpers/browser-fixture.js';
import { openCdpPage, waitFor, type CdpPage } from './helpers/cdp-page.js';

const fixture = useBrowserFixture();

/** Evaluated in the page: SPEC §5's "proven hidden by DOM or computed style". */
const IS_CSS_HIDDEN = `(el) => !el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })
  || !!el.closest('[aria-hidden="true"], [inert], [hidden]')`;

const CONTROL_SELECTOR = 'button, input, select, textarea, a[href], [role="button"], [role="option"]';

describe('fixture app in Chromium', () => {
  let page: CdpPage;
  beforeEach(async () => {
    page = await openCdpPage(fixture.chromium(), fixture.server().urls.app);
  });
  afterEach(async () => {
    await page.close();
  });

  it('has more than 300 hidden controls before the active view, none of them visible', async () => {
    const counts = await page.evaluate<{ before: number; hidden: number }>(`(() => {
      const isHidden = ${IS_CSS_HIDDEN};
      const active = document.getElementById('active-view');
      const before = [...document.querySelectorAll('${CONTROL_SELECTOR}')]
        .filter((el) => el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
      return { before: before.length, hidden: before.filter(isHidden).length };
    })()`);
    expect(counts.before).toBeGreaterThan(300);
    expect(counts.hidden).toBe(counts.before);
  });

  it('shows heading, body, Reply body, Send and the secret fields in the first 1280×800 viewport', async () => {
    const boxes = await page.evaluate<Record<string, { x: number; y: number; w: number; h: number; hit: boolean }>>(`(() => {
      const out = {};
      for (const id of ['subject', 'message-body', 'reply-body', 'send', 'mailbox-password', 'one-time-code', 'open-settings', 'calendar-frame', 'translate-frame', 'contact-card', 'secure-note']) {
        const el = document.getElementById(id);
        const r = el.getBoundingClientRect();
        const hitEl = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        out[id] = { x: r.x, y: r.y, w: r.width, h: r.height, hit: hitEl === el || el.contains(hitEl) };
      }
      return out;
    })()`);
    for (const [id, box] of Object.entries(boxes)) {
      expect(box.w, id).toBeGreaterThan(0);
      expect(box.x + box.w, id).toBeLessThanOrEqual(1280);
      expect(box.y + box.h, id).toBeLessThanOrEqual(800);
      expect(box.hit, id).toBe(true);
    }
    const names = await page.evaluate<Record<string, string>>(`({
      heading: document.querySelector('h1').textContent,
      reply: document.getElementById('reply-body').labels[0].textContent,
      send: document.getElementById('send').textContent,
      password: document.getElementById('mailbox-password').type + ':' + document.getElementById('mailbox-password').value,
      otp: document.getElementById('one-time-code').autocomplete + ':' + document.getElementById('one-time-code').value,
    })`);
    expect(names).toEqual({
      heading: 'Quarterly planning review',
      reply: 'Reply body',
      send: 'Send',
      password: 'password:fixture-password-1',
      otp: 'one-time-code:482913',
    });
  });

  it('virtualizes the message list and re-renders on scroll of its container', async () => {
    const initial = await page.evaluate<{ rows: number; setsize: string | null; height: number }>(`({
      rows: document.querySelectorAll('#message-list [role=option]').length,
      setsize: document.querySelector('#message-list [role=option]').getAttribute('aria-setsize'),
      height: document.getElementById('message-list').offsetHeight,
    })`);
    expect(initial.rows).toBeGreaterThan(10);
    expect(initial.rows).toBeLessThanOrEqual(30);
    expect(initial.setsize).toBe('5000');
    expect(initial.height).toBe(5000 * 40);
    await page.evaluate(`document.getElementById('message-scroller').scrollTop = 2000 * 40`);
    const after = await waitFor(
      () => page.evaluate<string[]>(`[...document.querySelectorAll('#message-list [role=option]')].map((r) => r.getAttribute('aria-posinset'))`),
      (positions) => positions.includes('2001'),
    );
    expect(after).toContain('2001');
    expect(after).not.toContain('1');
    expect(after.length).toBeLessThanOrEqual(30);
  });

  it('opens a modal whose backdrop covers the controls under it', async () => {
    await page.navigate(fixture.server().urls.appWithModal);
    const hits = await page.evaluate<Record<string, string>>(`(() => {
      const at = (id) => { const r = document.getElementById(id).getBoundingClientRect(); const el = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return el.id || el.tagName; };
      const dialog = document.querySelector('[role=dialog][aria-modal=true]');
      return { send: at('send'), sort: at('sort-select'), close: at('close-settings'), checkbox: at('shortcuts-checkbox'), dialog: dialog.hidden ? 'hidden' : 'open', focused: document.activeElement.id };
    })()`);
    expect(hits).toEqual({ send: 'settings-backdrop', sort: 'settings-backdrop', close: 'close-settings', checkbox: 'shortcuts-checkbox', dialog: 'open', focused: 'shortcuts-checkbox' });
    await page.evaluate(`document.getElementById('close-settings').click()`);
    expect(await page.evaluate<boolean>(`document.getElementById('settings-dialog').hidden && document.getElementById('settings-backdrop').hidden`)).toBe(true);
  });

  it('nests open shadow roots and holds one closed shadow root with visible content', async () => {
    const open = await page.evaluate<string>(`document.querySelector('sl-contact-card').shadowRoot
      .querySelector('sl-contact-actions').shadowRoot.querySelector('button').textContent`);
    expect(open).toBe('Call sender');
    expect(await page.evaluate<boolean>(`document.querySelector('sl-secure-note').shadowRoot === null`)).toBe(true);
    const { root } = await page.client.DOM.getDocument({ depth: -1, pierce: true });
    const closed: string[] = [];
    const walk = (node: typeof root, inClosed: boolean): void => {
      if (inClosed && node.nodeType === 3) closed.push(node.nodeValue.trim());
      for (const shadow of node.shadowRoots ?? []) walk(shadow, inClosed || shadow.shadowRootType === 'closed');
      for (const child of node.children ?? []) walk(child, inClosed);
    };
    walk(root, false);
    expect(closed).toContain('Reveal note');
    expect(closed).toContain('Encrypted note from Dana');
  });

  it('duplicates "Archive" in two named regions and keeps "More actions" far below the fold', async () => {
    const regions = await page.evaluate<string[]>(`[...document.querySelectorAll('#active-view button')]
      .filter((b) => b.textContent.trim() === 'Archive').map((b) => b.closest('[role=region]').getAttribute('aria-label'))`);
    expect(regions).toEqual(['Inbox tools', 'Message tools']);
    const more = await page.evaluate<{ top: number; buttons: string[] }>(`(() => {
      const region = document.querySelector('[role=region][aria-label="More actions"]');
      return { top: region.getBoundingClientRect().top + scrollY, buttons: [...region.querySelectorAll('button')].map((b) => b.textContent) };
    })()`);
    expect(more.top).toBeGreaterThan(2000);
    expect(more.buttons).toEqual(['Export mailbox', 'Import contacts', 'Keyboard shortcuts', 'Report a problem']);
  });

  it('embeds a same-origin calendar frame with a control', async () => {
    const text = await page.evaluate<string>(`document.getElementById('calendar-frame').contentDocument.getElementById('accept-invite').textContent`);
    expect(text).toBe('Accept invite');
  });

  it('rerender replaces the detail nodes with identical-looking new ones', async () => {
    await page.evaluate(`window.__oldReply = document.getElementById('reply-body'); window.__oldReply.value = 'kept text'; window.__oldHtml = document.getElementById('detail-view').outerHTML`);
    await page.evaluate(`document.getElementById('rerender').click()`);
    const state = await page.evaluate<{ detached: boolean; value: string; same: boolean }>(`({
      detached: !window.__oldReply.isConnected,
      value: document.getElementById('reply-body').value,
      same: document.getElementById('detail-view').outerHTML === window.__oldHtml,
    })`);
    expect(state).toEqual({ detached: true, value: 'kept text', same: true });
  });

  it('navigates to the folder page and back', async () => {
    const loaded = page.client.Page.loadEventFired();
    await page.evaluate(`document.getElementById('folder-link').click()`);
    await loaded;
    expect(await page.evaluate<string>(`location.pathname + ' ' + document.querySelector('h1').textContent`)).toBe('/folder.html Archive folder');
    const back = page.client.Page.loadEventFired();
    await page.evaluate(`document.getElementById('back-link').click()`);
    await back;
    expect(await page.evaluate<string>(`location.pathname + ' ' + document.querySelector('h1').textContent`)).toBe('/ Quarterly planning review');
  });
});
