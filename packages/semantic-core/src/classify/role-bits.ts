import { CLICK_ROLES, CONTAINER_ROLES, HOVER_ROLES, NAME_FROM_CONTENT_ROLES, STRUCTURAL_ROLES, TYPING_ROLES } from './roles.js';

// Membership of a role in each vocabulary of roles.ts, as bits.
export const ROLE_STRUCTURAL = 1;
export const ROLE_CONTAINER = 2;
export const ROLE_TYPING = 4;
export const ROLE_CLICK = 8;
export const ROLE_HOVER = 16;
export const ROLE_NAME_FROM_CONTENT = 32;

const cache = new Map<string, number>();
/** Chromium's role vocabulary is a few hundred names; the cap only bounds a collector that invents roles. */
const CACHE_LIMIT = 1024;

/**
 * The vocabularies `role` belongs to, with one hash lookup: classification asks up to five of
 * them for every node of the page.
 */
export function roleBits(role: string): number {
  const cached = cache.get(role);
  if (cached !== undefined) return cached;
  const bits =
    (STRUCTURAL_ROLES.has(role) ? ROLE_STRUCTURAL : 0) |
    (CONTAINER_ROLES.has(role) ? ROLE_CONTAINER : 0) |
    (TYPING_ROLES.has(role) ? ROLE_TYPING : 0) |
    (CLICK_ROLES.has(role) ? ROLE_CLICK : 0) |
    (HOVER_ROLES.has(role) ? ROLE_HOVER : 0) |
    (NAME_FROM_CONTENT_ROLES.has(role) ? ROLE_NAME_FROM_CONTENT : 0);
  if (cache.size < CACHE_LIMIT) cache.set(role, bits);
  return bits;
}
