import CDP from 'chrome-remote-interface';
import { launchTestChromium, type TestChromium } from '@sightline/harness';
import { test } from 'vitest';
import { startMcpAgent, type McpAgent, type TabAddress, type ToolBody } from './mcp-agent.js';
import { refAfter, refByRoleAndName, refHoldingText, refNearText, type NameMatch, type Snapshot, type SnapshotRef } from './refs.js';
import { openSideChannel, type SideChannel } from './side-channel.js';

declare module 'vitest' {
  interface TaskMeta {
    lane?: { app: string; actions: string[] };
  }
}

/**
 * One app's lane: a headless Chromium, the Sightline MCP server with an in-process client bound
 * to it through the explicit-endpoint route (cdp_url), and the side channel on the bound tab.
 */
export interface Lane {
  chromium: TestChromium;
  agent: McpAgent;
  tab: TabAddress;
  side: SideChannel;
  /** Tool calls of the running task, in order (the per-task table's "actions used"). */
  actions: string[];
  /** browser_navigate to `url` (asserted ok). */
  open(url: string): Promise<void>;
  /** A semantic_v2 snapshot through get_browser_state. */
  snapshot(extra?: Record<string, unknown>): Promise<Snapshot>;
  /**
   * Picks a ref by role and name the way an agent would: the default read first, then the
   * snapshot's continuation pages, then a `query` read (for targets off the first screen).
   */
  find(role: string | RegExp, name: NameMatch, options?: { query?: string }): Promise<SnapshotRef>;
  /** The ref with `role` in the outline block of the row that shows `anchorText` (for unnamed icon buttons). */
  findNear(anchorText: string, role: string, name?: NameMatch, options?: { query?: string }): Promise<SnapshotRef>;
  /** The `nth` ref with `role` after the ref `anchorRole "anchorName"` in the outline (icon-only controls). */
  findAfter(anchorRole: string, anchorName: NameMatch, role: string, nth?: number): Promise<SnapshotRef>;
  /** The ref holding the text `text` (its nearest ancestor ref in the outline): captions and palette entries without a name of their own. */
  findHolding(text: string, role?: string, options?: { query?: string }): Promise<SnapshotRef>;
  /** The first ref `pick` returns, searched like `find`. */
  findBy(what: string, pick: (snapshot: Snapshot) => SnapshotRef | undefined, options?: { query?: string }): Promise<SnapshotRef>;
  /** Calls an action tool on the bound tab and asserts `status: "ok"` (a refusal fails the task with its message). */
  act(tool: string, args?: Record<string, unknown>): Promise<ToolBody>;
  /** Calls a tool and returns whatever it answered (for refusal checks and non-action results). */
  call(tool: string, args?: Record<string, unknown>): Promise<ToolBody>;
  close(): Promise<void>;
}

