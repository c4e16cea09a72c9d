import type { ComposeOptions } from '../compose/compose-types.js';
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_CHILDREN, DEFAULT_NODE_BUDGET } from '../compose/compose-types.js';
import type { SnapshotRequest } from '../contract/requests.js';
import type { SnapshotScope } from '../contract/responses.js';
import type { TabRecord, TargetRecord } from '../capabilities/capability-records.js';
import { browserGone, type CapabilityStore } from '../capabilities/capability-store.js';
import { refuse } from '../errors/sightline-error.js';

// What every Driver read and verb on one bound tab shares (snapshots, dialogs, actions, waits):
// the tab it works on, the checks after each await, and the compose options of a snapshot request.

/** The store, target and tab one call works on. */
export interface SnapshotTarget {
  store: CapabilityStore;
  target: TargetRecord;
  tab: TabRecord;
  /** The caller's cancellation (issue 17): the capture stops and the read answers `cancelled`. */
  signal?: AbortSignal | undefined;
}

/** The bound after an await: the browser may have gone or the tab closed meanwhile. */
export function assertStillBound(target: TargetRecord, generation: number, tab: TabRecord): void {
  if (!target.alive && target.lost !== undefined) throw browserGone(target);
  if (!target.alive || target.generation !== generation) {
    refuse('browser_ref_stale', `the browser connection of target ${target.id} was lost or replaced; bind again`, { field: 'target_id' });
  }
  if (tab.closed) refuse('browser_tab_not_found', `tab ${tab.id} was closed; bind again to list the tabs`, { field: 'tab_id' });
}

/**
 * The bound after an await of a call that names no earlier node (dialog state, the tab list, the
 * console): a link the transport re-opened meanwhile (issue 17, `reconnected` bumps the
 * generation) does not make such an answer stale, since it was read over the new link. Only a
 * lost or replaced browser, or a closed tab, refuses.
 */
export function assertStillReachable(target: TargetRecord, tab: TabRecord): void {
  assertStillBound(target, target.generation, tab);
}

/** A snapshot request's compose options with the contract's defaults (one home: fresh reads and dialog snapshots). */
export function composeOptions(request: SnapshotRequest, scope: SnapshotScope): ComposeOptions {
  return {
    scope,
    nodeBudget: request.node_budget ?? DEFAULT_NODE_BUDGET,
    maxChars: request.max_chars ?? DEFAULT_MAX_CHARS,
    interactiveOnly: request.interactive_only ?? false,
    maxDepth: request.max_depth,
    includeBoxes: request.include_boxes ?? false,
    maxChildren: request.max_children ?? DEFAULT_MAX_CHILDREN,
    includeUrls: request.include_urls ?? false,
  };
}
