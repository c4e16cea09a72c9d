import type { CdpTab } from '../tab/cdp-tab.js';

/**
 * SPEC §4: secrets are redacted before they leave the process, and a screenshot is no exception.
 * Before the shot, every frame's isolated world covers its password, `*-password`, `cc-*` and
 * `one-time-code` fields with opaque boxes (a fixed overlay in a closed shadow root, invisible to
 * hit tests); right after, the boxes are removed. Out-of-process frames draw their own boxes.
 */
const MASK_FUNCTION = `function(on) {
  const KEY = '__sightlineSecretMask';
  if (globalThis[KEY]) { globalThis[KEY].remove(); globalThis[KEY] = null; }
  if (!on) return 0;
  const SECRET = /(^|\\s)([a-z-]*-password|one-time-code|cc-[a-z-]+)(\\s|$)/;
  const isSecret = (el) => el.localName === 'input' &&
    (el.type === 'password' || SECRET.test((el.getAttribute('autocomplete') || '').toLowerCase()));
  const fields = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('input')) if (isSecret(el)) fields.push(el);
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
  };
  visit(document);
  if (fields.length === 0) return 0;
  const overlay = document.createElement('div');
  overlay.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;';
  const shadow = overlay.attachShadow({ mode: 'closed' });
  for (const field of fields) {
    const box = field.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) continue;
    const cover = document.createElement('div');
    cover.style.cssText = 'position:absolute;background:#000;left:' + box.x + 'px;top:' + box.y + 'px;width:' + box.width + 'px;height:' + box.height + 'px;';
    shadow.appendChild(cover);
  }
  document.documentElement.appendChild(overlay);
  globalThis[KEY] = overlay;
  return fields.length;
}`;

/** Covers (`on`) or uncovers every secret field in every frame of the tab; answers how many were covered. */
export async function maskSecretFields(tab: CdpTab, on: boolean): Promise<number> {
  const results = await Promise.all(
    [...tab.frames.keys()].map(async (frameId) => {
      try {
        const world = await tab.world(frameId);
        const response = await world.session.send('Runtime.callFunctionOn', {
          functionDeclaration: MASK_FUNCTION,
          executionContextId: world.contextId,
          arguments: [{ value: on }],
          returnByValue: true,
        });
        return typeof response.result.value === 'number' ? response.result.value : 0;
      } catch (error) {
        // A frame that went away has nothing left to show; any other failure must not let a secret out.
        if (!on) return 0;
        if (!tab.frames.has(frameId)) return 0;
        throw error;
      }
    }),
  );
  return results.reduce((sum, count) => sum + count, 0);
}
