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

export const clickRequestSchema = z.strictObject({ ...tabAddress, ref: refSchema });

export const TYPE_MODES = ['insert_text', 'keystrokes'] as const;
export const typeRequestSchema = z.strictObject({
  ...tabAddress,
  ref: refSchema,
  text: z.string().max(100_000),
  replace: z.boolean().optional(),
  submit: z.boolean().optional(),
  mode: z.enum(TYPE_MODES).optional(),
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
