import { launchTestChromium } from '/work/wt/act-path/harness/dist/index.js';
import CDP from 'chrome-remote-interface';
const c = await launchTestChromium();
try {
  const html = `<style>.i::before{content:"☰";font-size:40px} .t{position:relative;display:inline-block;width:30px;height:30px}.t::after{content:"";position:absolute;inset:0;background:red}</style><button aria-label="Main menu" id=b><i class="i"></i></button><div class=t id=t role=checkbox tabindex=0 aria-checked=false></div><div style="height:3000px"></div><button id=far>Far</button>`;
  const targets = await CDP.List({ host: '127.0.0.1', port: c.port });
  const page = targets.find(t => t.type === 'page');
  const client = await CDP({ host: '127.0.0.1', port: c.port, target: page.id });
  await client.Page.navigate({ url: 'data:text/html,' + encodeURIComponent(html) });
  await new Promise(r => setTimeout(r, 500));
  const { result } = await client.Runtime.evaluate({ expression: 'JSON.stringify([document.getElementById("b").getBoundingClientRect(), document.getElementById("t").getBoundingClientRect()])' });
  const [b, t] = JSON.parse(result.value);
  for (const r of [b, t]) {
    const hit = await client.DOM.getNodeForLocation({ x: Math.floor(r.x + r.width / 2), y: Math.floor(r.y + r.height / 2), includeUserAgentShadowDOM: false });
    console.log('hit', hit);
    const d = await client.DOM.describeNode({ backendNodeId: hit.backendNodeId });
    console.log('describe', JSON.stringify(d.node).slice(0, 400));
    try { const rn = await client.DOM.resolveNode({ backendNodeId: hit.backendNodeId }); console.log('resolve', rn.object); } catch (e) { console.log('resolve err', e.message); }
  }
  await client.Runtime.evaluate({ expression: 'scrollTo(0,300)' });
  const m = await client.Page.getLayoutMetrics();
  console.log(m.cssVisualViewport, m.cssLayoutViewport);
  await client.close();
} finally { await c.close(); }
