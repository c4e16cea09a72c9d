import type { ActionOutcome, NodeAddress, PageAction } from '../ports/browser-transport.js';
import type { ActionKind } from '../model/visibility.js';
import type { ActionResponse } from '../contract/responses.js';
import type { TabRecord, TargetRecord } from '../capabilities/capability-records.js';
import type { CapabilityStore, ResolvedRef } from '../capabilities/capability-store.js';
import { refuse, SightlineError } from '../errors/sightline-error.js';
import { assertStillBound } from './snapshot-target.js';
import { throwIfCancelled } from './call-options.js';
import { signalField, untilCancelled } from './cancellable.js';

/** What a cancelled action's failure names. */
const ACTION = 'the action';

/**
 * SPEC §2/§6 delivery: resolve the ref in the store, check the action against the ref's closed
 * set before anything is sent, refuse mutations on heuristic (read-only) bindings, re-prove the
 * binding, generation, tab and node at the moment of delivery, then perform once.
 */

export interface TabAddress {
  session: string;
  target_id: string;
  tab_id: string;
  /**
   * The caller's cancellation (issue 17): the checks before delivery stop at once, and an action
   * that has sent nothing yet sends nothing (the transport decides that; see `PerformOptions`).
   */
  signal?: AbortSignal | undefined;
}

type ActionName = ActionResponse['action'];

/**
 * `alsoAccepts`: further kinds that permit the action (SPEC §12: a hover points at anything
 * clickable; an upload may go through the file chooser a clickable control opens).
 * `extraRef`: a second ref of the same tab the action needs (drag's `to_ref`), resolved and
 * re-proven like the first but needing no kind; refusals about it name its field.
 */
export async function deliverToRef(
  store: CapabilityStore,
  address: TabAddress,
  rawRef: string,
  kind: ActionKind,
  build: (node: NodeAddress, extra: NodeAddress | null) => PageAction,
  alsoAccepts: readonly ActionKind[] = [],
  extraRef?: { field: string; ref: string },
): Promise<ActionResponse> {
  const { target, tab } = store.tab(address.session, address.target_id, address.tab_id);
  const resolved = store.resolveRef(address.session, address.target_id, address.tab_id, rawRef);
  assertActionable(resolved, kind, alsoAccepts);
  const extra = extraRef ? asField(extraRef.field, () => store.resolveRef(address.session, address.target_id, address.tab_id, extraRef.ref)) : null;
  assertMutable(target);
  const generation = target.generation;
  const { signal } = address;
  await untilCancelled(signal, ACTION, proveTab(store, target, tab, generation));
  await untilCancelled(signal, ACTION, proveLive(store, target, tab, generation, resolved, 'ref'));
  if (extra && extraRef) await untilCancelled(signal, ACTION, proveLive(store, target, tab, generation, extra, extraRef.field));
  throwIfCancelled(signal, ACTION);
  const outcome = await target.connection.perform(tab.key, build(resolved.address, extra?.address ?? null), signalField(signal));
  return finish(store, tab, kind as ActionName, resolved.ref, outcome);
}

/** The node is still attached in its frame and document, and its snapshot is still current. */
async function proveLive(store: CapabilityStore, target: TargetRecord, tab: TabRecord, generation: number, resolved: ResolvedRef, field: string): Promise<void> {
  const liveness = await target.connection.proveNode(tab.key, resolved.address);
  assertStillBound(target, generation, tab);
  const named = field === 'ref' ? `ref ${resolved.ref}` : `${field} ${resolved.ref}`;
  if (liveness !== 'live') {
    const why = liveness === 'detached' ? 'is no longer attached to the page' : liveness === 'document_changed' ? 'belongs to a document that has been replaced' : 'belongs to a frame that is gone';
    refuse('browser_ref_stale', `${named} ${why}; take a new snapshot`, { field, ref: resolved.ref });
  }
  if (!store.isLive(resolved.snapshot)) {
    refuse('browser_ref_stale', `${named} went stale while the action was checked; take a new snapshot`, { field, ref: resolved.ref });
  }
}

/** Runs `resolve`, re-labelling a refusal about `ref` as one about `field` (e.g. drag's `to_ref`). */
function asField<T>(field: string, resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    if (!SightlineError.isInstance(error) || error.detail?.field !== 'ref') throw error;
    throw new SightlineError(error.code, `${field}: ${error.message}`, { ...error.detail, field });
  }
}

