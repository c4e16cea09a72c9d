import { z } from 'zod';
import { SESSION_PATTERN, TARGET_ID_PATTERN, TAB_ID_PATTERN, REF_PATTERN, CONTINUATION_PATTERN } from './patterns.js';


export const sessionSchema = z
  .string()
  .regex(SESSION_PATTERN, 'a session is 1-64 characters of A-Z a-z 0-9 . _ -');
export const targetIdSchema = z.string().regex(TARGET_ID_PATTERN, 'a target_id looks like bt-<16 hex>; bind first');
export const tabIdSchema = z.string().regex(TAB_ID_PATTERN, 'a tab_id looks like tab-<16 hex>; take it from bind');
export const refSchema = z.string().regex(REF_PATTERN, 'a ref looks like p<N>:<E> (optionally @p<N>:<E>); take it from a snapshot');
export const continuationSchema = z
  .string()
  .regex(CONTINUATION_PATTERN, 'a continuation looks like bc-<32 hex>; take it from a snapshot');

/** Strips the optional leading `@` of a ref. */
export function normalizeRef(ref: string): string {
  return ref.startsWith('@') ? ref.slice(1) : ref;
}

/** Splits a normalized ref into snapshot number and element number. */
export function parseRef(ref: string): { snapshot: number; element: number } | null {
  const match = /^@?p([1-9][0-9]*):([1-9][0-9]*)$/.exec(ref);
  if (!match) return null;
  return { snapshot: Number(match[1]), element: Number(match[2]) };
}
