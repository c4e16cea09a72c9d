import type { CapturedNode } from '@sightline/semantic-core';
import { axFacts, type AxFacts } from './accessibility.js';
import type { AxFactsCache } from './ax-facts-cache.js';
import type { AssembledCapture } from './assemble.js';
import type { CaptureCallBudget } from './call-budget.js';
import { callPageObjects } from '../page-call/page-call.js';
import type { CdpSession } from '../connection/cdp-session.js';

/**
 * Roles whose AX facts add nothing the outline prints when the element carries no label of its own
 * (their text children carry the content, and the page's name rules give the same empty name).
 */
const NO_AX_ROLES = new Set(['paragraph', 'generic', 'blockquote', 'term', 'definition']);

/**
 * Asks Chromium's accessibility tree only about the element nodes that will be emitted (semantic
 * shipped elements): one `Accessibility.getPartialAXTree {objectId, fetchRelatives:false}` per
 * node, pipelined. Never the full tree. Facts read by an earlier capture of the same document are
 * reused when the collector vouches that nothing they depend on changed (`axFresh`). Values the
 * collector read itself (form fields; secret ones already reduced to filled/empty) are kept;
 * roles, names and states come from the AX node — except for elements whose facts the page decided
 * by rules that agree with the tree (`pageFacts`, page/classify/page-facts.ts), which are not asked.
 */
export async function enrichFromAccessibility(
  assembled: AssembledCapture,
  budget: CaptureCallBudget,
  limit: number,
  factsCache: AxFactsCache | null,
  /** Issue 16: builds (once per document) Chromium's accessibility tree of a session; its wait is timed as `axEnable`. */
  ensureTree?: (session: CdpSession) => Promise<void>,
  /** Trust the page's facts for elements it decided (`pageFacts`); false reads those from the tree too. */
  trustPageFacts = true,
): Promise<{ read: number; reused: number }> {
  let read = 0;
  let reused = 0;
  const trees = new Map<CdpSession, Promise<void>>();
  const treeOf = (session: CdpSession): Promise<void> => {
    let tree = trees.get(session);
    if (!tree) {
      const started = performance.now();
      tree = (ensureTree ? ensureTree(session) : Promise.resolve()).finally(() => budget.time('axEnable', started));
      trees.set(session, tree);
    }
    return tree;
  };
  // Most likely emitted first: context (no tier) and tier order; roles the AX tree adds nothing to are skipped.
  const candidates: Array<{ placement: number; index: number; tier: number }> = [];
  assembled.placements.forEach(({ walk }, placement) => {
    walk.ship.nodes.forEach((shipped, index) => {
      if (shipped.kind !== 'element' || shipped.vis === null || shipped.vis === 'css_hidden' || shipped.frameOwner) return;
      if (NO_AX_ROLES.has(shipped.role) && !shipped.labelled) return;
      if (shipped.pageFacts && trustPageFacts) return;
      candidates.push({ placement, index, tier: shipped.tier ?? -1 });
    });
  });
  candidates.sort((a, b) => a.tier - b.tier);
  const chosen = candidates.slice(0, limit);
  await Promise.all(
    assembled.placements.map(async ({ walk, local }, placement) => {
      const known = factsCache?.forWorld(walk.world) ?? new Map<number, AxFacts | null>();
      const targets: number[] = [];
      for (const c of chosen) {
        if (c.placement !== placement) continue;
        const shipped = walk.ship.nodes[c.index]!;
        if (shipped.axFresh && known.has(shipped.handle)) {
          const facts = known.get(shipped.handle);
          if (facts) apply(assembled.nodes[local[c.index]!]!, withoutFocus(facts));
          reused++;
        } else targets.push(c.index);
      }
      if (targets.length === 0) return;
      let usable = targets;
      if (!budget.reserve(targets.length + 2)) {
        usable = targets.slice(0, Math.max(0, budget.callLimit - budget.calls - 2));
        if (usable.length === 0) return;
      }
      const [objects] = await Promise.all([callPageObjects(budget.site(walk.world), 'axTargets', usable.map((i) => walk.ship.nodes[i]!.handle)), treeOf(walk.world.session)]);
      await Promise.all(
        usable.map(async (shippedIndex, k) => {
          const objectId = objects[k]?.objectId;
          if (!objectId) return;
          const { nodes } = await budget.send(walk.world.session, 'Accessibility.getPartialAXTree', { objectId, fetchRelatives: false });
          read++;
          const facts = axFacts(nodes);
          known.set(walk.ship.nodes[shippedIndex]!.handle, facts);
          if (!facts) return;
          apply(assembled.nodes[local[shippedIndex]!]!, facts);
        }),
      );
    }),
  );
  return { read, reused };
}

/** Focus moves without a DOM mutation: reused facts take it from the DOM read only. */
function withoutFocus(facts: AxFacts): AxFacts {
  if (!facts.states.focused) return facts;
  const { focused: _focused, ...states } = facts.states;
  return { ...facts, states };
}

function apply(node: CapturedNode, facts: AxFacts): void {
  // Chromium's role and name win (SPEC §4: the outline says what the accessibility tree says).
  node.role = facts.role;
  node.name = facts.name;
  if (node.value === undefined && facts.value !== undefined && facts.value !== '') node.value = facts.value;
  // The tree's states replace the page's, even when it reports none (a page read the tree does not
  // confirm is dropped), but for focus and disabled.
  const states = { ...facts.states, ...pickDomOnly(node.states) };
  if (Object.keys(states).length > 0) node.states = states;
  else delete node.states;
}

/** DOM-read states the AX tree can miss: focus (headless pages are often not "focused" for AX). */
function pickDomOnly(states: CapturedNode['states']): CapturedNode['states'] {
  if (!states) return {};
  const out: NonNullable<CapturedNode['states']> = {};
  if (states.focused) out.focused = true;
  if (states.disabled) out.disabled = true;
  return out;
}
