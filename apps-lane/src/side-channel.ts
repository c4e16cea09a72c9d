import CDP from 'chrome-remote-interface';

/**
 * The lane's own eyes on the page, NOT through Sightline: a separate CDP connection to the tab
 * that (1) reads the app's DOM to check end states and (2) installs capture-phase listeners on
 * window (before any app handler) recording the target of every event an action could deliver,
 * so each task asserts where its action landed.
 */
export interface SideChannel {
  targetId: string;
  evaluate<T>(expression: string): Promise<T>;
  /** Waits until `expression` is truthy in the page (bounded; throws with `what` on timeout). */
  waitFor(expression: string, what: string, timeoutMs?: number): Promise<void>;
  /** Remembers the element `elementExpression` evaluates to under `key`, and marks the event log. */
  expectTarget(key: string, elementExpression: string): Promise<void>;
  /**
   * Events of `type` recorded since `expectTarget(key)`: how many, and the ones that landed
   * outside the remembered element (described), plus whether all were trusted (real input).
   */
  landed(type: string, key: string): Promise<{ count: number; outside: string[]; untrusted: number }>;
  /** Requests the tab sent anywhere but loopback since the last call (the apps must run offline). */
  takeExternalRequests(): string[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const RECORDED = ['click', 'dblclick', 'contextmenu', 'mousedown', 'mouseup', 'mouseover', 'pointerover', 'input', 'keydown', 'keyup', 'change', 'dragstart', 'drop'];

/** Runs in the page's main world (test side channel only; installed on every new document). */
const RECORDER = `(() => {
  if (window.__lane) return;
  const events = [];
  const expected = {};
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return String(node && node.nodeName);
    const cls = typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '';
    const text = (node.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + cls + (text ? ' "' + text + '"' : '');
  };
  for (const type of ${JSON.stringify(RECORDED)}) {
    window.addEventListener(type, (event) => {
      events.push({ type, target: event.composedPath()[0] || event.target, trusted: event.isTrusted });
    }, true);
  }
  window.__lane = {
    events,
    expect(key, element) { expected[key] = { element, from: events.length }; return !!element; },
    landed(type, key) {
      const entry = expected[key];
      if (!entry) throw new Error('no expected target ' + key);
      const hits = events.slice(entry.from).filter((event) => event.type === type);
      const inside = (target) => target === entry.element || (entry.element && entry.element.contains(target))
        || (entry.element && entry.element.control === target) || (target.labels && [...target.labels].includes(entry.element));
      return {
        count: hits.length,
        outside: hits.filter((event) => !inside(event.target)).map((event) => describe(event.target)),
        untrusted: hits.filter((event) => !event.trusted).length,
      };
    },
  };
})();`;

export async function openSideChannel(port: number, targetId: string): Promise<SideChannel> {
  const client = await CDP({ host: '127.0.0.1', port, target: targetId });
  await client.Page.enable();
  const external: string[] = [];
  client.Network.requestWillBeSent(({ request }) => {
    const url = new URL(request.url);
    if ((url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') && !LOOPBACK.has(url.hostname)) {
      external.push(`${url.protocol}//${url.host}`);
    }
  });
  await client.Network.enable({});
  await client.Page.addScriptToEvaluateOnNewDocument({ source: RECORDER });
  await client.Runtime.evaluate({ expression: RECORDER });
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`side channel: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  };
  return {
    targetId,
    evaluate,
    async waitFor(expression, what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await evaluate<boolean>(`!!(${expression})`).catch(() => false)) return;
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async expectTarget(key, elementExpression) {
      await evaluate(RECORDER);
      const found = await evaluate<boolean>(`window.__lane.expect(${JSON.stringify(key)}, (${elementExpression}))`);
      if (!found) throw new Error(`side channel: expected target ${key} not found in the page`);
    },
    takeExternalRequests: () => external.splice(0),
    landed: (type, key) => evaluate(`window.__lane.landed(${JSON.stringify(type)}, ${JSON.stringify(key)})`),
    close: async () => {
      await client.close().catch(() => undefined);
    },
  };
}
