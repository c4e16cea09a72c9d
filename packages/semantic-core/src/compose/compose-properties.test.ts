import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CapturedFrame, CapturedNode, PageCapture } from '../model/page-capture.js';
import type { Rect } from '../model/geometry.js';
import type { SemanticNode } from '../model/semantic-node.js';
import { classifyPage } from '../classify/classify-page.js';
import { sequentialNamer } from '../testing/test-namer.js';
import { composeSnapshot, defaultComposeOptions, viewportCandidates } from './compose-snapshot.js';
import { visibilityOfAll } from '../classify/visibility.js';
import { rankNodes } from '../rank/rank-nodes.js';
import { VIEWPORT_MAX_TIER } from '../rank/tier.js';

// The arbitrary lives here, not in src/testing, so the published build never imports fast-check.

/**
 * fast-check arbitrary of small, valid PageCaptures covering the evidence the rules read.
 * Every opaque key, handle and secret contains `SECRET_MARK`, and no role, name or ordinary value
 * does, so a test can assert none of them reaches output.
 */
const SECRET_MARK = 'zq';

const ROLES = ['generic', 'button', 'link', 'heading', 'textbox', 'list', 'listitem', 'region', 'paragraph', 'none', 'checkbox', 'dialog', 'main'];
const NAMES = ['', 'Send', 'Archive', 'A "quoted" \\ name', '  spaced \n out ', 'x'.repeat(520)];
const BOXES: (Rect | null)[] = [
  null,
  { x: 10, y: 10, width: 100, height: 20 },
  { x: 10, y: 300, width: 100, height: 20 },
  { x: 10, y: 1300, width: 100, height: 20 },
  { x: 10, y: 9000, width: 100, height: 20 },
  { x: 10, y: 10, width: 0, height: 20 },
];
const CLIPS: (Rect | null | undefined)[] = [undefined, undefined, null, { x: 0, y: 0, width: 400, height: 100 }];

const nodeArbitrary = fc.record({
  parentPick: fc.nat(),
  text: fc.boolean(),
  role: fc.constantFrom(...ROLES),
  name: fc.constantFrom(...NAMES),
  display: fc.constantFrom('block', 'block', 'block', 'block', 'block', 'none'),
  visibility: fc.constantFrom('visible', 'visible', 'visible', 'visible', 'visible', 'hidden'),
  opacity: fc.constantFrom(1, 1, 1, 1, 0.5, 0),
  pointer: fc.boolean(),
  box: fc.constantFrom(...BOXES),
  clip: fc.constantFrom(...CLIPS),
  hit: fc.constantFrom(undefined, undefined, 'clear', 'covered', 'unknown'),
  disabled: fc.boolean(),
  password: fc.boolean(),
  value: fc.constantFrom(undefined, '', 'typed'),
});

const captureArbitrary: fc.Arbitrary<PageCapture> = fc
  .record({
    nodes: fc.array(nodeArbitrary, { minLength: 1, maxLength: 80, size: 'medium' }),
    framePick: fc.option(fc.nat(), { nil: undefined }),
    frameStatus: fc.constantFrom('captured', 'unprovable'),
    focusPick: fc.option(fc.nat(), { nil: undefined }),
    dialogPick: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ nodes: specs, framePick, frameStatus, focusPick, dialogPick }) => {
    const nodes: CapturedNode[] = [];
    const owner = framePick === undefined ? -1 : framePick % specs.length;
    const main: CapturedFrame = { key: `fk-main-${SECRET_MARK}`, documentKey: `dk-main-${SECRET_MARK}`, ownerNode: null, url: 'https://a.test/', title: 'A', outOfProcess: false, status: 'captured' };
    const child: CapturedFrame = { key: `fk-child-${SECRET_MARK}`, documentKey: `dk-child-${SECRET_MARK}`, ownerNode: owner, url: 'https://b.test/', title: 'Embedded', outOfProcess: true, status: frameStatus as CapturedFrame['status'] };
    specs.forEach((spec, i) => {
      let parent = i === 0 ? -1 : (spec.parentPick % (i + 1)) - 1;
      while (parent >= 0 && nodes[parent]!.kind === 'text') parent = nodes[parent]!.parent;
      const parentNode = parent >= 0 ? nodes[parent]! : undefined;
      const frame = parent >= 0 && (parent === owner || parentNode!.frame === child.key) ? child.key : main.key;
      const isText = spec.text && i !== owner;
      const node: CapturedNode = {
        handle: `h${i}-${SECRET_MARK}`,
        parent,
        frame,
        kind: isText ? 'text' : 'element',
        role: isText ? 'text' : spec.role,
        name: spec.name,
      };
      if (!isText) {
        node.tag = spec.password ? 'input' : 'div';
        node.style = { display: spec.display, visibility: spec.visibility, opacity: spec.opacity, ...(spec.pointer ? { cursor: 'pointer' } : {}) };
        if (spec.disabled) node.states = { disabled: true };
        if (spec.password) {
          node.attributes = { inputType: 'password' };
          node.value = `pw-${SECRET_MARK}`;
        } else if (spec.value !== undefined) node.value = spec.value;
      }
      node.box = spec.box;
      if (spec.clip !== undefined) node.clip = spec.clip;
      if (spec.hit !== undefined) node.hit = spec.hit as CapturedNode['hit'];
      nodes.push(node);
    });
    const pick = (value: number | undefined) => (value === undefined ? null : value % nodes.length);
    const capture: PageCapture = {
      url: main.url,
      title: main.title,
      viewport: { width: 1000, height: 800 },
      scroll: { x: 0, y: 0 },
      frames: owner >= 0 ? [main, child] : [main],
      nodes,
      focused: pick(focusPick),
      activeDialog: pick(dialogPick),
      coverage: { included: 'all', exhausted: [], oopif: { status: owner >= 0 ? 'attached' : 'none', frames: owner >= 0 ? 1 : 0 } },
    };
    return capture;
  });

