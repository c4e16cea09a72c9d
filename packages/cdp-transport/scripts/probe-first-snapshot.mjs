#!/usr/bin/env node
// Where a first snapshot's time goes: raw CDP steps on a freshly loaded generated inbox page, each
// experiment in its own fresh tab (the browser shows one page at a time).
//   pnpm --filter @sightline/cdp-transport build && pnpm --filter @sightline/harness build
//   node packages/cdp-transport/scripts/probe-first-snapshot.mjs [size=100000] [rounds=3] [experiments]
// Experiments (comma list, default all): plain, ax-before-load, ax-no-enable, world-early, ax-batch,
// walk-floor.
import CDP from 'chrome-remote-interface';
import { PAGE_SCRIPT } from '../dist/src/generated/page-script.js';
import { launchTestChromium, startFixtureServer } from '../../../harness/dist/index.js';

const size = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const only = process.argv[4]?.split(',') ?? null;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startFixtureServer();
const chromium = await launchTestChromium();
const url = server.inboxUrl(size);

async function freshTab(browser) {
  const { targetId } = await browser.Target.createTarget({ url: 'about:blank' });
  const { targetInfos } = await browser.Target.getTargets();
  for (const info of targetInfos) if (info.type === 'page' && info.targetId !== targetId) await browser.Target.closeTarget({ targetId: info.targetId });
  const tab = await CDP({ host: '127.0.0.1', port: chromium.port, local: true, target: targetId });
  await tab.Page.enable();
  return tab;
}

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function load(tab) {
  const loaded = tab.Page.loadEventFired();
  const [ms] = await timed(async () => {
    await tab.Page.navigate({ url });
    await loaded;
  });
  return ms;
}

async function nodeObject(tab, contextId, expression) {
  const { result } = await tab.Runtime.evaluate({ expression, ...(contextId ? { contextId } : {}) });
  return result.objectId;
}

const CAPTURE = { mode: 'viewport', shipLimit: 600, timeMs: 120000, maxNodes: 250000, maxHitTests: 3000, placement: { origin: { x: 0, y: 0 } }, reuse: false, closed: { pass: false, scanNodes: 0, rescan: false, again: false } };

