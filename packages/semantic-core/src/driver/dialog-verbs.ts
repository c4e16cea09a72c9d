import type { DialogInfo } from '../ports/browser-transport.js';
import type { ConsoleRequest, DialogRequest, SnapshotRequest } from '../contract/requests.js';
import type { ActionResponse, ConsoleResponse, DomRefsSnapshotResponse, SemanticSnapshotResponse } from '../contract/responses.js';
import type { TargetRecord } from '../capabilities/capability-records.js';
import type { CapabilityStore } from '../capabilities/capability-store.js';
import { refuse } from '../errors/sightline-error.js';
import { escapeOutline } from '../render/outline-format.js';
import { assertStillBound, assertStillReachable, composeOptions, type SnapshotTarget } from './snapshot-target.js';

/**
 * SPEC §12: JavaScript dialogs and the console, on the Driver side. While a dialog is open the
 * page's main thread is blocked, so nothing here asks the transport for anything that would call
 * into the page: the transport answers dialog state and console entries from what it tracked.
 */

/** Default number of console entries per answer (VERBS.md). */
export const DEFAULT_CONSOLE_LIMIT = 50;

const DIALOG_TOOL = 'call browser_dialog (CLI: sightline dialog accept|dismiss) first';

/** `browser_dialog`: accept or dismiss the open dialog; no dialog open is a refusal naming `action`. */
export async function handleDialogVerb(store: CapabilityStore, request: DialogRequest): Promise<ActionResponse> {
  const { target, tab } = store.tab(request.session, request.target_id, request.tab_id);
  assertExact(target);
  const connection = target.connection;
  if (!connection.openDialog || !connection.handleDialog) {
    refuse('browser_route_unavailable', 'this browser connection cannot handle JavaScript dialogs; bind with cdp_url or launch');
  }
  const generation = target.generation;
  const open = await connection.openDialog(tab.key);
  assertStillBound(target, generation, tab);
  if (!open) {
    refuse('browser_invalid_request', 'Invalid request: field "action": no dialog is open in this tab; take a snapshot to see the page', {
      field: 'action',
      problem: 'no dialog is open',
    });
  }
  if (request.prompt_text !== undefined && open.type !== 'prompt') {
    refuse('browser_invalid_request', `Invalid request: field "prompt_text": the open dialog is ${article(open.type)} ${open.type}, and only a prompt takes text; call again without prompt_text`, {
      field: 'prompt_text',
      problem: 'the open dialog is not a prompt',
    });
  }
  const accept = request.action === 'accept';
  const outcome = await connection.handleDialog(tab.key, { accept, ...(accept && request.prompt_text !== undefined ? { promptText: request.prompt_text } : {}) });
  assertStillBound(target, generation, tab);
  if (!outcome) {
    refuse('browser_invalid_request', 'Invalid request: field "action": the dialog closed before it could be handled; take a snapshot to see the page', {
      field: 'action',
      problem: 'no dialog is open',
    });
  }
  if (!outcome.delivered) refuse('browser_invalid_request', 'the dialog could not be handled; take a snapshot');
  if (outcome.navigation) store.tabNavigated(tab);
  return {
    status: 'ok',
    action: 'dialog',
    ref: null,
    effect: outcome.effect,
    navigation: outcome.navigation,
    ...(outcome.dialog ? { dialog: { ...outcome.dialog } } : {}),
  };
}

/** `browser_console`: the tab's recent console messages and uncaught errors. */
export async function readConsoleVerb(store: CapabilityStore, request: ConsoleRequest): Promise<ConsoleResponse> {
  const { target, tab } = store.tab(request.session, request.target_id, request.tab_id);
  const connection = target.connection;
  if (!connection.consoleEntries) refuse('browser_route_unavailable', 'this browser connection cannot read the console; bind with cdp_url or launch');
  const page = await connection.consoleEntries(tab.key, {
    limit: request.limit ?? DEFAULT_CONSOLE_LIMIT,
    ...(request.since !== undefined ? { since: request.since } : {}),
    ...(request.level !== undefined ? { level: request.level } : {}),
  });
  assertStillReachable(target, tab);
  return {
    status: 'ok',
    mode: 'console',
    entries: page.entries.map((entry) => ({ seq: entry.seq, level: entry.level, text: entry.text, time: entry.time, source: entry.source })),
    next_since: page.nextSince,
  };
}