const composeOptionsArbitrary = fc.record({
  nodeBudget: fc.integer({ min: 1, max: 40 }),
  maxChars: fc.integer({ min: 500, max: 4000 }),
  interactiveOnly: fc.boolean(),
  maxDepth: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  includeBoxes: fc.boolean(),
  maxChildren: fc.integer({ min: 1, max: 60 }),
});

/** `- … N more <role>` lines of max_children runs (not nodes of their own). */
const MORE_LINE = /^\s*- … \d+ more \S+$/;

const runs = { numRuns: 300 };

function isAncestor(byIndex: ReadonlyArray<SemanticNode | undefined>, ancestor: SemanticNode, node: SemanticNode): boolean {
  for (let at = byIndex[node.parent]; at; at = byIndex[at.parent]) if (at === ancestor) return true;
  return false;
}

function refsInOutline(outline: string, tag: 'ref' | 'cref'): string[] {
  return [...outline.matchAll(new RegExp(`\\[${tag}=(p\\d+:\\d+)\\]`, 'g'))].map((m) => m[1]!);
}

describe('compose properties', () => {
  it('ranks stably: tiers ascend, document order within a tier, a permutation of the nodes', () => {
    fc.assert(
      fc.property(captureArbitrary, (capture) => {
        const page = classifyPage(capture);
        expect(page.ranked).toHaveLength(page.nodes.length);
        expect(new Set(page.ranked)).toEqual(new Set(page.nodes));
        for (let i = 1; i < page.ranked.length; i++) {
          const a = page.ranked[i - 1]!;
          const b = page.ranked[i]!;
          expect(a.tier < b.tier || (a.tier === b.tier && a.index < b.index)).toBe(true);
        }
      }),
      runs,
    );
  });

  it('accounts for every node, respects every budget, prints exactly the listed refs, leaks nothing', () => {
    fc.assert(
      fc.property(captureArbitrary, composeOptionsArbitrary, (capture, bounds) => {
        const page = classifyPage(capture);
        const s = composeSnapshot(page, page.nodes, viewportCandidates(page), defaultComposeOptions(bounds), sequentialNamer('p3'));
        const o = s.omitted;
        expect(s.selected_nodes + o.budget + o.offscreen + o.no_layout + o.unknown + o.filtered + o.collapsed).toBe(s.total_nodes);
        expect(s.total_nodes).toBe(page.nodes.length);
        expect(o.css_hidden + o.page_occluded).toBe(page.removed.css_hidden + page.removed.page_occluded);
        const shownSet = new Set(s.lines.map((l) => l.node));
        // Nodes the read's own filters exclude and that are not shown (as context) are `filtered`, and only those.
        const filteredOut = page.nodes.filter(
          (n) => !shownSet.has(n.index) && ((bounds.maxDepth !== undefined && n.depth > bounds.maxDepth) || (bounds.interactiveOnly && n.actions.length === 0)),
        );
        expect(o.filtered).toBeLessThanOrEqual(filteredOut.length);
        const allLines = s.outline === '' ? [] : s.outline.split('\n');
        const lines = allLines.filter((line) => !MORE_LINE.test(line));
        // One `… N more` line per collapsed run; no run of same-role siblings longer than max_children.
        expect(allLines.length - lines.length > 0).toBe(o.collapsed > 0);
        const perRun = new Map<string, number>();
        for (const l of s.lines) {
          const n = page.byIndex[l.node]!;
          if (MORE_LINE.test(l.text) || n.role === 'text') continue;
          const key = `${n.parent}|${n.role}`;
          perRun.set(key, (perRun.get(key) ?? 0) + 1);
        }
        for (const count of perRun.values()) expect(count).toBeLessThanOrEqual(bounds.maxChildren);
        // A viewport read's universe is the whole page, so every rendered line counts against the budget.
        expect(lines.length).toBe(s.selected_nodes);
        expect(lines.length).toBeLessThanOrEqual(bounds.nodeBudget);
        expect(allLines).toHaveLength(s.lines.length);
        expect(s.outline.length).toBeLessThanOrEqual(bounds.maxChars);
        expect(refsInOutline(s.outline, 'ref')).toEqual(s.refs.map((r) => r.ref));
        expect(refsInOutline(s.outline, 'cref')).toEqual(s.content_refs.map((r) => r.ref));
        for (const ref of s.refs) expect(ref.actions.length).toBeGreaterThan(0);
        // A rendered node that the read could not select on its own is there only as context of one that it could.
        const rendered = s.lines.map((l) => page.byIndex[l.node]!);
        const selectable = (n: SemanticNode) =>
          n.tier <= 6 && (!bounds.interactiveOnly || n.actions.length > 0) && (bounds.maxDepth === undefined || n.depth <= bounds.maxDepth);
        for (const node of rendered) {
          if (selectable(node)) continue;
          // …or of the selectable candidate the read stopped at, when it took that one's outer context to make progress.
          const context = rendered.some((other) => selectable(other) && isAncestor(page.byIndex, node, other));
          const progress = s.cut.some((other) => selectable(other) && isAncestor(page.byIndex, node, other));
          expect(context || progress).toBe(true);
        }
        const published = JSON.stringify({ outline: s.outline, refs: s.refs, content_refs: s.content_refs, omitted: o, focused: s.focusedRef, limits: s.limitsHit });
        expect(published).not.toContain(SECRET_MARK);
      }),
      runs,
    );
  });

  it('reads the same through the lazy lists and table of a page as through plain copies', () => {
    fc.assert(
      fc.property(captureArbitrary, composeOptionsArbitrary, (capture, bounds) => {
        const page = classifyPage(capture);
        const lazy = composeSnapshot(page, page.nodes, viewportCandidates(page), defaultComposeOptions(bounds), sequentialNamer('p3'));
        const other = classifyPage(capture);
        const nodes = [...other.nodes];
        const candidates = rankNodes(nodes).filter((node) => node.tier <= VIEWPORT_MAX_TIER);
        expect(lazy).toEqual(composeSnapshot(other, nodes, candidates, defaultComposeOptions(bounds), sequentialNamer('p3')));
        // One object per node whichever list or lookup reaches it.
        expect([...page.ranked]).toEqual(rankNodes([...page.nodes]));
        for (const node of page.nodes) expect(page.byIndex[node.index]).toBe(node);
        for (let i = 0; i < capture.nodes.length; i++) expect(page.byIndex[i]).toBe(page.node(i));
        // The single classification pass agrees with the exported style walk and visibility rules.
        const visibility = visibilityOfAll(capture);
        for (const node of page.nodes) expect(node.visibility).toBe(visibility[node.index]);
      }),
      runs,
    );
  });

  it('partitions the ranked list across consecutive reads of the remainder', () => {
    fc.assert(
      fc.property(captureArbitrary, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 500, max: 2000 }), (capture, nodeBudget, maxChars) => {
        const page = classifyPage(capture);
        const namer = sequentialNamer('p1');
        const options = defaultComposeOptions({ scope: 'continuation', nodeBudget, maxChars });
        const seen = new Set<SemanticNode>();
        let remaining: readonly SemanticNode[] = page.ranked;
        while (remaining.length > 0) {
          const s = composeSnapshot(page, remaining, remaining, options, namer);
          for (const node of s.selected) {
            expect(seen.has(node)).toBe(false);
            seen.add(node);
          }
          // The remainder is exactly the universe minus what was selected, still in rank order.
          const selected = new Set(s.selected);
          expect(s.cut).toEqual(remaining.filter((node) => !selected.has(node)));
          expect(s.selected_nodes).toBeLessThanOrEqual(nodeBudget);
          expect(s.outline.length).toBeLessThanOrEqual(maxChars);
          if (s.selected.length === 0) {
            // The node budget always makes progress; only a line longer than max_chars can block a page.
            expect(s.limitsHit).toContain('max_chars');
            break;
          }
          remaining = s.cut;
        }
        for (const node of remaining) expect(seen.has(node)).toBe(false);
        expect(seen.size + remaining.length).toBe(page.ranked.length);
      }),
      runs,
    );
  });
});
