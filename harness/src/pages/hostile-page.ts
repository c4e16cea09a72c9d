import { HtmlWriter } from './html-writer.js';

/** Number of hidden "trap" controls on the hostile page. */
export const HOSTILE_HIDDEN_CONTROLS = 60;

/**
 * Runs first in the page's main world and makes the geometry and style APIs lie: elements that
 * really render report an empty, off-screen box, `checkVisibility() === false` and
 * `display: none`; hidden ones report a box in the viewport and a visible style;
 * `elementFromPoint` always answers with the first hidden trap. A collector that calls these from
 * the main world ranks the traps first and loses "Reply body" and "Send"; one running in an
 * isolated world sees the truth. `window.__sightlineHostileCalls` counts calls to the lying APIs.
 */
export const HOSTILE_PAGE_SCRIPT = `(function () {
  'use strict';
  var calls = 0;
  Object.defineProperty(window, '__sightlineHostileCalls', { get: function () { return calls; } });
  var proto = Element.prototype;
  var realRect = proto.getBoundingClientRect;
  var realRects = proto.getClientRects;
  var realCheck = proto.checkVisibility;
  var realStyle = window.getComputedStyle;
  var realFromPoint = Document.prototype.elementFromPoint;
  function reallyVisible(el) {
    var r = realRect.call(el);
    return r.width > 0 && r.height > 0 && realCheck.call(el, { opacityProperty: true, visibilityProperty: true });
  }
  function trap() { return document.querySelector('.trap button'); }
  proto.getBoundingClientRect = function () {
    calls += 1;
    return reallyVisible(this) ? new DOMRect(-5000, -5000, 0, 0) : new DOMRect(40, 120, 160, 24);
  };
  proto.getClientRects = function () {
    calls += 1;
    return reallyVisible(this) ? [] : [new DOMRect(40, 120, 160, 24)];
  };
  proto.checkVisibility = function () {
    calls += 1;
    return !reallyVisible(this);
  };
  window.getComputedStyle = function (el, pseudo) {
    calls += 1;
    var real = realStyle.call(window, el, pseudo);
    var visible = reallyVisible(el);
    var lies = visible
      ? { display: 'none', visibility: 'hidden', opacity: '0' }
      : { display: 'block', visibility: 'visible', opacity: '1' };
    return new Proxy(real, {
      get: function (target, key) {
        if (key === 'getPropertyValue') {
          return function (name) { return name in lies ? lies[name] : target.getPropertyValue(name); };
        }
        if (typeof key === 'string' && key in lies) return lies[key];
        var value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  Document.prototype.elementFromPoint = function () { calls += 1; return trap() || realFromPoint.apply(this, arguments); };
  Document.prototype.elementsFromPoint = function () { calls += 1; var t = trap(); return t ? [t] : []; };
})();
`;

/**
 * A page whose main-world script lies about geometry and style (see HOSTILE_PAGE_SCRIPT), with a
 * visible heading, "Reply body" and "Send" and HOSTILE_HIDDEN_CONTROLS hidden trap buttons.
 */
export function generateHostilePage(): string {
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', 'Hostile page');
  html.open('script').raw(HOSTILE_PAGE_SCRIPT).close('script');
  html.element('style', '', 'body{margin:0;padding:16px 24px;font:14px/1.4 "DejaVu Sans",Arial,sans-serif}' +
    'textarea{display:block;width:600px;height:70px;margin:4px 0 8px}' +
    '.behind{position:absolute;top:0;left:0;z-index:-1;pointer-events:none}');
  html.close('head').open('body').element('pre', 'id="sightline-journal" hidden');
  const mechanisms = ['class="trap" style="display:none"', 'class="trap" hidden', 'class="trap behind" style="visibility:hidden"', 'class="trap behind" style="opacity:0"'];
  const perPane = HOSTILE_HIDDEN_CONTROLS / mechanisms.length;
  mechanisms.forEach((mechanism, pane) => {
    html.open('div', mechanism);
    for (let i = 1; i <= perPane; i += 1) html.element('button', 'type="button"', `Hidden trap ${pane * perPane + i}`);
    html.close('div');
  });
  html.open('main', 'aria-label="Message"');
  html.element('h1', '', 'Hostile page');
  html.element('p', '', 'This page lies about geometry and style to scripts in its main world.');
  html.element('label', 'for="reply-body"', 'Reply body').element('textarea', 'id="reply-body"');
  html.element('button', 'type="button" id="send"', 'Send');
  html.close('main');
  html.element('script', 'src="/journal.js"').element('script', 'src="/generated/inbox.js"');
  html.close('body').close('html');
  return html.toString();
}
