import fc from 'fast-check';
import { refusalResponseSchema } from '@sightline/semantic-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applyInOrder, mutations, type ForgeryPool, type Mutation, type ToolShape } from './support/bad-arguments.js';
import { bindSession, snapshotRefs, startInMemoryStack, type BoundTab, type InMemoryStack } from './support/in-memory-stack.js';

const RUNS = 1500;
const STALE_OR_NOT_FOUND = ['browser_ref_stale', 'browser_tab_not_found', 'browser_action_unavailable'];

let stack: InMemoryStack;
let tab: BoundTab;
let shapes: ToolShape[];
let forgeries: ForgeryPool;

beforeAll(async () => {
  stack = await startInMemoryStack();
  tab = await bindSession(stack, 'fuzz');
  const other = await bindSession(stack, 'other');
  const otherSnapshot = await snapshotRefs(stack, other);
  const first = await snapshotRefs(stack, tab);
  const current = await snapshotRefs(stack, tab);
  const heading = current.body.content_refs.find((ref) => ref.role === 'heading')!.ref;
  const [snapshotNumber, element] = current.find('Send').slice(1).split(':').map(Number) as [number, number];
  forgeries = {
    refs: [
      first.find('Send'),
      `@${first.find('Reply body')}`,
      otherSnapshot.find('Send'),
      `p${snapshotNumber + 7}:${element}`,
      `p${snapshotNumber}:987654`,
      `p999999:1`,
    ],
    tabs: [other.tab_id, 'tab-ffffffffffffffff', 'tab-0000000000000000'],
    targets: [other.target_id, 'bt-ffffffffffffffff'],
    continuations: ['bc-0123456789abcdef0123456789abcdef', 'bc-ffffffffffffffffffffffffffffffff'],
  };
  const reply = current.find('Reply body');
  const send = current.find('Send');
  const address = { session: { t: 'session' }, target_id: { t: 'target' }, tab_id: { t: 'tab' } } as const;
  const tabRequired = ['session', 'target_id', 'tab_id'];
  shapes = [
    { name: 'list_browser_windows', base: { session: 'fuzz' }, fields: { session: { t: 'session' } }, required: [] },
    {
      name: 'get_browser_state',
      base: { ...tab, snapshot_format: 'semantic_v2' },
      fields: {
        ...address,
        snapshot_format: { t: 'enum', values: ['semantic_v2', 'dom_refs_v1'] },
        query: { t: 'text', min: 1, max: 500 },
        scope_ref: { t: 'ref' },
        continuation: { t: 'continuation' },
        diff: { t: 'bool' },
        node_budget: { t: 'int', min: 1, max: 2000 },
        max_chars: { t: 'int', min: 500, max: 100_000 },
        interactive_only: { t: 'bool' },
        max_depth: { t: 'int', min: 0, max: 100 },
        include_boxes: { t: 'bool' },
      },
      required: tabRequired,
      conflicts: [
        { query: 'Send', continuation: 'bc-0123456789abcdef0123456789abcdef' },
        { query: 'Send', scope_ref: heading },
        { diff: true, query: 'Send' },
        { ...tab, launch: {} },
        { ...tab, cdp_url: 'ws://127.0.0.1:9222/devtools/browser/x' },
        { ...tab, pid: 4242, window_id: 77 },
      ],
    },
    {
      name: 'get_browser_state',
      base: { session: 'fuzz-bind', launch: { url: 'http://127.0.0.1/fixture', viewport: { width: 800, height: 600 } } },
      fields: { session: { t: 'session' }, launch: { t: 'launch' } },
      required: ['session', 'launch'],
      conflicts: [{ launch: {}, cdp_url: 'ws://127.0.0.1:9222/devtools/browser/x' }, { launch: {}, pid: 4242, window_id: 77 }],
    },
    {
      name: 'get_browser_state',
      base: { session: 'fuzz-native', pid: 4242, window_id: 77 },
      fields: { session: { t: 'session' }, pid: { t: 'int', min: 1, max: 2 ** 31 }, window_id: { t: 'window_id' } },
      required: ['session', 'pid', 'window_id'],
      conflicts: [{ pid: 4242, window_id: 77, launch: {} }],
    },
    {
      name: 'get_browser_state',
      base: { session: 'fuzz-endpoint', cdp_url: 'ws://127.0.0.1:9222/devtools/browser/x' },
      fields: { session: { t: 'session' }, cdp_url: { t: 'cdp_url' } },
      required: ['session', 'cdp_url'],
    },
    {
      name: 'browser_click',
      base: { ...tab, ref: send },
      fields: { ...address, ref: { t: 'ref' }, double: { t: 'bool' }, button: { t: 'enum', values: ['left', 'right', 'middle'] }, modifiers: { t: 'modifiers' } },
      required: [...tabRequired, 'ref'],
    },
    {
      name: 'browser_type',
      base: { ...tab, ref: reply, text: 'hello' },
      fields: {
        ...address,
        ref: { t: 'ref' },
        text: { t: 'text', min: 0, max: 100_000 },
        replace: { t: 'bool' },
        submit: { t: 'bool' },
        mode: { t: 'enum', values: ['insert_text', 'keystrokes'] },
        keystrokes: { t: 'bool' },
      },
      required: [...tabRequired, 'ref', 'text'],
    },
    {
      name: 'browser_select',
      base: { ...tab, ref: reply, values: ['a'] },
      fields: { ...address, ref: { t: 'ref' }, values: { t: 'values' } },
      required: [...tabRequired, 'ref', 'values'],
    },
    {
      name: 'browser_scroll',
      base: { ...tab, direction: 'down' },
      fields: { ...address, ref: { t: 'ref' }, direction: { t: 'enum', values: ['up', 'down', 'left', 'right'] }, amount: { t: 'int', min: 1, max: 100_000 } },
      required: [...tabRequired, 'direction'],
    },
    { name: 'browser_press', base: { ...tab, key: 'Enter' }, fields: { ...address, key: { t: 'key' } }, required: [...tabRequired, 'key'] },
    {
      name: 'browser_navigate',
      base: { ...tab, url: 'http://127.0.0.1/next' },
      fields: { ...address, url: { t: 'text', min: 1, max: 8192 }, history: { t: 'enum', values: ['back', 'forward', 'reload'] }, on_beforeunload: { t: 'enum', values: ['accept', 'dismiss'] } },
      required: [...tabRequired, 'url'],
      conflicts: [{ url: 'http://127.0.0.1/other', history: 'back' }],
    },
    { name: 'browser_screenshot', base: { ...tab }, fields: { ...address, annotate: { t: 'bool' } }, required: tabRequired },
    {
      name: 'browser_dialog',
      base: { ...tab, action: 'accept' },
      fields: { ...address, action: { t: 'enum', values: ['accept', 'dismiss'] }, prompt_text: { t: 'text', min: 0, max: 10_000 } },
      required: [...tabRequired, 'action'],
    },
    {
      name: 'browser_console',
      base: { ...tab },
      fields: { ...address, since: { t: 'int', min: 0, max: Number.MAX_SAFE_INTEGER }, level: { t: 'enum', values: ['debug', 'info', 'log', 'warn', 'error'] }, limit: { t: 'int', min: 1, max: 200 } },
      required: tabRequired,
    },
    { name: 'end_session', base: { session: 'fuzz-end' }, fields: { session: { t: 'session' } }, required: ['session'] },
    // SPEC §12 pointer verbs.
    { name: 'browser_hover', base: { ...tab, ref: send }, fields: { ...address, ref: { t: 'ref' } }, required: [...tabRequired, 'ref'] },
    {
      name: 'browser_drag',
      base: { ...tab, ref: send, to_ref: reply },
      fields: { ...address, ref: { t: 'ref' }, to_ref: { t: 'ref' } },
      required: [...tabRequired, 'ref', 'to_ref'],
    },
    {
      name: 'browser_upload',
      base: { ...tab, ref: send, paths: ['/tmp/sightline-fuzz.txt'] },
      fields: { ...address, ref: { t: 'ref' }, paths: { t: 'paths' } },
      required: [...tabRequired, 'ref', 'paths'],
    },
    {
      name: 'browser_wait',
      base: { ...tab, text: 'Inbox', timeout_ms: 1 },
      fields: { ...address, text: { t: 'text', min: 1, max: 1000 }, timeout_ms: { t: 'int', min: 1, max: 60_000 }, load_state: { t: 'enum', values: ['load', 'network_idle'] } },
      required: [...tabRequired, 'text'],
      conflicts: [{ text: 'Inbox', url: '/inbox' }, { state: 'visible' }],
    },
    {
      name: 'browser_tabs',
      base: { session: tab.session, target_id: tab.target_id, action: 'list' },
      fields: { session: { t: 'session' }, target_id: { t: 'target' }, action: { t: 'enum', values: ['list', 'new', 'select', 'close'] } },
      required: ['session', 'target_id', 'action'],
      conflicts: [{ action: 'select' }, { action: 'list', url: 'http://127.0.0.1/x' }],
    },
  ];
});

