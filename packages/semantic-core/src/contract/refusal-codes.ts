import { z } from 'zod';

/** SPEC §7: the closed, additive-only list of refusal codes. */
export const REFUSAL_CODES = [
  'browser_invalid_request',
  'browser_requires_setup',
  'browser_route_unavailable',
  'browser_binding_ambiguous',
  'browser_binding_stale',
  'browser_endpoint_owner_mismatch',
  'browser_tab_required',
  'browser_tab_not_found',
  'browser_ref_stale',
  'browser_action_unavailable',
  'browser_target_covered',
  'browser_scope_ambiguous',
  'browser_input_incomplete',
  // SPEC §12: a JavaScript dialog is open and blocks the page until browser_dialog handles it.
  'browser_dialog_open',
] as const;

export const refusalCodeSchema = z.enum(REFUSAL_CODES);
export type RefusalCode = z.infer<typeof refusalCodeSchema>;
