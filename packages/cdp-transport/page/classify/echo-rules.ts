// The core's echo rules (semantic-core classify/echoes.ts), applied in the page so its counts and
// ranks agree with what the core shows.
import { NAME_FROM_CONTENT_ROLES, repeatsName, VIS_CSS_HIDDEN } from '@sightline/semantic-core/page-safe';
import { isSensitive } from '../secret-fields.js';
import { NOT_SEMANTIC, type Walk } from '../types.js';
import { namedByContentFirst, namedByWholeContent } from '../roles.js';
import { nameAt } from './names.js';

/** Per owner record: whether its name is its whole text content, uncut (1), or not (2); 0: not asked yet. */
const CONTENT_NAMED = 1, NOT_CONTENT_NAMED = 2;

/**
 * A text is not a node of its own when it repeats its nearest semantic ancestor's name, or is a
 * piece of a name computed from content (a link "Dana Whitfield Invoice" made of two texts); nor
 * is a <label>'s text right before the control it names. Texts inside a secret field are left
 * alone (their text is never read).
 */
export function dropEchoTexts(walk: Walk): void {
  const reused = reusedRecords(walk);
  const n = walk.nodes.length;
  // Inside a sensitive field (parents precede children): one pass instead of a climb per text.
  const sensitive = new Uint8Array(n);
  const contentNamed = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    // Reused segment records carry the rule's result already (their owner lies inside the segment).
    if (reused !== null && reused[i] === 1) continue;
    const parent = walk.parent[i]!;
    const node = walk.nodes[i]!;
    sensitive[i] = (parent >= 0 && sensitive[parent]) || (node.nodeType === 1 && isSensitive(node as Element)) ? 1 : 0;
    if (walk.role[i] !== 'text' || walk.vis[i] === NOT_SEMANTIC) continue;
    let a = parent;
    while (a >= 0 && walk.vis[a] === NOT_SEMANTIC && walk.role[a] !== 'iframe') a = walk.parent[a]!;
    if (a < 0 || sensitive[a] || sensitive[i]) continue;
    if (isEchoOf(walk, i, a, contentNamed) || isLabelEcho(walk, i)) walk.vis[i] = NOT_SEMANTIC;
  }
}

function isEchoOf(walk: Walk, text: number, owner: number, contentNamed: Uint8Array): boolean {
  const ownerNode = walk.nodes[owner] as Element;
  const fromContent = NAME_FROM_CONTENT_ROLES.has(walk.role[owner]!);
  // The common case, decided without computing either name: an owner named by its whole text
  // content holds every text of its light subtree (collapsing whitespace keeps a piece of a text a
  // piece of the whole). Same answer as the comparison below, at a fraction of its cost.
  if (fromContent) {
    const textNode = walk.nodes[text]!;
    // The owner's only child: its whole content is this text, cut (if at all) like the text.
    if (ownerNode.firstChild === textNode && textNode.nextSibling === null && namedByContentFirst(ownerNode)) return true;
    if (contentNamed[owner] === 0) contentNamed[owner] = namedByWholeContent(ownerNode) ? CONTENT_NAMED : NOT_CONTENT_NAMED;
    if (contentNamed[owner] === CONTENT_NAMED && ownerNode.contains(textNode)) return true;
  }
  // Other names come from attributes (a label, a title, a placeholder): skip the common case cheaply.
  if (!fromContent && !ownerNode.hasAttribute('aria-label') && !ownerNode.hasAttribute('aria-labelledby') && !ownerNode.hasAttribute('title') && !ownerNode.hasAttribute('placeholder')) return false;
  const name = nameAt(walk, owner) || ownerNode.getAttribute('placeholder') || '';
  if (!name) return false;
  // Both names are collapsed already (nameAt).
  return repeatsName(nameAt(walk, text), name, fromContent);
}

/** A text whose parent is a <label>, followed by an actionable node of the same name. */
function isLabelEcho(walk: Walk, text: number): boolean {
  const parent = walk.parent[text]!;
  if (parent < 0 || (walk.nodes[parent] as Element).localName !== 'label') return false;
  for (let j = text + 1; j < walk.nodes.length; j++) {
    const vis = walk.vis[j]!;
    if (vis === NOT_SEMANTIC || vis === VIS_CSS_HIDDEN) continue;
    return walk.actionable[j] === 1 && nameAt(walk, j) === nameAt(walk, text);
  }
  return false;
}

/** Records copied from stored segments whose echo-rule result is already final (1), or null when none were. */
function reusedRecords(walk: Walk): Uint8Array | null {
  let mask: Uint8Array | null = null;
  for (const segment of walk.segments) {
    if (!segment.reused) continue;
    mask ??= new Uint8Array(walk.nodes.length);
    mask.fill(1, segment.start, segment.end);
    for (const k of segment.recheck ?? []) mask[segment.start + k] = 0;
  }
  return mask;
}
