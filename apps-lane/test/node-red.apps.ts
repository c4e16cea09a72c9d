import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, expect } from 'vitest';
import { expectLanded, laneTask, startLane, type Lane } from '../src/lane.js';
import { refHoldingText, refsAfter, type SnapshotRef } from '../src/refs.js';
import { startNodeRed, type NodeRedApp } from '../src/servers/node-red-server.js';

/**
 * Node-RED (npm `node-red`), its flow editor on loopback: the main menu (an icon-font button),
 * the palette filter (which only listens to keyup), dragging a node from the palette onto the
 * canvas, adding a flow tab and deploying (checked through Node-RED's admin HTTP API GET /flows),
 * waiting for the deploy confirmation, and the beforeunload dialog the editor raises when leaving
 * with undeployed changes.
 */
const APP = 'node-red';
let lane: Lane;
let app: NodeRedApp;

beforeAll(async () => {
  app = await startNodeRed();
  lane = await startLane('apps-node-red');
  // Warm-up, not a task: the editor's first load (several MB of scripts) on a busy machine.
  await openEditor();
});
afterAll(async () => {
  await lane?.close();
  await app?.close();
});

type FlowEntry = { id: string; type: string; z?: string; label?: string };
const flows = () => app.admin<FlowEntry[]>('/flows');

/** A fresh editor on an empty deployed flow (setup through the admin API, not an agent action). */
async function openEditor(): Promise<void> {
  const tab = { id: 'lanetab1', type: 'tab', label: 'Flow 1', disabled: false, info: '' };
  await app.admin('/flows', { method: 'POST', body: [tab] });
  // Setup: drop what an earlier task left undeployed, so leaving the editor raises no beforeunload
  // dialog (that is the last task's subject, not every task's).
  await lane.side.evaluate(`window.RED?.nodes?.dirty ? (RED.nodes.dirty(false), 1) : 0`).catch(() => 0);
  await lane.open(app.editor);
  await lane.side.waitFor(`window.RED && RED.nodes && document.querySelector('.red-ui-palette-node') && document.querySelector('#red-ui-workspace-tabs .red-ui-tab') && !document.getElementById('red-ui-loading')?.offsetParent`, 'the editor loaded', 90_000);
}

async function clickDeploy(): Promise<void> {
  const deploy = await lane.find('link', 'Deploy');
  await lane.side.expectTarget('deploy', `document.getElementById('red-ui-header-button-deploy')`);
  await lane.act('browser_click', { ref: deploy.ref });
  await expectLanded(lane.side, 'click', 'deploy');
}

/** The "+" (icon font, no name) right of the flow tabs: the first link after the tab "Flow 1". */
async function addFlowTab(): Promise<void> {
  const add = await lane.findAfter('link', 'Flow 1', 'link');
  await lane.side.expectTarget('add', `document.querySelector('#red-ui-workspace .red-ui-tab-button.red-ui-tabs-add > a')`);
  await lane.act('browser_click', { ref: add.ref });
  await lane.side.waitFor(`document.querySelectorAll('#red-ui-workspace-tabs .red-ui-tab').length === 2`, 'a second flow tab');
  await expectLanded(lane.side, 'click', 'add');
}

laneTask(APP, 'open the main menu (icon button) → Keyboard shortcuts', () => lane, async () => {
  await openEditor();
  // The hamburger is an icon-font link with no name: the second link after "Deploy" (the first is Deploy's own dropdown).
  const menu = await lane.findAfter('link', 'Deploy', 'link', 1);
  await lane.side.expectTarget('menu', `document.getElementById('red-ui-header-button-sidemenu')`);
  await lane.act('browser_click', { ref: menu.ref });
  await lane.side.waitFor(`document.getElementById('red-ui-header-button-sidemenu-submenu')?.offsetParent`, 'the main menu open');
  await expectLanded(lane.side, 'click', 'menu');
  const item = await lane.find('link', /^Keyboard shortcuts/);
  await lane.side.expectTarget('item', `document.getElementById('menu-item-keyboard-shortcuts')`);
  await lane.act('browser_click', { ref: item.ref });
  await lane.side.waitFor(`document.getElementById('red-ui-settings-tab-keyboard')?.offsetParent`, 'the keyboard shortcuts panel');
  await expectLanded(lane.side, 'click', 'item');
});

laneTask(APP, 'filter the palette key by key (keyup only)', () => lane, async () => {
  await openEditor();
  const filter = await lane.find('textbox', 'filter nodes');
  await lane.side.expectTarget('filter', `document.querySelector('#red-ui-palette-search input')`);
  await lane.act('browser_type', { ref: filter.ref, text: 'inject', keystrokes: true });
  await expectLanded(lane.side, 'keyup', 'filter');
  expect((await lane.side.landed('keyup', 'filter')).count).toBeGreaterThanOrEqual('inject'.length);
  await lane.side.waitFor(
    `[...document.querySelectorAll('.red-ui-palette-node')].filter((node) => node.offsetParent).map((node) => node.dataset.paletteType).join() === 'inject'`,
    'only the inject node left in the palette',
  );
});