async function collector(tab) {
  const { executionContextId } = await tab.Page.createIsolatedWorld({ frameId: tab.__targetId, worldName: 'probe' });
  await tab.Runtime.evaluate({ expression: PAGE_SCRIPT, contextId: executionContextId });
  return async () => {
    const t0 = performance.now();
    const { result, exceptionDetails } = await tab.Runtime.callFunctionOn({
      functionDeclaration: 'function(o){const r=globalThis.__sightline.capture(o);return {t:r.timings,n:r.nodes&&r.nodes.length,x:r.exhausted}}',
      executionContextId,
      arguments: [{ value: CAPTURE }],
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
    return { wall: performance.now() - t0, ...result.value.t };
  };
}

async function inPage(tab, body, contextId) {
  const { result } = await tab.Runtime.evaluate({ expression: `(async () => { const t = performance.now(); ${body}; return performance.now() - t; })()`, awaitPromise: true, returnByValue: true, ...(contextId ? { contextId } : {}) });
  return result.value;
}

/** Visits every node once (first child, next sibling), as any in-page walk must; `perElement` runs on each element. */
const traversal = (perElement = '') =>
  `let n = 0; const stack = [document.documentElement]; while (stack.length) { const e = stack.pop(); n++; ${perElement}; for (let c = e.lastChild; c; c = c.previousSibling) if (c.nodeType === 1) stack.push(c); else if (c.nodeType === 3) c.data; }`;
/** The attributes the classification reads per element (role, hiding, actions, editing, labels, secrets). */
const CLASSIFY_ATTRIBUTES = ['role', 'hidden', 'aria-hidden', 'inert', 'contenteditable', 'onclick', 'tabindex', 'draggable', 'aria-roledescription', 'aria-disabled', 'aria-label', 'aria-labelledby', 'autocomplete'];

const experiments = {
  // The collector's walk cold (first capture after load) and warm, reuse off.
  async 'walk-cold'(tab) {
    const out = {};
    out.load = await load(tab);
    const capture = await collector(tab);
    for (const [name, r] of [['c1', await capture()], ['c2', await capture()], ['c3', await capture()]]) {
      out[`${name}.walk`] = r.walk;
      out[`${name}.hit`] = r.hit;
      out[`${name}.wall`] = r.wall;
    }
    return out;
  },
  // What the first elementFromPoint / animation frame after load costs, then the first capture.
  async 'frame-first'(tab) {
    const out = {};
    out.load = await load(tab);
    out.efp1 = await inPage(tab, 'document.elementFromPoint(200, 200)');
    out.efp2 = await inPage(tab, 'document.elementFromPoint(300, 300)');
    out.raf = await inPage(tab, 'await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const capture = await collector(tab);
    const r = await capture();
    out['c1.walk'] = r.walk;
    out['c1.hit'] = r.hit;
    return out;
  },
  // Load, then each first-snapshot ingredient in turn.
  async plain(tab) {
    const out = {};
    out.load = await load(tab);
    const { result } = await tab.Runtime.evaluate({ expression: '(() => { const t = performance.now(); document.body.offsetHeight; return performance.now() - t; })()', returnByValue: true });
    out.layout_in_page = result.value;
    const [world, created] = await timed(() => tab.Page.createIsolatedWorld({ frameId: tab.__targetId, worldName: 'probe' }));
    out.create_world = world;
    out.inject = (await timed(() => tab.Runtime.evaluate({ expression: PAGE_SCRIPT, contextId: created.executionContextId })))[0];
    const send = await nodeObject(tab, created.executionContextId, 'document.getElementById("send")');
    out.ax_enable = (await timed(() => tab.Accessibility.enable()))[0];
    out.ax_first = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: send, fetchRelatives: false })))[0];
    out.ax_second = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: send, fetchRelatives: false })))[0];
    const body = await nodeObject(tab, created.executionContextId, 'document.getElementById("page")');
    out.ax_relatives = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: body, fetchRelatives: true })))[0];
    return out;
  },
  // Accessibility on before the document exists: what it does to the load, and the first read after.
  async 'ax-before-load'(tab) {
    const out = {};
    await tab.Accessibility.enable();
    out.load = await load(tab);
    const send = await nodeObject(tab, null, 'document.getElementById("send")');
    out.ax_first = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: send, fetchRelatives: false })))[0];
    return out;
  },
  // Partial reads without Accessibility.enable: does every read build the tree?
  async 'ax-no-enable'(tab) {
    const out = {};
    out.load = await load(tab);
    const send = await nodeObject(tab, null, 'document.getElementById("send")');
    out.ax_first = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: send, fetchRelatives: false })))[0];
    out.ax_second = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: send, fetchRelatives: false })))[0];
    out.ax_third = (await timed(() => tab.Accessibility.getPartialAXTree({ objectId: send, fetchRelatives: false })))[0];
    return out;
  },
  // The collector world registered before navigation (Page.addScriptToEvaluateOnNewDocument + worldName).
  async 'world-early'(tab) {
    const out = {};
    await tab.Page.addScriptToEvaluateOnNewDocument({ source: PAGE_SCRIPT, worldName: 'probe-early' });
    const contexts = [];
    tab.Runtime.executionContextCreated(({ context }) => contexts.push(context));
    await tab.Runtime.enable();
    out.load = await load(tab);
    const world = contexts.find((c) => c.name === 'probe-early');
    out.world_found = world ? 1 : 0;
    if (world) {
      const { result } = await tab.Runtime.evaluate({ expression: 'typeof globalThis.__sightline', contextId: world.id, returnByValue: true });
      out.collector_ready = result.value === 'object' ? 1 : 0;
    }
    return out;
  },
  // Issue 16: can the accessibility reads of one snapshot be batched? After the tree is built:
  // 100 per-node partial reads (pipelined, as the transport sends them) against Chromium's
  // subtree reads that would answer them in one call.
  async 'ax-batch'(tab) {
    const out = {};
    out.load = await load(tab);
    await tab.Accessibility.enable();
    out.ax_build = (await timed(() => tab.Accessibility.getRootAXNode({})))[0];
    const list = await nodeObject(tab, null, 'Array.from(document.querySelectorAll("a[href], button, input, textarea")).slice(0, 100)');
    const { result } = await tab.Runtime.getProperties({ objectId: list, ownProperties: true });
    const objects = result.filter((p) => /^[0-9]+$/.test(p.name)).map((p) => p.value.objectId);
    out.partial_100_pipelined = (await timed(() => Promise.all(objects.map((objectId) => tab.Accessibility.getPartialAXTree({ objectId, fetchRelatives: false })))))[0];
    const body = await nodeObject(tab, null, 'document.body');
    out.query_role_button_body = (await timed(() => tab.Accessibility.queryAXTree({ objectId: body, role: 'button' })))[0];
    out.full_tree_depth_4 = (await timed(() => tab.Accessibility.getFullAXTree({ depth: 4 })))[0];
    return out;
  },
  // Issue 16: the floor of a first walk. Every node an in-page walk touches gets a wrapper in its
  // isolated world the first time (and the walking code is not optimized yet): a bare visit of
  // every node in a fresh world, first and second time, next to the collector's first walk.
  async 'cold-visit'(tab) {
    const out = {};
    out.load = await load(tab);
    const { executionContextId } = await tab.Page.createIsolatedWorld({ frameId: tab.__targetId, worldName: 'cold' });
    out.visit_first = await inPage(tab, traversal(), executionContextId);
    out.visit_second = await inPage(tab, traversal(), executionContextId);
    out.visit_third = await inPage(tab, traversal(), executionContextId);
    const capture = await collector(tab);
    out['collector_first.walk'] = (await capture()).walk;
    out['collector_second.walk'] = (await capture()).walk;
    return out;
  },
  // Issue 16: how far the collector's walk (reuse off, warm) is from the least any in-page walk
  // costs — every node visited once, in an isolated world (SPEC §8) and, for comparison, in the
  // page's own world — and what the accessibility reads of the shipped nodes cost per kind.
  async 'walk-floor'(tab) {
    const out = {};
    out.load = await load(tab);
    const { executionContextId } = await tab.Page.createIsolatedWorld({ frameId: tab.__targetId, worldName: 'floor' });
    const capture = await collector(tab);
    for (let i = 0; i < 3; i++) {
      const r = await capture();
      if (i === 2) Object.assign(out, { 'collector.walk': r.walk, 'collector.echo': r.echo ?? 0, 'collector.hit': r.hit });
    }
    for (let i = 0; i < 2; i++) {
      out.visit_isolated = await inPage(tab, traversal(), executionContextId);
      out.visit_main_world = await inPage(tab, traversal());
      out.visit_attributes_isolated = await inPage(tab, traversal(`for (const a of ${JSON.stringify(CLASSIFY_ATTRIBUTES)}) e.getAttribute(a)`), executionContextId);
    }
    await tab.Accessibility.enable();
    await tab.Accessibility.getRootAXNode({});
    const reads = async (selector) => {
      const list = await nodeObject(tab, null, `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).filter((e) => { const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })`);
      const { result } = await tab.Runtime.getProperties({ objectId: list, ownProperties: true });
      const objects = result.filter((p) => /^[0-9]+$/.test(p.name)).map((p) => p.value.objectId);
      const [ms] = await timed(() => Promise.all(objects.map((objectId) => tab.Accessibility.getPartialAXTree({ objectId, fetchRelatives: false }))));
      return [ms, objects.length];
    };
    [out.ax_fragment_links, out.ax_fragment_links_count] = await reads('a[href^="#"]');
    [out.ax_buttons, out.ax_buttons_count] = await reads('button');
    return out;
  },
};

try {
  const browser = await CDP({ target: chromium.wsEndpoint, local: true });
  const names = Object.keys(experiments).filter((name) => !only || only.includes(name));
  const samples = {};
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const tab = await freshTab(browser);
      const { targetInfos } = await browser.Target.getTargets();
      tab.__targetId = targetInfos.find((t) => t.type === 'page').targetId;
      try {
        const out = await experiments[name](tab);
        for (const [key, ms] of Object.entries(out)) (samples[`${name}.${key}`] ??= []).push(ms);
        console.error(`round ${round} ${name}: ${Object.entries(out).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`);
      } finally {
        await tab.close();
      }
    }
  }
  console.log(`inbox ${size}, ${rounds} rounds: median (min–max) ms`);
  for (const [key, list] of Object.entries(samples)) console.log(`${key.padEnd(32)} ${median(list).toFixed(0)} (${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)})`);
  await browser.close();
} finally {
  await chromium.close();
  await server.close();
}