afterAll(async () => {
  await stack.close();
});

test(`${RUNS} generated bad argument objects all come back as structured refusals`, async () => {
  const seen = new Map<string, number>();
  const codes = new Map<string, number>();
  const generated = fc.integer({ min: 0, max: 1_000_000 }).chain((pick) => {
    const shape = shapes[pick % shapes.length] as ToolShape;
    return fc.tuple(fc.constant(shape), fc.array(mutations(shape, forgeries), { minLength: 1, maxLength: 3 }));
  });
  await fc.assert(
    fc.asyncProperty(generated, async ([shape, applied]) => {
      const { args, ordered } = applyInOrder(shape.base, applied);
      const result = await stack.call(shape.name, args);
      const context = `${shape.name} [${ordered.map((m: Mutation) => m.note).join('; ')}] → ${JSON.stringify(result.structuredContent ?? result.content).slice(0, 400)}`;
      expect(result.isError, context).toBe(false);
      const refusal = refusalResponseSchema.parse(result.structuredContent).refusal;
      const forgedScopes = new Set(ordered.filter((m) => /^forged (scope_ref|continuation)=/.test(m.note)).map((m) => m.note.split('=')[0]));
      // Two forged read scopes (scope_ref and continuation) are a conflict, hence invalid.
      const invalid = ordered.some((m) => m.kind !== 'forged') || forgedScopes.size > 1;
      if (invalid) {
        const tabMissing = ordered.some((m) => m.note === 'missing tab_id');
        expect(tabMissing ? ['browser_invalid_request', 'browser_tab_required'] : ['browser_invalid_request'], context).toContain(refusal.code);
      } else {
        expect(STALE_OR_NOT_FOUND, context).toContain(refusal.code);
      }
      expect(refusal.message.length).toBeGreaterThan(10);
      seen.set(shape.name, (seen.get(shape.name) ?? 0) + 1);
      codes.set(refusal.code, (codes.get(refusal.code) ?? 0) + 1);
    }),
    { numRuns: RUNS, seed: Number(process.env.SIGHTLINE_FUZZ_SEED ?? 20_260_101), endOnFailure: true },
  );
  expect([...seen.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
  expect(seen.size).toBe(17);
  expect(codes.get('browser_invalid_request')).toBeGreaterThan(RUNS / 2);
  expect(codes.get('browser_ref_stale')).toBeGreaterThan(0);

  // Nothing reached the page, and the server still answers a valid call.
  expect(stack.browser.pageCalls('perform')).toEqual([]);
  const after = await stack.call('get_browser_state', { ...tab, snapshot_format: 'semantic_v2' });
  expect(after.structuredContent.status).toBe('ok');
  const click = await stack.call('browser_click', { ...tab, ref: (after.structuredContent.refs as Array<{ ref: string; name: string }>).find((ref) => ref.name === 'Send')!.ref });
  expect(click.structuredContent).toMatchObject({ status: 'ok', action: 'click' });
}, 120_000);
