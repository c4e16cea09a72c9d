import type { CapturedNode } from '../model/page-capture.js';

/** An element's name, falling back to its placeholder (the name a user would read off the field). */
export function displayName(node: CapturedNode): string {
  if (node.name) return node.name;
  return node.attributes?.placeholder ?? '';
}
