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
} from '@sightline/semantic-core';
import { FIELD_DESCRIPTIONS } from './field-descriptions.js';
import { toolOutputSchema } from './output-schema.js';
import { permissiveInput, type ContractObjectSchema } from './permissive-input.js';
import type { DriverMethod } from './sightline-driver.js';
import type { ToolKind } from './tool-annotations.js';
import { routeBrowserState } from './browser-state-route.js';

type OkSchema = z.ZodObject<z.ZodRawShape>;

/** Where a call goes: a Driver method with the input to pass, or an MCP-level refusal. */
export type ToolRoute =
  | { method: DriverMethod; input: Record<string, unknown> }
  | { refusal: { code: 'browser_invalid_request'; message: string; detail?: Record<string, unknown> } };

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
  },
): SightlineToolDefinition {
  const { request, required, method, route, destructive, ...rest } = spec;
  return {
    ...rest,
    destructive: destructive ?? false,
    inputSchema: permissiveInput(request, { required, descriptions: FIELD_DESCRIPTIONS }),
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
    description: `Click the element behind an action ref from the latest snapshot, in the background (no window focus, no OS input). Refused if the ref is stale, the element lacks "click", or something covers it. ${LOOP}`,
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
    description: `Type text into the editable element behind a ref (replace: true to overwrite its value, submit: true to press Enter after). Use the ref of a textbox/searchbox/combobox whose actions include "type". ${LOOP}`,
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
