import type { z } from 'zod';
import {
  actionResponseSchema,
  bindResponseSchema,
  clickRequestSchema,
  domRefsSnapshotResponseSchema,
  endpointBindRequestSchema,
  endSessionRequestSchema,
  endSessionResponseSchema,
  listWindowsRequestSchema,
  listWindowsResponseSchema,
  managedBindRequestSchema,
  nativeBindRequestSchema,
  navigateRequestSchema,
  pressRequestSchema,
  screenshotRequestSchema,
  screenshotResponseSchema,
  scrollRequestSchema,
  selectRequestSchema,
  semanticSnapshotResponseSchema,
  snapshotRequestSchema,
  typeRequestSchema,
  hoverRequestSchema,
  dragRequestSchema,
  uploadRequestSchema,
  waitRequestSchema,
  waitResponseSchema,
  tabsRequestSchema,
  tabsResponseSchema,
  dialogRequestSchema,
  consoleRequestSchema,
  consoleResponseSchema,
  type DriverMethod,
  type RefusalResponse,
} from '@sightline/semantic-core';
import { FIELD_DESCRIPTIONS, TABS_FIELD_DESCRIPTIONS, WAIT_FIELD_DESCRIPTIONS } from './field-descriptions.js';
import { toolOutputSchema } from './output-schema.js';
import { permissiveInput, type ContractObjectSchema } from './permissive-input.js';
import type { ToolKind } from './tool-annotations.js';
import { routeBrowserState } from './browser-state-route.js';

type OkSchema = z.ZodObject<z.ZodRawShape>;

/** Where a call goes: a Driver method with the input to pass, or an MCP-level refusal. */
export type ToolRoute = { method: DriverMethod; input: Record<string, unknown> } | RefusalResponse;

/** One MCP tool, as data. `server-tools.ts` registers them all in one place. */
export interface SightlineToolDefinition {
  name: string;
  title: string;
  description: string;
  kind: ToolKind;
  /** Only for `action`/`session` kinds: whether the tool may do something the user cannot undo. */
  destructive: boolean;
  /** SDK-facing input schema: precise JSON Schema advertised, permissive parse (see permissive-input.ts). */
  inputSchema: z.ZodObject<z.ZodRawShape>;
  /** Object schema covering the ok bodies, refusals and transport errors. */
  outputSchema: z.ZodType<Record<string, unknown>>;
  /** The contract's ok bodies for this tool, as sent in structuredContent. */
  okSchemas: readonly OkSchema[];
  /** The ok body carries a PNG (`image.data`) that goes out as MCP image content. */
  imageContent?: boolean;
  route(args: Record<string, unknown>): ToolRoute;
}

/** The screenshot's structuredContent: the contract body without the PNG (that goes out as image content). */
export const screenshotResultSchema = screenshotResponseSchema.extend({
  image: screenshotResponseSchema.shape.image.omit({ data: true }),
});

const LOOP =
  'The loop: get_browser_state to bind (once) → get_browser_state to snapshot → act on a ref from that snapshot → snapshot again before the next action.';

function define(
  spec: Omit<SightlineToolDefinition, 'inputSchema' | 'outputSchema' | 'route' | 'destructive'> & {
    request: readonly ContractObjectSchema[];
    required: readonly string[];
    method?: DriverMethod;
    route?: SightlineToolDefinition['route'];
    destructive?: boolean;
    /** This tool's own wording for fields whose shared description does not fit it (e.g. `text`, `url`). */
    fieldDescriptions?: Readonly<Record<string, string>>;
  },
): SightlineToolDefinition {
  const { request, required, method, route, destructive, fieldDescriptions, ...rest } = spec;
  return {
    ...rest,
    destructive: destructive ?? false,
    inputSchema: permissiveInput(request, { required, descriptions: { ...FIELD_DESCRIPTIONS, ...fieldDescriptions } }),
    outputSchema: toolOutputSchema(spec.okSchemas),
    route: route ?? ((args) => ({ method: method as DriverMethod, input: args })),
  };
}

const asObject = (schema: unknown) => schema as ContractObjectSchema;
const tabAddress = ['session', 'target_id', 'tab_id'] as const;

