import type { TabInfo } from '../ports/browser-transport.js';
import type { CapabilityStore } from '../capabilities/capability-store.js';
import type { TabRecord, TargetRecord } from '../capabilities/capability-records.js';
import type { TabEntry, TabsRequest, TabsResponse } from '../contract/tabs.js';
import { refuse } from '../errors/sightline-error.js';

/**
 * SPEC §12 `browser_tabs`. The capability store stays the one owner of tab ids and of the session's
 * selected tab; the transport opens and closes tabs in the background.
 *
 * - `new` opens a background tab (optionally at url) and selects it for the session.
 * - `select` records which tab the session acts on; the user's visible tab never changes.
 * - `close` closes the tab; its refs die. When it was the selected tab, the selection moves to the
 *   tab that opened it if that is still open, else to the first open tab, else to none (the
 *   session keeps its target: `new` opens another tab). Closing the last tab is allowed.
 */
export async function runTabs(store: CapabilityStore, request: TabsRequest): Promise<TabsResponse> {
  const target = store.target(request.session, request.target_id);
  switch (request.action) {
    case 'list':
      return answer(store, target, await target.connection.listTabs());
    case 'new': {
      assertMutable(target);
      const key = await target.connection.openTab(request.url);
      store.adoptTabKey(target, key);
      const response = answer(store, target, await target.connection.listTabs());
      const tab = store.tabByKey(target, key);
      if (!tab || tab.closed) refuse('browser_tab_not_found', 'the new tab closed at once; list the tabs and try again', { field: 'url' });
      store.selectTab(target, tab);
      return { ...response, selected_tab_id: tab.id, tab_id: tab.id };
    }
    case 'select': {
      const listed = await target.connection.listTabs();
      entries(store, target, listed);
      const { tab } = store.tab(request.session, request.target_id, request.tab_id!);
      store.selectTab(target, tab);
      return answer(store, target, listed);
    }
    case 'close': {
      assertMutable(target);
      const listed = await target.connection.listTabs();
      const before = entries(store, target, listed);
      const { tab } = store.tab(request.session, request.target_id, request.tab_id!);
      const wasSelected = store.selectedTab(target) === tab;
      await target.connection.closeTab(tab.key);
      store.closeTab(tab);
      const after = await target.connection.listTabs();
      const response = answer(store, target, after.filter((info) => info.key !== tab.key));
      if (wasSelected) {
        const opener = before.find((entry) => entry.tab_id === tab.id)?.opener_tab_id;
        const next = response.tabs.find((entry) => entry.tab_id === opener) ?? response.tabs[0];
        target.selectedTabId = next?.tab_id ?? null;
        return withSelection({ ...response }, next?.tab_id);
      }
      return response;
    }
  }
}

function answer(store: CapabilityStore, target: TargetRecord, listed: TabInfo[]): TabsResponse {
  const tabs = entries(store, target, listed);
  return withSelection({ status: 'ok', mode: 'tabs', target_id: target.id, tabs }, store.selectedTab(target)?.id);
}

function withSelection(response: TabsResponse, selected: string | undefined): TabsResponse {
  const { selected_tab_id: _old, ...rest } = response;
  return selected === undefined ? rest : { ...rest, selected_tab_id: selected };
}

/** Mints ids for the listed tabs (popups of the binding's tabs join it) and names each popup's opener. */
function entries(store: CapabilityStore, target: TargetRecord, listed: TabInfo[]): TabEntry[] {
  if (target.tabKeys) {
    // A popup of a popup joins too: repeat until nothing more joins.
    for (let changed = true; changed; ) {
      changed = false;
      for (const info of listed) {
        if (info.openerKey !== undefined && target.tabKeys.has(info.openerKey) && !target.tabKeys.has(info.key)) {
          store.adoptTabKey(target, info.key);
          changed = true;
        }
      }
    }
  }
  const tabs: TabRecord[] = store.syncTabs(target, listed);
  const infos = new Map(listed.map((info) => [info.key, info]));
  return tabs.map((tab) => {
    const info = infos.get(tab.key);
    const entry: TabEntry = { tab_id: tab.id, url: info?.url ?? '', title: info?.title ?? '', active: info?.active ?? null };
    const opener = info?.openerKey === undefined ? undefined : store.tabByKey(target, info.openerKey);
    if (opener) entry.opener_tab_id = opener.id;
    return entry;
  });
}

function assertMutable(target: TargetRecord): void {
  if (!target.binding.exact) {
    refuse('browser_binding_ambiguous', `target ${target.id} was matched to its window by title only, so it is read-only; bind with cdp_url or launch to open or close tabs`, {
      field: 'target_id',
    });
  }
}
