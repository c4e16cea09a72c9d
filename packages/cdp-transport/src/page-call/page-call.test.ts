import { describe, expect, it } from 'vitest';
import type { CdpSession } from '../connection/cdp-session.js';
import { CaptureCallBudget } from '../capture/call-budget.js';
import { callPage, callPageObject, callPageObjects, PageObject, type PageWorld } from './page-call.js';

/** A session that answers Runtime calls from a script and records what was sent. */
function fakeWorld(answer: (method: string, params: Record<string, unknown>) => unknown): { world: PageWorld; sent: Array<[string, Record<string, unknown>]> } {
  const sent: Array<[string, Record<string, unknown>]> = [];
  const session = {
    send: async (method: string, params: Record<string, unknown>) => {
      sent.push([method, params]);
      return answer(method, params);
    },
  } as unknown as CdpSession;
  return { world: { session, contextId: 7 }, sent };
}

const DISPATCH =
  'function(method, ...args) { const collector = globalThis.__sightline; if (collector === undefined) throw "sightline: no collector in this world"; return collector[method](...args); }';

describe('callPage', () => {
  it('calls the collector method by name in the world, nodes as remote objects, values as JSON', async () => {
    const { world, sent } = fakeWorld(() => ({ result: { type: 'object', value: { moved: true } } }));
    expect(await callPage(world, 'scrollBy', new PageObject('obj-1'), 0, 400)).toEqual({ moved: true });
    const [method, params] = sent[0]!;
    expect(method).toBe('Runtime.callFunctionOn');
    expect(params).toMatchObject({
      executionContextId: 7,
      returnByValue: true,
      arguments: [{ value: 'scrollBy' }, { objectId: 'obj-1' }, { value: 0 }, { value: 400 }],
    });
    expect(params.functionDeclaration).toBe(DISPATCH);
  });

  it('answers nodes as PageObjects (null for null) and lists of nodes at their indexes', async () => {
    const one = fakeWorld(() => ({ result: { type: 'object', objectId: 'chosen' } }));
    expect(await callPageObject(one.world, 'coveringElement', new PageObject('hit'), null)).toEqual(new PageObject('chosen'));
    expect(one.sent[0]![1]).toMatchObject({ returnByValue: false, objectGroup: 'sightline-action', arguments: [{ value: 'coveringElement' }, { objectId: 'hit' }, { value: null }] });
    const none = fakeWorld(() => ({ result: { type: 'object', subtype: 'null' } }));
    expect(await callPageObject(none.world, 'liveNode', 3)).toBeNull();
    const many = fakeWorld((method) =>
      method === 'Runtime.callFunctionOn'
        ? { result: { type: 'object', objectId: 'array' } }
        : { result: [{ name: '1', value: { objectId: 'b' } }, { name: 'length', value: { value: 2 } }, { name: '0', value: { objectId: 'a' } }] },
    );
    expect(await callPageObjects(many.world, 'optionElements', new PageObject('box'), ['x', 'y'])).toEqual([new PageObject('a'), new PageObject('b')]);
    const gaps = fakeWorld((method) =>
      method === 'Runtime.callFunctionOn'
        ? { result: { type: 'object', objectId: 'array' } }
        : { result: [{ name: '0', value: { type: 'object', subtype: 'null' } }, { name: '1', value: { objectId: 'b' } }] },
    );
    expect(await callPageObjects(gaps.world, 'elements', [4, 5])).toEqual([null, new PageObject('b')]);
  });

  it('through a capture budget: every protocol command is counted, objects land in the capture group', async () => {
    const { world, sent } = fakeWorld((method) =>
      method === 'Runtime.callFunctionOn' ? { result: { type: 'object', objectId: 'array' } } : { result: [{ name: '0', value: { objectId: 'host' } }] },
    );
    const budget = new CaptureCallBudget(performance.now() + 1_000, 10, 0, 0);
    expect(await callPageObjects(budget.site(world), 'takeClosedCandidates', 5)).toEqual([new PageObject('host')]);
    expect(budget.calls).toBe(2);
    expect(sent[0]![1]).toMatchObject({ objectGroup: 'sightline-capture', arguments: [{ value: 'takeClosedCandidates' }, { value: 5 }] });
    await callPage(budget.site(world), 'closedScanned', true, new PageObject('h'), new PageObject('r'));
    expect(budget.calls).toBe(3);
    expect(sent[2]![1]).toMatchObject({ arguments: [{ value: 'closedScanned' }, { value: true }, { objectId: 'h' }, { objectId: 'r' }] });
  });

  it('an exception in the page is a protocol error naming the method', async () => {
    const { world } = fakeWorld(() => ({ result: { type: 'undefined' }, exceptionDetails: { text: 'Uncaught', exception: { description: 'TypeError: boom' } } }));
    await expect(callPage(world, 'focusInFrame')).rejects.toMatchObject({ name: 'TransportError', failure: 'protocol_error', message: expect.stringContaining('focusInFrame') });
  });

  it('a world without the collector gets it loaded, then the call is asked once more (counted by the budget)', async () => {
    let loaded = false;
    const { world, sent } = fakeWorld((method) => {
      if (method === 'Runtime.evaluate') {
        loaded = true;
        return { result: { type: 'boolean', value: true } };
      }
      return loaded ? { result: { type: 'object', value: { moved: false } } } : { result: { type: 'undefined' }, exceptionDetails: { text: 'Uncaught', exception: { type: 'string', value: 'sightline: no collector in this world' } } };
    });
    const budget = new CaptureCallBudget(performance.now() + 1_000, 10, 0, 0);
    expect(await callPage(budget.site(world), 'scrollBy', null, 0, 10)).toEqual({ moved: false });
    expect(sent.map(([method]) => method)).toEqual(['Runtime.callFunctionOn', 'Runtime.evaluate', 'Runtime.callFunctionOn']);
    expect(sent[1]![1]).toMatchObject({ contextId: 7 });
    expect(String(sent[1]![1].expression)).toContain('__sightline');
    expect(budget.calls).toBe(3);
  });

  it('a world that still has no collector after the load: the error says so, once (no loop)', async () => {
    const { world, sent } = fakeWorld((method) =>
      method === 'Runtime.evaluate'
        ? { result: { type: 'undefined' } }
        : { result: { type: 'undefined' }, exceptionDetails: { text: 'Uncaught', exception: { type: 'string', value: 'sightline: no collector in this world' } } },
    );
    await expect(callPage(world, 'focusInFrame')).rejects.toMatchObject({ failure: 'protocol_error', message: expect.stringContaining('no collector in this world') });
    expect(sent).toHaveLength(3);
  });

  it("is typed by the collector's own methods: unknown or renamed names and wrong arguments do not compile", () => {
    const { world } = fakeWorld(() => ({ result: { value: null } }));
    const budget = new CaptureCallBudget(performance.now() + 1_000, 10, 0, 0);
    const never = false as boolean;
    if (never) {
      // @ts-expect-error no such page method
      void callPage(world, 'noSuchMethod');
      // @ts-expect-error a renamed capture method (the collector's is `shipRanked`)
      void callPage(budget.site(world), 'shipRank', 'w1', 0, 10);
      // @ts-expect-error shipRanked takes (token, from, count)
      void callPage(budget.site(world), 'shipRanked', 'w1', '0', 10);
      // @ts-expect-error capture takes the collector's CaptureOptions
      void callPage(budget.site(world), 'capture', { mode: 'everything' });
      // @ts-expect-error scrollBy takes (node | null, dx, dy)
      void callPage(world, 'scrollBy', 'not a node', 0, 0);
      // @ts-expect-error a node-answering method needs callPageObject
      void callPage(world, 'coveringElement', new PageObject('a'), null);
      // @ts-expect-error a list of nodes needs callPageObjects
      void callPage(world, 'elements', [1]);
      // @ts-expect-error a JSON-answering method is not a node list
      void callPageObjects(world, 'rankedKeys', 'w1');
    }
    expect(never).toBe(false);
  });
});
