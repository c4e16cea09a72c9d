import type { CdpSession } from '../connection/cdp-session.js';
import type { CdpTab } from '../tab/cdp-tab.js';
import { ACTION_GROUP, callPage, callPageObject, PageObject } from '../page-call/page-call.js';

export interface Covering {
  role: string;
  name: string;
}

const UNNAMED_ROLES = new Set(['', 'none', 'generic', 'GenericContainer', 'presentation', 'Ignored', 'InlineTextBox', 'StaticText']);

/**
 * Role and name of what a click at a point would land on instead of its target (SPEC §6): the
 * overlay the hit belongs to (or the modal dialog behind an unnamed backdrop), named from the
 * accessibility tree, else from its tag, label or text.
 *
 * `hit` is the node `DOM.getNodeForLocation` found, `hitFrameId` its frame; `targetObjectId` is
 * the intended node when it lives in that same frame's world (else null).
 */
export async function describeCovering(tab: CdpTab, session: CdpSession, hit: { backendNodeId: number; frameId: string }, targetObjectId: string | null): Promise<Covering> {
  try {
    const world = tab.frames.has(hit.frameId) ? await tab.world(hit.frameId) : null;
    if (!world) return await fromAccessibility(session, { backendNodeId: hit.backendNodeId }, { role: 'generic', name: '' });
    const { object } = await world.session.send('DOM.resolveNode', { backendNodeId: hit.backendNodeId, executionContextId: world.contextId, objectGroup: ACTION_GROUP });
    if (!object.objectId) return { role: 'generic', name: '' };
    const target = targetObjectId ? new PageObject(targetObjectId) : null;
    const chosen = (await callPageObject(world, 'coveringElement', new PageObject(object.objectId), target)) ?? new PageObject(object.objectId);
    const plain = await callPage(world, 'plainDescription', chosen);
    return await fromAccessibility(world.session, { objectId: chosen.objectId }, plain);
  } catch {
    // Naming is best effort; the refusal stands either way.
    return { role: 'generic', name: '' };
  }
}

async function fromAccessibility(session: CdpSession, node: { objectId: string } | { backendNodeId: number }, fallback: Covering): Promise<Covering> {
  let role = '';
  let name = '';
  try {
    const { nodes } = await session.send('Accessibility.getPartialAXTree', { ...node, fetchRelatives: false });
    const first = nodes.find((n) => !n.ignored) ?? nodes[0];
    role = String(first?.role?.value ?? '');
    name = String(first?.name?.value ?? '').trim();
  } catch {
    // No accessibility node: use the fallback.
  }
  return {
    role: UNNAMED_ROLES.has(role) ? fallback.role : role,
    name: name || fallback.name,
  };
}
