import { z } from 'zod';
import { refusalCodeSchema } from './refusal-codes.js';
import { ACTION_KINDS, VISIBILITY_CLASSES } from '../model/visibility.js';
import { nodeStatesSchema } from '../model/page-capture.js';

export const refusalResponseSchema = z.object({
  status: z.literal('refused'),
  refusal: z.object({
    code: refusalCodeSchema,
    message: z.string(),
    detail: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const transportErrorResponseSchema = z.object({
  status: z.literal('error'),
  error: z.object({ code: z.literal('browser_transport_error'), message: z.string() }),
});

export const tabSummarySchema = z.object({
  tab_id: z.string(),
  url: z.string(),
  title: z.string(),
  active: z.boolean().nullable(),
});

export const bindResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('bind'),
  target_id: z.string(),
  binding: z.object({
    route: z.enum(['native', 'explicit', 'managed']),
    proof: z.enum(['listening_socket_pid', 'devtools_active_port', 'explicit_endpoint', 'spawned_by_driver']),
    exact: z.boolean(),
  }),
  browser: z.object({ product: z.string(), protocol: z.string() }),
  tabs: z.array(tabSummarySchema),
  /** Issue 16, managed launch with a url: what opening the page waited for and what was still loading. */
  page_load: z
    .object({
      ready: z.enum(['painted', 'load', 'timeout']),
      load_event: z.boolean(),
      still_loading: z.array(z.object({ type: z.string(), url: z.string() })),
      still_loading_count: z.number().int().nonnegative(),
    })
    .optional(),
  /** Issue 16, managed launch: starting the browser and waiting for the page (ms). */
  timing_ms: z.object({ launch: z.number().nonnegative(), load_wait: z.number().nonnegative(), warm_up: z.number().nonnegative().optional() }).optional(),
});

export const listTabsResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('tabs'),
  target_id: z.string(),
  tabs: z.array(tabSummarySchema),
});

const rectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const actionRefSchema = z.object({
  ref: z.string(),
  role: z.string(),
  name: z.string(),
  value: z.string().optional(),
  /** The printed states; a redacted field also says `filled` or `empty` (its value never leaves). */
  states: nodeStatesSchema.extend({ filled: z.boolean().optional(), empty: z.boolean().optional() }),
  actions: z.array(z.enum(ACTION_KINDS)),
  frame: z.string(),
  visibility: z.enum(VISIBILITY_CLASSES),
  box: rectSchema.optional(),
});

export const contentRefSchema = z.object({
  ref: z.string(),
  role: z.string(),
  name: z.string(),
  frame: z.string(),
  visibility: z.enum(VISIBILITY_CLASSES),
  box: rectSchema.optional(),
});

export const omittedCountsSchema = z.object({
  css_hidden: z.number().int().nonnegative(),
  offscreen: z.number().int().nonnegative(),
  page_occluded: z.number().int().nonnegative(),
  no_layout: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  budget: z.number().int().nonnegative(),
  unprovable_frame: z.number().int().nonnegative(),
  /** Nodes the read's own filters exclude (`interactive_only`, `max_depth`); part of the accounting identity. */
  filtered: z.number().int().nonnegative(),
  /** Same-role siblings beyond `max_children` (SPEC §12), printed as `- … N more <role>`; part of the identity. */
  collapsed: z.number().int().nonnegative(),
});

export const SNAPSHOT_SCOPES = ['viewport', 'query', 'subtree', 'continuation', 'diff'] as const;

/** SPEC §12: a JavaScript dialog that is open in the tab (its message is page text, capped). */
export const dialogSummarySchema = z.object({
  type: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']),
  message: z.string(),
});

export const pageSummarySchema = z.object({
  url: z.string(),
  title: z.string(),
  focused_ref: z.string().nullable(),
  /** Present while a JavaScript dialog is open: nothing of the page can be read or acted on until browser_dialog. */
  dialog: dialogSummarySchema.optional(),
});

/**
 * Issue 16: where a snapshot's time went (ms). `collect` and `compose` are always there; the phases
 * are present when the transport measured them (0 when a phase had nothing to do, e.g. the world
 * already existed); `launch` and `load_wait` only on a one-shot (`sightline snapshot <url>`).
 */
const ms = () => z.number().nonnegative();
export const snapshotTimingSchema = z.object({
  collect: ms(),
  compose: ms(),
  /** Creating the collector's isolated world(s) and loading the collector into them. */
  world_setup: ms().optional(),
  /** Turning on Chromium's accessibility tree for the document (its first snapshot pays it). */
  ax_enable: ms().optional(),
  /** The in-page walk that classifies every element (all frames). */
  walk: ms().optional(),
  /** Hit tests against overlays (all frames). */
  hit_test: ms().optional(),
  /** Ranking and shipping what the budget can use (all frames). */
  rank: ms().optional(),
  /** Accessibility facts of the nodes to be shown. */
  ax: ms().optional(),
  /** Waiting for the page's first walk, begun in the background when the page was opened (part of `collect`; the snapshot uses that walk). */
  warm_up_wait: ms().optional(),
  /** One-shot only: starting the browser until its DevTools endpoint answered. */
  launch: ms().optional(),
  /** One-shot only: waiting for the page (navigation, parsing, first paint, quiet period). */
  load_wait: ms().optional(),
  /** One-shot only: the page's first walk, done during the quiet period (a part of `load_wait`, so the snapshot's own walk starts warm). */
  warm_up: ms().optional(),
});