export async function startLane(session: string): Promise<Lane> {
  const chromium = await launchTestChromium();
  const agent = await startMcpAgent();
  const bound = await agent.call('get_browser_state', { session, cdp_url: chromium.wsEndpoint });
  if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
  const tabs = bound.tabs as Array<{ tab_id: string; url: string }>;
  const tab: TabAddress = { session, target_id: bound.target_id as string, tab_id: (tabs[0] as { tab_id: string }).tab_id };
  const pages = (await CDP.List({ host: '127.0.0.1', port: chromium.port })).filter((target) => target.type === 'page');
  if (pages.length !== 1) throw new Error(`expected one page target, found ${pages.length}`);
  const side = await openSideChannel(chromium.port, (pages[0] as { id: string }).id);
  const actions: string[] = [];

  const call = async (tool: string, args: Record<string, unknown> = {}) => {
    actions.push(tool.replace(/^browser_/, ''));
    // browser_tabs is browser-level: session + target_id, and a tab_id only for select/close.
    const address = tool === 'browser_tabs' ? { session: tab.session, target_id: tab.target_id } : tab;
    return agent.call(tool, { ...address, ...args });
  };
  const act = async (tool: string, args: Record<string, unknown> = {}) => {
    const body = await call(tool, args);
    if (body.status !== 'ok') throw new Error(`${tool} ${JSON.stringify(args)} did not succeed: ${JSON.stringify(body)}`);
    return body;
  };
  const snapshot = async (extra: Record<string, unknown> = {}) => {
    actions.push('snapshot');
    const body = await agent.call('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', ...extra });
    if (body.status !== 'ok') throw new Error(`snapshot failed: ${JSON.stringify(body)}`);
    return body as unknown as Snapshot;
  };
  /** Default read → continuation pages → query read; the first snapshot where `pick` finds it. */
  const search = async (pick: (snapshot: Snapshot) => SnapshotRef | undefined, query: string | undefined, what: string) => {
    let current = await snapshot();
    const seen: string[] = [];
    for (let page = 0; page < 20; page++) {
      const found = pick(current);
      if (found) return found;
      seen.push(...current.refs.map((ref) => `${ref.role} "${ref.name}"`));
      const continuation = current.snapshot.continuation;
      if (!continuation) break;
      current = await snapshot({ continuation });
    }
    if (query) {
      current = await snapshot({ query });
      const found = pick(current);
      if (found) return found;
    }
    throw new Error(`no ${what} in the snapshot (default read, continuation${query ? `, query "${query}"` : ''}); refs seen: ${seen.slice(0, 80).join(', ')}`);
  };

  return {
    chromium,
    agent,
    tab,
    side,
    actions,
    async open(url) {
      await act('browser_navigate', { url });
    },
    snapshot,
    find: (role, name, options = {}) =>
      search((shot) => refByRoleAndName(shot, role, name), options.query ?? (typeof name === 'string' ? name : undefined), `${role} ${String(name)}`),
    findNear: (anchorText, role, name, options = {}) =>
      search((shot) => refNearText(shot, anchorText, role, name), options.query ?? anchorText, `${role} near "${anchorText}"`),
    findAfter: (anchorRole, anchorName, role, nth = 0) =>
      search((shot) => refAfter(shot, anchorRole, anchorName, role, nth), undefined, `${role} #${nth + 1} after ${anchorRole} ${String(anchorName)}`),
    findHolding: (text, role, options = {}) =>
      search((shot) => refHoldingText(shot, text, role), options.query ?? text, `${role ?? 'ref'} holding the text "${text}"`),
    findBy: (what, pick, options = {}) => search(pick, options.query, what),
    act,
    call,
    async close() {
      await agent.call('end_session', { session }).catch(() => undefined);
      await side.close();
      await agent.close();
      await chromium.close();
    },
  };
}

/**
 * One lane task = one vitest test case. The table the reporter prints takes the app and the
 * tool calls the task made from the test's meta.
 */
export function laneTask(app: string, name: string, lane: () => Lane, body: () => Promise<void>): void {
  test(`${app}: ${name}`, async (context) => {
    const current = lane();
    current.actions.length = 0;
    current.side.takeExternalRequests();
    try {
      await body();
      // Offline on loopback: the app asked for nothing outside this machine.
      const external = current.side.takeExternalRequests();
      if (external.length > 0) throw new Error(`the app requested outside loopback: ${[...new Set(external)].join(', ')}`);
    } finally {
      context.task.meta.lane = { app, actions: [...current.actions] };
    }
  });
}

/**
 * Asserts that events of `type` since `expectTarget(key)` exist, all landed on the expected
 * element, and were trusted (real input) unless `synthetic` says the browser cannot deliver them
 * as input: a native <select>'s `change` is dispatched by every automation (Playwright's
 * selectOption too), since its popup is not part of the page.
 */
export async function expectLanded(side: SideChannel, type: string, key: string, options: { synthetic?: boolean } = {}): Promise<void> {
  const landed = await side.landed(type, key);
  if (landed.count === 0) throw new Error(`no ${type} event reached the page since the action on ${key}`);
  if (landed.untrusted > 0 && !options.synthetic) throw new Error(`${landed.untrusted} ${type} event(s) on ${key} were synthetic (isTrusted false)`);
  if (landed.outside.length > 0) throw new Error(`${type} landed outside ${key}: ${landed.outside.join(' | ')}`);
}