export async function deliverToTab(store: CapabilityStore, address: TabAddress, action: PageAction, name: ActionName): Promise<ActionResponse> {
  const { target, tab } = store.tab(address.session, address.target_id, address.tab_id);
  assertMutable(target);
  const generation = target.generation;
  await untilCancelled(address.signal, ACTION, proveTab(store, target, tab, generation));
  throwIfCancelled(address.signal, ACTION);
  const outcome = await target.connection.perform(tab.key, action, signalField(address.signal));
  return finish(store, tab, name, null, outcome);
}

function assertActionable(resolved: ResolvedRef, kind: ActionKind, alsoAccepts: readonly ActionKind[]): void {
  const node = resolved.stored.node;
  if (resolved.kind === 'content') {
    refuse('browser_action_unavailable', `ref ${resolved.ref} is a content ref (${node.role}): it can be read with scope_ref but not acted on; use an action ref from the snapshot's refs`, {
      ref: resolved.ref,
      action: kind,
      actions: [],
    });
  }
  if (!node.actions.includes(kind) && !alsoAccepts.some((accepted) => node.actions.includes(accepted))) {
    const supported = node.actions.length > 0 ? `supports only ${node.actions.join(', ')}` : node.states.disabled ? 'is disabled and supports no action' : 'supports no action';
    const wanted = [kind, ...alsoAccepts].join(' or ');
    refuse('browser_action_unavailable', `ref ${resolved.ref} (${node.role}) ${supported}, not ${kind}; pick a ref whose actions include ${wanted}`, {
      ref: resolved.ref,
      action: kind,
      actions: [...node.actions],
    });
  }
}

function assertMutable(target: TargetRecord): void {
  if (!target.binding.exact) {
    refuse('browser_binding_ambiguous', `target ${target.id} was matched to its window by title only, so it is read-only; bind with cdp_url or launch to act on the page`, {
      field: 'target_id',
    });
  }
}

/** The tab must still exist in the browser right now. */
async function proveTab(store: CapabilityStore, target: TargetRecord, tab: TabRecord, generation: number): Promise<void> {
  const tabs = await target.connection.listTabs();
  assertStillBound(target, generation, tab);
  if (!tabs.some((info) => info.key === tab.key)) {
    store.closeTab(tab);
    refuse('browser_tab_not_found', `tab ${tab.id} is gone; bind again to list the tabs`, { field: 'tab_id' });
  }
}

function finish(store: CapabilityStore, tab: TabRecord, action: ActionName, ref: string | null, outcome: ActionOutcome): ActionResponse {
  if (!outcome.delivered) {
    if (outcome.reason === 'covered') {
      const { role, name } = outcome.covering;
      const verb = action === 'click' || action === 'select' || action === 'type' ? 'click' : action;
      refuse('browser_target_covered', `the ${verb} on ${ref ?? 'the target'} would land on ${role}${name ? ` "${name}"` : ''} instead; nothing was ${verb === 'click' ? 'clicked' : 'done'}. Dismiss or scroll it away, then take a new snapshot`, {
        ref,
        covering: { role, name },
      });
    }
    if (outcome.reason === 'drop_covered') {
      const { role, name } = outcome.covering;
      refuse('browser_target_covered', `the drop point on to_ref would land on ${role}${name ? ` "${name}"` : ''} instead; nothing was dragged. Dismiss or scroll it away, then take a new snapshot`, {
        field: 'to_ref',
        ref,
        covering: { role, name },
      });
    }
    if (outcome.reason === 'no_file_chooser') {
      refuse('browser_action_unavailable', `ref ${ref ?? ''} is not a file input and clicking it opened no file chooser (the click was delivered); take a new snapshot and pick the file input or the control that opens it`, {
        ref,
        action: 'upload',
      });
    }
    refuse('browser_invalid_request', `no option matches ${outcome.missing.map((value) => `"${value}"`).join(', ')}; nothing was selected. Take a snapshot of the options (scope_ref) and pass their values`, {
      field: 'values',
      problem: 'no such option',
      missing: [...outcome.missing],
    });
  }
  if (outcome.navigation) store.tabNavigated(tab);
  return { status: 'ok', action, ref, effect: outcome.effect, navigation: outcome.navigation, ...(outcome.dialog ? { dialog: { ...outcome.dialog } } : {}) };
}