export const semanticSnapshotResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('snapshot'),
  target_id: z.string(),
  tab_id: z.string(),
  snapshot: z.object({
    id: z.string(),
    format: z.literal('semantic_v2'),
    complete: z.boolean(),
    scope: z.enum(SNAPSHOT_SCOPES),
    selected_nodes: z.number().int().nonnegative(),
    total_nodes: z.number().int().nonnegative(),
    node_budget: z.number().int().positive(),
    omitted: omittedCountsSchema,
    continuation: z.string().nullable(),
    /** Which limits made the snapshot incomplete (node/char budgets, collection budgets). */
    limits_hit: z.array(z.string()).optional(),
  }),
  page: pageSummarySchema,
  outline: z.string(),
  refs: z.array(actionRefSchema),
  content_refs: z.array(contentRefSchema),
  oopif: z.object({ status: z.enum(['attached', 'none', 'partial']), frames: z.number().int().nonnegative() }),
  timing_ms: snapshotTimingSchema,
});

export const domRefsSnapshotResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('snapshot'),
  target_id: z.string(),
  tab_id: z.string(),
  snapshot: z.object({ id: z.string(), format: z.literal('dom_refs_v1'), truncated: z.boolean() }),
  page: pageSummarySchema,
  refs: z.array(
    z.object({
      ref: z.string(),
      role: z.string(),
      name: z.string(),
      value: z.string().optional(),
      actions: z.array(z.enum(ACTION_KINDS)),
      frame: z.string(),
    }),
  ),
});

export const actionResponseSchema = z.object({
  status: z.literal('ok'),
  action: z.enum(['click', 'type', 'select', 'scroll', 'press', 'navigate', 'hover', 'drag', 'upload', 'dialog']),
  ref: z.string().nullable(),
  effect: z.enum(['confirmed', 'unverifiable', 'suspected_noop']),
  navigation: z.boolean(),
  /** The action opened a JavaScript dialog that is open now (SPEC §12): handle it with browser_dialog. */
  dialog: dialogSummarySchema.optional(),
});

export const screenshotResponseSchema = z.object({
  status: z.literal('ok'),
  action: z.literal('screenshot'),
  image: z.object({ mime_type: z.literal('image/png'), data: z.string(), width: z.number(), height: z.number() }),
  labels: z.array(z.object({ label: z.number().int().positive(), ref: z.string() })),
});

export const browserWindowSchema = z.object({
  pid: z.number().int(),
  window_id: z.union([z.number(), z.string()]),
  title: z.string(),
  bounds: rectSchema,
  app: z.string(),
});

export const listWindowsResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('windows'),
  windows: z.array(browserWindowSchema),
});

export const endSessionResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('end_session'),
  session: z.string(),
  closed_browsers: z.number().int().nonnegative(),
});

// SPEC §12: console messages and uncaught errors of a tab.
export const consoleEntrySchema = z.object({
  seq: z.number().int().positive(),
  level: z.enum(['debug', 'info', 'log', 'warn', 'error']),
  text: z.string(),
  time: z.string(),
  source: z.enum(['console', 'exception']).optional(),
});

export const consoleResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('console'),
  entries: z.array(consoleEntrySchema),
  next_since: z.number().int().nonnegative(),
});

export type DialogSummary = z.infer<typeof dialogSummarySchema>;
export type ConsoleEntryResponse = z.infer<typeof consoleEntrySchema>;
export type ConsoleResponse = z.infer<typeof consoleResponseSchema>;

export type RefusalResponse = z.infer<typeof refusalResponseSchema>;
export type TransportErrorResponse = z.infer<typeof transportErrorResponseSchema>;
export type Failure = RefusalResponse | TransportErrorResponse;
export type TabSummary = z.infer<typeof tabSummarySchema>;
export type ListTabsResponse = z.infer<typeof listTabsResponseSchema>;
export type BindResponse = z.infer<typeof bindResponseSchema>;
export type ActionRef = z.infer<typeof actionRefSchema>;
export type ContentRef = z.infer<typeof contentRefSchema>;
export type OmittedCounts = z.infer<typeof omittedCountsSchema>;
export type SnapshotScope = (typeof SNAPSHOT_SCOPES)[number];
export type SemanticSnapshotResponse = z.infer<typeof semanticSnapshotResponseSchema>;
export type SnapshotTiming = z.infer<typeof snapshotTimingSchema>;
export type DomRefsSnapshotResponse = z.infer<typeof domRefsSnapshotResponseSchema>;
export type SnapshotResponse = SemanticSnapshotResponse | DomRefsSnapshotResponse;
export type ActionResponse = z.infer<typeof actionResponseSchema>;
export type ScreenshotResponse = z.infer<typeof screenshotResponseSchema>;
export type BrowserWindow = z.infer<typeof browserWindowSchema>;
export type ListWindowsResponse = z.infer<typeof listWindowsResponseSchema>;
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;