/** The open dialog of the tab, or null (transports without dialog support: always null). */
export async function openDialogOf(context: SnapshotTarget): Promise<DialogInfo | null> {
  const connection = context.target.connection;
  if (!connection.openDialog) return null;
  // Often the first call after a dropped link: it re-opens the link, and its answer is about the new one.
  const dialog = await connection.openDialog(context.tab.key);
  assertStillReachable(context.target, context.tab);
  return dialog;
}

/**
 * A snapshot while a dialog is open: the page cannot be read (its main thread waits for the
 * dialog), so the answer is the dialog itself — `page.dialog`, an outline of one `- dialog` line —
 * plus the tab's URL and title as the browser lists them. No refs: the only thing to do is
 * browser_dialog. It is a snapshot like any other (it becomes the tab's current one), marked
 * incomplete with `limits_hit: ["dialog_open"]`.
 */
export async function dialogSnapshot(
  context: SnapshotTarget,
  request: SnapshotRequest,
  dialog: DialogInfo,
): Promise<SemanticSnapshotResponse | DomRefsSnapshotResponse> {
  const { store, target, tab } = context;
  const listed = (await target.connection.listTabs()).find((info) => info.key === tab.key);
  assertStillReachable(target, tab);
  const options = composeOptions(request, 'viewport');
  const snapshot = store.newSnapshot(target, tab, options);
  store.commitSnapshot(tab, snapshot);
  const page = { url: listed?.url ?? '', title: listed?.title ?? '', focused_ref: null, dialog: { ...dialog } };
  if ((request.snapshot_format ?? 'semantic_v2') === 'dom_refs_v1') {
    return { status: 'ok', mode: 'snapshot', target_id: target.id, tab_id: tab.id, snapshot: { id: snapshot.id, format: 'dom_refs_v1', truncated: false }, page, refs: [] };
  }
  return {
    status: 'ok',
    mode: 'snapshot',
    target_id: target.id,
    tab_id: tab.id,
    snapshot: {
      id: snapshot.id,
      format: 'semantic_v2',
      complete: false,
      scope: 'viewport',
      selected_nodes: 0,
      total_nodes: 0,
      node_budget: options.nodeBudget,
      omitted: { css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0, filtered: 0, collapsed: 0 },
      continuation: null,
      limits_hit: ['dialog_open'],
    },
    page,
    outline: dialogOutline(dialog),
    refs: [],
    content_refs: [],
    oopif: { status: 'none', frames: 0 },
    timing_ms: { collect: 0, compose: 0 },
  };
}

/** `- dialog "<message>" [type=alert]`: the one line of the outline while a dialog is open. */
export function dialogOutline(dialog: DialogInfo): string {
  return `- dialog "${escapeOutline(dialog.message.replace(/\s+/g, ' ').trim())}" [type=${dialog.type}]`;
}

/** The refusal every other mutation gets while a dialog is open (the transport raises it). */
export function dialogOpenMessage(dialog: DialogInfo): string {
  return `a JavaScript ${dialog.type} is open${dialog.message ? ` ("${shorten(dialog.message)}")` : ''} and blocks the page; nothing was done. To go on, ${DIALOG_TOOL}`;
}

function assertExact(target: TargetRecord): void {
  if (!target.binding.exact) {
    refuse('browser_binding_ambiguous', `target ${target.id} was matched to its window by title only, so it is read-only; bind with cdp_url or launch to act on the page`, {
      field: 'target_id',
    });
  }
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}
