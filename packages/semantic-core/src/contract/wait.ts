import { z } from 'zod';
import { refSchema, sessionSchema, tabIdSchema, targetIdSchema } from './identifiers.js';

// SPEC §12 `browser_wait`: exactly one condition, a bounded timeout.

export const WAIT_REF_STATES = ['visible', 'hidden', 'enabled', 'checked', 'gone'] as const;
export const WAIT_LOAD_STATES = ['load', 'network_idle'] as const;
export const WAIT_CONDITION_FIELDS = ['text', 'text_gone', 'ref', 'url', 'load_state'] as const;
export const DEFAULT_WAIT_TIMEOUT_MS = 10_000;
export const MAX_WAIT_TIMEOUT_MS = 60_000;

export const waitRequestSchema = z
  .strictObject({
    session: sessionSchema,
    target_id: targetIdSchema,
    tab_id: tabIdSchema,
    text: z.string().min(1).max(1000).optional(),
    text_gone: z.string().min(1).max(1000).optional(),
    ref: refSchema.optional(),
    state: z.enum(WAIT_REF_STATES).optional(),
    url: z.string().min(1).max(8192).optional(),
    load_state: z.enum(WAIT_LOAD_STATES).optional(),
    timeout_ms: z.number().int().min(1).max(MAX_WAIT_TIMEOUT_MS).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.ref !== undefined && value.state === undefined) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'a ref wait needs state: visible, hidden, enabled, checked or gone' });
    }
    if (value.state !== undefined && value.ref === undefined) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'state goes with ref: give the ref whose state to wait for' });
    }
    const given = WAIT_CONDITION_FIELDS.filter((key) => value[key] !== undefined);
    if (given.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'give exactly one condition: text, text_gone, ref with state, url or load_state' });
    } else if (given.length > 1) {
      ctx.addIssue({ code: 'custom', path: [given[1] as string], message: `give exactly one condition; got ${given.join(' and ')}` });
    }
  });

export const waitResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.literal('wait'),
  /** false when the timeout passed first (never a refusal). */
  met: z.boolean(),
  waited_ms: z.number().int().nonnegative(),
});

export type WaitRequest = z.infer<typeof waitRequestSchema>;
export type WaitResponse = z.infer<typeof waitResponseSchema>;
export type WaitRefState = (typeof WAIT_REF_STATES)[number];
export type WaitLoadState = (typeof WAIT_LOAD_STATES)[number];
