import { z } from 'zod';
import {
  continuationSchema,
  refSchema,
  sessionSchema,
  tabIdSchema,
  targetIdSchema,
} from './identifiers.js';

const viewportSchema = z.object({
  width: z.number().int().min(200).max(7680),
  height: z.number().int().min(200).max(4320),
});

const bindBase = { session: sessionSchema };

export const nativeBindRequestSchema = z.strictObject({
  ...bindBase,
  pid: z.number().int().positive().max(2 ** 31),
  window_id: z.union([z.number().int().nonnegative(), z.string().min(1).max(128)]),
});

export const endpointBindRequestSchema = z.strictObject({
  ...bindBase,
  cdp_url: z
    .string()
    .max(2048)
    .regex(/^(ws|wss|http|https):\/\/[^\s]+$/, 'cdp_url must be a ws://, wss://, http:// or https:// DevTools endpoint'),
});

export const managedBindRequestSchema = z.strictObject({
  ...bindBase,
  launch: z.strictObject({
    url: z.string().max(8192).optional(),
    headless: z.boolean().optional(),
    viewport: viewportSchema.optional(),
    // Issue 16: what opening `url` waits for, bounded (never an error when the bound runs out).
    wait_until: z.enum(['ready', 'load']).optional(),
    wait_timeout_ms: z.number().int().min(500).max(120_000).optional(),
    quiet_ms: z.number().int().min(0).max(5_000).optional(),
  }),
});

export const bindRequestSchema = z.union([nativeBindRequestSchema, endpointBindRequestSchema, managedBindRequestSchema]);

export const SNAPSHOT_FORMATS = ['semantic_v2', 'dom_refs_v1'] as const;

export const snapshotRequestSchema = z
  .strictObject({
    session: sessionSchema,
    target_id: targetIdSchema,
    tab_id: tabIdSchema,
    snapshot_format: z.enum(SNAPSHOT_FORMATS).optional(),
    query: z.string().min(1).max(500).optional(),
    scope_ref: refSchema.optional(),
    continuation: continuationSchema.optional(),
    diff: z.boolean().optional(),
    node_budget: z.number().int().min(1).max(2000).optional(),
    max_chars: z.number().int().min(500).max(100_000).optional(),
    interactive_only: z.boolean().optional(),
    max_depth: z.number().int().min(0).max(100).optional(),
    include_boxes: z.boolean().optional(),
    // SPEC §12 snapshot additions.
    max_children: z.number().int().min(1).max(1000).optional(),
    include_urls: z.boolean().optional(),
    timeout_ms: z.number().int().min(500).max(60_000).optional(),
  })
  .superRefine((value, ctx) => {
    const scopes = (['query', 'scope_ref', 'continuation'] as const).filter((key) => value[key] !== undefined);
    if (value.diff === true) scopes.push('diff' as never);
    if (scopes.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [scopes[1] as string],
        message: `use at most one read scope; got ${scopes.join(' and ')}`,
      });
    }
  });

const tabAddress = { session: sessionSchema, target_id: targetIdSchema, tab_id: tabIdSchema };

/** SPEC §12 click variants: which button, double click, modifier keys held. */
export const MOUSE_BUTTONS = ['left', 'right', 'middle'] as const;
export const CLICK_MODIFIERS = ['Alt', 'Control', 'Meta', 'Shift'] as const;
export const clickRequestSchema = z.strictObject({
  ...tabAddress,
  ref: refSchema,
  double: z.boolean().optional(),
  button: z.enum(MOUSE_BUTTONS).optional(),
  modifiers: z
    .array(z.enum(CLICK_MODIFIERS))
    .max(CLICK_MODIFIERS.length)
    .refine((list) => new Set(list).size === list.length, 'name each modifier once')
    .optional(),
});

export const TYPE_MODES = ['insert_text', 'keystrokes'] as const;
export const typeRequestSchema = z.strictObject({
  ...tabAddress,
  ref: refSchema,
  text: z.string().max(100_000),
  replace: z.boolean().optional(),
  submit: z.boolean().optional(),
  mode: z.enum(TYPE_MODES).optional(),
  /** SPEC §12: key-by-key delivery (keydown/keypress/input/keyup per character); same as mode "keystrokes". */
  keystrokes: z.boolean().optional(),
});

export const selectRequestSchema = z.strictObject({
  ...tabAddress,
  ref: refSchema,
  values: z.array(z.string().max(1000)).min(1).max(100),
});

