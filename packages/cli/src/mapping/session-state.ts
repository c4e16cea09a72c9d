import type { BindResponse, SemanticSnapshotResponse, TabSummary } from '@sightline/semantic-core';

/** What the daemon remembers per session so that commands need no ids. */
export interface SessionState {
  targetId: string;
  route: 'native' | 'explicit' | 'managed';
  tabs: TabSummary[];
  /** The tab commands act on: the active tab at bind time, else the first. */
  tabId: string | null;
  /** The continuation of this session's last snapshot, followed by `snapshot --more`. */
  continuation: string | null;
}

/** Picks the tab a new binding works on: the active one, else the first one. */
export function pickTab(tabs: readonly TabSummary[]): string | null {
  return (tabs.find((tab) => tab.active === true) ?? tabs[0])?.tab_id ?? null;
}

/**
 * The session's state after a result: a bind replaces it, a semantic snapshot records its
 * continuation, a navigation forgets it, an ended session is gone (undefined). Pure.
 */
export function nextSessionState(state: SessionState | undefined, result: unknown): SessionState | undefined {
  if (typeof result !== 'object' || result === null) return state;
  const record = result as Record<string, unknown>;
  if (record.status !== 'ok') return state;
  if (record.mode === 'bind') {
    const bind = result as BindResponse;
    return { targetId: bind.target_id, route: bind.binding.route, tabs: bind.tabs, tabId: pickTab(bind.tabs), continuation: null };
  }
  if (record.mode === 'end_session') return undefined;
  if (!state) return state;
  if (record.mode === 'snapshot') {
    const snapshot = (result as SemanticSnapshotResponse).snapshot;
    return { ...state, continuation: snapshot.format === 'semantic_v2' ? snapshot.continuation : null };
  }
  if (typeof record.action === 'string' && record.navigation === true) return { ...state, continuation: null };
  return state;
}
