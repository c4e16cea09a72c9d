import { describe, expect, it } from 'vitest';
import type { Protocol } from 'devtools-protocol';
import { closedRootPlan, collectClosedRoots } from './closed-roots.js';
import { DEFAULT_CAPTURE_BUDGETS } from '../budgets.js';

let nextId = 1;
function node(name: string, extra: Partial<Protocol.DOM.Node> = {}): Protocol.DOM.Node {
  const children = extra.children;
  return { nodeId: 0, backendNodeId: nextId++, nodeType: 1, nodeName: name, localName: name.toLowerCase(), nodeValue: '', childNodeCount: children?.length ?? 0, ...extra };
}
const root = (type: Protocol.DOM.ShadowRootType, extra: Partial<Protocol.DOM.Node> = {}) => node('#document-fragment', { nodeType: 11, shadowRootType: type, ...extra });
const collect = (tree: Protocol.DOM.Node) => {
  const found = { pairs: new Map<number, number>(), frontier: [] as number[] };
  collectClosedRoots(tree, found);
  return found;
};

describe('collectClosedRoots (pierced DOM.describeNode results)', () => {
  it('finds closed roots on any host, also nested in open and closed roots, and skips user-agent ones', () => {
    const inner = root('closed', { children: [node('P')] });
    const innerHost = node('SECTION', { shadowRoots: [inner] });
    const outer = root('closed', { children: [innerHost] });
    const div = node('DIV', { shadowRoots: [outer] });
    const openRoot = root('open', { children: [node('SPAN', { shadowRoots: [root('closed')] })] });
    const custom = node('X-CARD', { shadowRoots: [openRoot] });
    const uaClosed = root('closed');
    const input = node('INPUT', { shadowRoots: [root('user-agent', { children: [node('DIV', { shadowRoots: [uaClosed] })] })] });
    const found = collect(node('#document', { nodeType: 9, children: [node('HTML', { children: [node('BODY', { children: [div, custom, input] })] })] }));
    expect(found.pairs.get(outer.backendNodeId)).toBe(div.backendNodeId);
    expect(found.pairs.get(inner.backendNodeId)).toBe(innerHost.backendNodeId);
    expect(found.pairs.size).toBe(3);
    expect(found.pairs.has(uaClosed.backendNodeId)).toBe(false);
    expect(found.frontier).toEqual([]);
  });

  it('skips iframe content documents and template contents (other frames, inert content)', () => {
    const frameRoot = root('closed');
    const iframe = node('IFRAME', { contentDocument: node('#document', { nodeType: 9, children: [node('DIV', { shadowRoots: [frameRoot] })] }) });
    const templateRoot = root('closed');
    const template = node('TEMPLATE', { templateContent: node('#document-fragment', { nodeType: 11, children: [node('DIV', { shadowRoots: [templateRoot] })] }) });
    const found = collect(node('BODY', { children: [iframe, template] }));
    expect(found.pairs.size).toBe(0);
  });

  it('lists the nodes a depth-limited read cut off; a host on the frontier still reports its closed root', () => {
    const cut = node('DIV', { childNodeCount: 3 });
    const hostRoot = root('closed', { childNodeCount: 2 });
    const host = node('DIV', { childNodeCount: 1, shadowRoots: [hostRoot] });
    const emptyHostRoot = root('closed', { childNodeCount: 4 });
    const emptyHost = node('SPAN', { shadowRoots: [emptyHostRoot] });
    const found = collect(node('BODY', { children: [cut, host, emptyHost] }));
    expect(found.pairs.get(hostRoot.backendNodeId)).toBe(host.backendNodeId);
    expect(found.pairs.get(emptyHostRoot.backendNodeId)).toBe(emptyHost.backendNodeId);
    // The cut host is read again with its root; a root cut below an empty host is read itself.
    expect(found.frontier).toEqual([cut.backendNodeId, host.backendNodeId, emptyHostRoot.backendNodeId]);
  });

  it('builds the per-capture plan from the budgets', () => {
    expect(closedRootPlan()).toEqual({ scanNodes: DEFAULT_CAPTURE_BUDGETS.closedRootScanNodes, depth: DEFAULT_CAPTURE_BUDGETS.closedRootScanDepth, callsLeft: DEFAULT_CAPTURE_BUDGETS.closedRootCalls });
    expect(closedRootPlan({ closedRootScanNodes: 0, closedRootScanDepth: 0, closedRootCalls: 5 })).toEqual({ scanNodes: 0, depth: 1, callsLeft: 5 });
  });
});