import { SCROLL_DIRECTIONS } from './patterns.js';
export const scrollRequestSchema = z.strictObject({
  ...tabAddress,
  ref: refSchema.optional(),
  direction: z.enum(SCROLL_DIRECTIONS),
  amount: z.number().int().min(1).max(100_000).optional(),
});

export const pressRequestSchema = z.strictObject({
  ...tabAddress,
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9+_ -]+$|^.$/u, 'key is a key name such as Enter, Tab, a or a chord such as Control+A'),
});

export const HISTORY_MOVES = ['back', 'forward', 'reload'] as const;
export const navigateRequestSchema = z
  .strictObject({
    ...tabAddress,
    url: z.string().min(1).max(8192).optional(),
    history: z.enum(HISTORY_MOVES).optional(),
    on_beforeunload: z.enum(['accept', 'dismiss']).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.url === undefined) === (value.history === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'give exactly one of url or history (back|forward|reload)' });
    }
  });

export const screenshotRequestSchema = z.strictObject({ ...tabAddress, annotate: z.boolean().optional() });

export const endSessionRequestSchema = z.strictObject({ session: sessionSchema });

export const listTabsRequestSchema = z.strictObject({ session: sessionSchema, target_id: targetIdSchema });

export const listWindowsRequestSchema = z.strictObject({ session: sessionSchema.optional() });

// SPEC §12 pointer verbs (hover, drag, upload); click and type variants are above.
export const hoverRequestSchema = z.strictObject({ ...tabAddress, ref: refSchema });

export const dragRequestSchema = z.strictObject({ ...tabAddress, ref: refSchema, to_ref: refSchema });

/** Most files one upload takes. */
export const MAX_UPLOAD_PATHS = 20;
/** Absolute POSIX (`/…`) or Windows (`C:\…`, `\\server\…`) paths; the CLI resolves relative ones against its cwd. */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;
export const uploadPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => !path.includes('\u0000'), 'a path cannot contain NUL')
  .refine((path) => ABSOLUTE_PATH.test(path), 'give an absolute path to an existing file (the CLI resolves relative paths against its working directory)');
export const uploadRequestSchema = z.strictObject({
  ...tabAddress,
  ref: refSchema,
  paths: z.array(uploadPathSchema).min(1).max(MAX_UPLOAD_PATHS),
});

export type HoverRequest = z.infer<typeof hoverRequestSchema>;
export type DragRequest = z.infer<typeof dragRequestSchema>;
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

// SPEC §12: JavaScript dialogs and the console.
export const DIALOG_ACTIONS = ['accept', 'dismiss'] as const;
export const dialogRequestSchema = z.strictObject({
  ...tabAddress,
  action: z.enum(DIALOG_ACTIONS),
  prompt_text: z.string().max(10_000).optional(),
});

export const CONSOLE_LEVELS = ['debug', 'info', 'log', 'warn', 'error'] as const;
export const consoleRequestSchema = z.strictObject({
  ...tabAddress,
  since: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  level: z.enum(CONSOLE_LEVELS).optional(),
  limit: z.number().int().min(1).max(200).optional(),
});

export type DialogRequest = z.infer<typeof dialogRequestSchema>;
export type ConsoleRequest = z.infer<typeof consoleRequestSchema>;

export type BindRequest = z.infer<typeof bindRequestSchema>;
export type NativeBindRequest = z.infer<typeof nativeBindRequestSchema>;
export type EndpointBindRequest = z.infer<typeof endpointBindRequestSchema>;
export type ManagedBindRequest = z.infer<typeof managedBindRequestSchema>;
export type SnapshotRequest = z.infer<typeof snapshotRequestSchema>;
export type ClickRequest = z.infer<typeof clickRequestSchema>;
export type TypeRequest = z.infer<typeof typeRequestSchema>;
export type SelectRequest = z.infer<typeof selectRequestSchema>;
export type ScrollRequest = z.infer<typeof scrollRequestSchema>;
export type PressRequest = z.infer<typeof pressRequestSchema>;
export type NavigateRequest = z.infer<typeof navigateRequestSchema>;
export type ScreenshotRequest = z.infer<typeof screenshotRequestSchema>;
export type EndSessionRequest = z.infer<typeof endSessionRequestSchema>;
export type ListTabsRequest = z.infer<typeof listTabsRequestSchema>;
export type ListWindowsRequest = z.infer<typeof listWindowsRequestSchema>;
