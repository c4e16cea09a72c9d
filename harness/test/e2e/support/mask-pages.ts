import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Pages for the screenshot-mask rows, on two loopback origins (127.0.0.1 and localhost: different
 * sites, so the child frame on the second is out of process). Every secret field's value comes
 * from `?v=`; everything else is the same for every `v`, so two shots with different values must
 * be pixel-identical once the secrets are masked. Fields have fixed sizes (values never move layout).
 *
 * - `/page?v=…&hostile=1` — top page: password, cc-number input, cc-exp-month select, one-time-code
 *   textarea, one-time-code contenteditable, a field in an open shadow root, a same-origin iframe
 *   and a cross-site iframe with secret fields. `hostile=1` adds a main-world MutationObserver that
 *   removes every node it did not create itself (as a page fighting overlays does) and patches
 *   geometry APIs to lie.
 * - `/frame?v=…` — a framed document with a cc-csc input and a one-time-code textarea.
 */
export interface MaskPages {
  page(value: string, options?: { hostile?: boolean }): string;
  close(): Promise<void>;
}

/** Values of equal length: different glyphs, same layout. */
export const SECRET_A = '4111222233334444';
export const SECRET_B = '9876543210987654';

const STYLE = `
  body { margin: 0; font: 16px/20px sans-serif; background: #fff; color: #111; }
  .row { position: absolute; left: 20px; }
  input, select, textarea, [contenteditable] { width: 300px; height: 28px; box-sizing: border-box; font: 16px monospace; border: 1px solid #888; padding: 2px; overflow: hidden; }
  textarea { height: 48px; resize: none; }
  iframe { position: absolute; border: 2px solid #444; width: 360px; height: 140px; }
  p { position: absolute; margin: 0; }
`;

function topPage(value: string, hostile: boolean, second: string): string {
  const v = escapeHtml(value);
  const hostileScript = hostile
    ? `<script>
  (function () {
    var mine = new WeakSet();
    for (var el of document.querySelectorAll('*')) mine.add(el);
    window.__removed = 0;
    new MutationObserver(function (records) {
      for (var r of records) for (var n of r.addedNodes) {
        if (n.nodeType === 1 && !mine.has(n)) { n.remove(); window.__removed += 1; }
      }
    }).observe(document, { childList: true, subtree: true });
    var realRect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function () { return new DOMRect(-9999, -9999, 0, 0); };
    Element.prototype.getClientRects = function () { return []; };
    window.__realRect = realRect;
  })();
  </script>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Masks</title><style>${STYLE}</style></head><body>
<p style="left:20px;top:4px">Sign in (this text is not secret)</p>
<div class="row" style="top:30px"><input id="pw" type="password" value="${v}" aria-label="Password"></div>
<div class="row" style="top:70px"><input id="cc" autocomplete="cc-number" value="${v}" aria-label="Card number"></div>
<div class="row" style="top:110px"><select id="exp" autocomplete="cc-exp-month" aria-label="Expiry month">
  <option value="a"${value === SECRET_A ? ' selected' : ''}>${SECRET_A.slice(0, 4)} January</option>
  <option value="b"${value === SECRET_A ? '' : ' selected'}>${SECRET_B.slice(0, 4)} February</option>
</select></div>
<div class="row" style="top:150px"><textarea id="otp" autocomplete="one-time-code" aria-label="Code">${v}</textarea></div>
<div class="row" style="top:210px"><div id="ce" contenteditable="true" autocomplete="one-time-code" aria-label="Code box">${v}</div></div>
<div class="row" style="top:250px"><span id="host"></span></div>
<div class="row" style="top:290px"><input id="plain" value="not a secret" aria-label="Name"></div>
<iframe id="same" style="left:20px;top:330px" src="/frame?v=${encodeURIComponent(value)}"></iframe>
<iframe id="cross" style="left:420px;top:330px" src="${second}/frame?v=${encodeURIComponent(value)}"></iframe>
<script>
  document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<input autocomplete="current-password" value="${v}" style="width:300px;height:28px;font:16px monospace">';
  window.__framesReady = 0;
  addEventListener('message', function (e) { if (e.data === 'frame-ready') window.__framesReady += 1; });
</script>
${hostileScript}
</body></html>`;
}

function framePage(value: string): string {
  const v = escapeHtml(value);
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
<p style="left:10px;top:4px">Framed form</p>
<div class="row" style="left:10px;top:30px"><input autocomplete="cc-csc" value="${v}" aria-label="CVC"></div>
<div class="row" style="left:10px;top:70px"><textarea autocomplete="one-time-code" aria-label="Framed code">${v}</textarea></div>
<script>parent.postMessage('frame-ready', '*');</script>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startMaskPages(): Promise<MaskPages> {
  const origins = { main: '', second: '' };
  const handler = (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://x.invalid');
    const value = url.searchParams.get('v') ?? SECRET_A;
    const body = url.pathname === '/page' ? topPage(value, url.searchParams.get('hostile') === '1', origins.second) : url.pathname === '/frame' ? framePage(value) : null;
    if (body === null) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  };
  const main = await listen(createServer(handler));
  const second = await listen(createServer(handler));
  origins.main = `http://127.0.0.1:${(main.address() as AddressInfo).port}`;
  origins.second = `http://localhost:${(second.address() as AddressInfo).port}`;
  return {
    page: (value, options = {}) => `${origins.main}/page?v=${encodeURIComponent(value)}${options.hostile ? '&hostile=1' : ''}`,
    close: async () => {
      await Promise.all([main, second].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