export const SIGHTLINE_TOOLS: readonly SightlineToolDefinition[] = [
  define({
    name: 'list_browser_windows',
    title: 'List browser windows',
    kind: 'read',
    description:
      'List the native browser windows this machine shows ({pid, window_id, title, bounds, app}). Use it before binding to a browser the user already has open: pass a pid and window_id to get_browser_state. Not needed for launch or cdp_url binds.',
    request: [asObject(listWindowsRequestSchema)],
    required: [],
    okSchemas: [listWindowsResponseSchema],
    method: 'listBrowserWindows',
  }),
  define({
    name: 'get_browser_state',
    title: 'Bind to a browser or snapshot a tab',
    // Its bind mode can launch a browser (and attach to one): not a read-only tool.
    kind: 'session',
    destructive: false,
    description: [
      'See what a browser tab shows right now, as a ranked, budgeted accessibility outline with refs you can act on.',
      'Two modes. Bind: give session plus one of {pid, window_id} (a window from list_browser_windows), {cdp_url}, or {launch: {url?}} (start a fresh Chromium); you get target_id and the tabs.',
      'Snapshot: give session, target_id and tab_id (snapshot_format "semantic_v2" recommended); optionally one read scope — query, scope_ref, continuation or diff — and budgets.',
      'Refs (p<N>:<E>) are valid only until the next snapshot of the tab or a navigation; the element number E stays the same for the same node.',
      'Off-screen content is counted, not shown: follow the continuation, or use query/scope_ref.',
      LOOP,
    ].join(' '),
    request: [
      asObject(nativeBindRequestSchema),
      asObject(endpointBindRequestSchema),
      asObject(managedBindRequestSchema),
      asObject(snapshotRequestSchema),
    ],
    required: ['session'],
    okSchemas: [bindResponseSchema, semanticSnapshotResponseSchema, domRefsSnapshotResponseSchema],
    route: routeBrowserState,
  }),
  define({
    name: 'browser_click',
    title: 'Click an element',
    kind: 'action',
    destructive: true,
    description: `Click the element behind an action ref from the latest snapshot, in the background (no window focus, no OS input). double: true for a double click (dblclick, e.g. rename in place), button: "right" for a context menu, modifiers: ["Shift"] etc. for modifier clicks. Refused if the ref is stale, the element lacks "click", or something covers it. ${LOOP}`,
    request: [clickRequestSchema],
    required: [...tabAddress, 'ref'],
    okSchemas: [actionResponseSchema],
    method: 'click',
  }),
  define({
    name: 'browser_type',
    title: 'Type into a field',
    kind: 'action',
    destructive: true,
    description: `Type text into the editable element behind a ref (replace: true to overwrite its value, submit: true to press Enter after, keystrokes: true to type key by key for apps that listen to key events). Use the ref of a textbox/searchbox/combobox whose actions include "type". ${LOOP}`,
    request: [typeRequestSchema],
    required: [...tabAddress, 'ref', 'text'],
    okSchemas: [actionResponseSchema],
    method: 'type',
  }),
  define({
    name: 'browser_select',
    title: 'Select options',
    kind: 'action',
    destructive: true,
    description: `Select option(s) of a listbox/combobox ref by value or label. Refused, with nothing changed, if a value matches no option. ${LOOP}`,
    request: [selectRequestSchema],
    required: [...tabAddress, 'ref', 'values'],
    okSchemas: [actionResponseSchema],
    method: 'select',
  }),
  define({
    name: 'browser_scroll',
    title: 'Scroll',
    kind: 'action',
    description: `Scroll the page, or with a ref its scroll container, in a direction. Use it to bring off-screen content into view, then snapshot again (continuation and query also reach off-screen content without scrolling). ${LOOP}`,
    request: [scrollRequestSchema],
    required: [...tabAddress, 'direction'],
    okSchemas: [actionResponseSchema],
    method: 'scroll',
  }),
  define({
    name: 'browser_press',
    title: 'Press a key',
    kind: 'action',
    destructive: true,
    description: `Press a key or chord (Enter, Escape, Tab, Control+A) on the focused element of the tab, in the background. Use after typing or to dismiss dialogs. ${LOOP}`,
    request: [pressRequestSchema],
    required: [...tabAddress, 'key'],
    okSchemas: [actionResponseSchema],
    method: 'press',
  }),
  define({
    name: 'browser_navigate',
    title: 'Navigate the tab',
    kind: 'action',
    destructive: true,
    description: `Load a URL in the tab, or go back, forward or reload (history). Every ref of the tab dies: snapshot again afterwards. ${LOOP}`,
    request: [asObject(navigateRequestSchema)],
    required: [...tabAddress],
    okSchemas: [actionResponseSchema],
    method: 'navigate',
  }),
  define({
    name: 'browser_screenshot',
    title: 'Screenshot the tab',
    kind: 'read',
    description:
      'Capture a PNG of the tab\'s viewport, without bringing it to the front. annotate: true draws numbered labels over the action refs of the latest snapshot and returns the label→ref map. Use it when the outline is not enough (layout, images, canvas); act through refs, not coordinates.',
    request: [screenshotRequestSchema],
    required: [...tabAddress],
    okSchemas: [screenshotResultSchema],
    imageContent: true,
    method: 'screenshot',
  }),
  // SPEC §12 pointer verbs.
  define({
    name: 'browser_hover',
    title: 'Hover over an element',
    kind: 'action',
    description: `Move the pointer over the element behind a ref (no press), in the background: reveals hover-only controls (a row's delete button), menus and tooltips. Works on refs whose actions include "hover" or "click". Snapshot again to see what appeared. ${LOOP}`,
    request: [hoverRequestSchema],
    required: [...tabAddress, 'ref'],
    okSchemas: [actionResponseSchema],
    method: 'hover',
  }),
  define({
    name: 'browser_drag',
    title: 'Drag an element onto another',
    kind: 'action',
    destructive: true,
    description: `Drag the element behind ref (its actions include "drag") and drop it on the centre of to_ref (any current ref of the same tab: a list item, a drop zone region). Press, several pointer moves, release; HTML5 drag and drop works too. Refused if either ref is stale or covered. ${LOOP}`,
    request: [dragRequestSchema],
    required: [...tabAddress, 'ref', 'to_ref'],
    okSchemas: [actionResponseSchema],
    method: 'drag',
  }),
  define({
    name: 'browser_upload',
    title: 'Upload files',
    kind: 'action',
    destructive: true,
    description: `Give files to a file input ref (actions include "upload"), or to the file chooser that clicking a control (e.g. "Choose file") opens; no dialog is shown. paths: 1-20 absolute paths of existing regular files on the machine running Sightline. ${LOOP}`,
    request: [uploadRequestSchema],
    required: [...tabAddress, 'ref', 'paths'],
    okSchemas: [actionResponseSchema],
    method: 'upload',
  }),
  define({
    name: 'browser_wait',
    title: 'Wait for a condition',
    kind: 'read',
    description: `Wait until exactly one condition holds in the tab: text (appears in its visible text, any frame), text_gone, ref + state (visible, hidden, enabled, checked, gone), url (substring, or a glob with *), or load_state (load, network_idle = no request for 500 ms). timeout_ms 1-60000 (default 10000). Answers {met, waited_ms}; a timeout is met: false, not an error. Use it after an action that starts something slow, then snapshot. ${LOOP}`,
    request: [asObject(waitRequestSchema)],
    required: [...tabAddress],
    okSchemas: [waitResponseSchema],
    method: 'wait',
    fieldDescriptions: WAIT_FIELD_DESCRIPTIONS,
  }),
  define({
    name: 'browser_tabs',
    title: 'List, open, select or close tabs',
    kind: 'action',
    destructive: true,
    description:
      'Manage the tabs of a bound target, always in the background (the user\'s visible tab never changes). action "list": the tabs, popups (window.open, target=_blank) with opener_tab_id. "new": open a tab (at url) and answer its tab_id. "select": record the tab_id the session works on (reported as selected_tab_id; keep passing tab_id to every call). "close": close tab_id; its refs die. Then snapshot the tab you act on.',
    request: [asObject(tabsRequestSchema)],
    required: ['session', 'target_id', 'action'],
    okSchemas: [tabsResponseSchema],
    method: 'tabs',
    fieldDescriptions: TABS_FIELD_DESCRIPTIONS,
  }),
  define({
    name: 'browser_dialog',
    title: 'Answer a JavaScript dialog',
    kind: 'action',
    destructive: true,
    description: `Accept or dismiss the JavaScript dialog (alert, confirm, prompt, beforeunload) open in the tab; prompt_text answers a prompt. While a dialog is open the page is blocked: a snapshot shows page.dialog, other actions are refused with browser_dialog_open. Refused (field action) when no dialog is open. ${LOOP}`,
    request: [dialogRequestSchema],
    required: [...tabAddress, 'action'],
    okSchemas: [actionResponseSchema],
    method: 'dialog',
  }),
  define({
    name: 'browser_console',
    title: 'Read console messages',
    kind: 'read',
    description:
      "Read the tab's recent console messages and uncaught page errors ({seq, level, text, time, source}), oldest first; text is capped per entry and values of the page's password/one-time-code fields are redacted. Pass next_since back as since to get only newer entries; level keeps that severity and above (debug < info = log < warn < error).",
    request: [consoleRequestSchema],
    required: [...tabAddress],
    okSchemas: [consoleResponseSchema],
    method: 'console',
  }),
  define({
    name: 'end_session',
    title: 'End a session',
    kind: 'session',
    description:
      'End a session when its task is done: every target, tab, ref and continuation of it dies, and browsers it launched are closed (browsers it attached to are left running).',
    request: [endSessionRequestSchema],
    required: ['session'],
    okSchemas: [endSessionResponseSchema],
    method: 'endSession',
  }),
];