/** The palette entry "inject" (the drag source) and the canvas (the workspace's scroll container). */
async function dragInjectOntoCanvas(): Promise<void> {
  // Both refs come from one snapshot (a ref is only good until the next one). The palette entry (a
  // jQuery UI draggable: cursor move, no name of its own) is the ref holding the text "inject"; the
  // canvas has no name: it is the scroll container right after the flow tabs ("Flow 1").
  let source: SnapshotRef | undefined;
  const canvas = await lane.findBy('the palette entry "inject" and the flow canvas (the scroll container after the tab "Flow 1")', (shot) => {
    source = refHoldingText(shot, 'inject', 'generic');
    return source && refsAfter(shot, 'link', 'Flow 1').find((ref) => ref.actions.includes('scroll'));
  });
  if (!source) throw new Error('unreachable: the pick returned a canvas without a source');
  await lane.side.expectTarget('source', `document.querySelector('.red-ui-palette-node[data-palette-type="inject"]')`);
  await lane.act('browser_drag', { ref: source.ref, to_ref: canvas.ref });
  await lane.side.waitFor(`RED.nodes.filterNodes({ type: 'inject' }).length === 1 && document.querySelector('#red-ui-workspace-chart .red-ui-flow-node')`, 'an inject node on the canvas');
  await expectLanded(lane.side, 'mousedown', 'source');
}

laneTask(APP, 'drag a node from the palette onto the canvas', () => lane, async () => {
  await openEditor();
  await dragInjectOntoCanvas();
  // One node on the canvas: its group (a node draws a <g class="red-ui-flow-node red-ui-flow-node-group"> holding a <rect class="red-ui-flow-node">).
  expect(await lane.side.evaluate<number>(`document.querySelectorAll('#red-ui-workspace-chart .red-ui-flow-node-group').length`)).toBe(1);
});

laneTask(APP, 'add a flow tab (icon "+") and deploy', () => lane, async () => {
  await openEditor();
  await addFlowTab();
  await clickDeploy();
  const deadline = Date.now() + 20_000;
  while ((await flows()).filter((entry) => entry.type === 'tab').length !== 2) {
    if (Date.now() > deadline) throw new Error(`deploy never reached the runtime: ${JSON.stringify(await flows())}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

laneTask(APP, 'drag a node onto the canvas and deploy it', () => lane, async () => {
  await openEditor();
  await dragInjectOntoCanvas();
  await clickDeploy();
  const deadline = Date.now() + 20_000;
  while (!(await flows()).some((entry) => entry.type === 'inject' && entry.z === 'lanetab1')) {
    if (Date.now() > deadline) throw new Error(`the inject node was never deployed: ${JSON.stringify(await flows())}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

laneTask(APP, 'deploy, then wait for the confirmation', () => lane, async () => {
  await openEditor();
  await addFlowTab();
  await clickDeploy();
  const waited = await lane.act('browser_wait', { text: 'Successfully deployed', timeout_ms: 20_000 });
  expect(waited).toMatchObject({ mode: 'wait', met: true });
  // Independently: the runtime has the new tab once the editor says so (the notification fades by itself).
  expect((await flows()).filter((entry) => entry.type === 'tab').length).toBe(2);
});

laneTask(APP, 'leave with undeployed changes: beforeunload dismissed, then accepted', () => lane, async () => {
  await openEditor();
  await addFlowTab();
  const pageUrl = async () =>
    (await CDP.List({ host: '127.0.0.1', port: lane.chromium.port })).find((target) => target.id === lane.side.targetId)?.url ?? '';
  const away = `${app.origin}/red/images/node-red.svg`;
  // Dismissed: the editor stays, with the undeployed tab.
  expect(await lane.act('browser_navigate', { url: away, on_beforeunload: 'dismiss' })).toMatchObject({ navigation: false });
  // Still the editor (Node-RED keeps the open flow in the hash: #flow/<id>).
  expect((await pageUrl()).split('#')[0]).toBe(app.editor);
  expect(await lane.side.evaluate<number>(`document.querySelectorAll('#red-ui-workspace-tabs .red-ui-tab').length`)).toBe(2);
  // Accepted: the tab leaves the editor, and nothing was deployed.
  expect(await lane.act('browser_navigate', { url: away, on_beforeunload: 'accept' })).toMatchObject({ navigation: true });
  expect(await pageUrl()).toBe(away);
  expect((await flows()).filter((entry) => entry.type === 'tab').length).toBe(1);
});
