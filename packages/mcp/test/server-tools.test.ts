import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  actionResponseSchema,
  bindResponseSchema,
  describeOmitted,
  domRefsSnapshotResponseSchema,
  endSessionResponseSchema,
  listWindowsResponseSchema,
  refusalResponseSchema,
  semanticSnapshotResponseSchema,
  transportErrorResponseSchema,
} from '@sightline/semantic-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SIGHTLINE_TOOLS, screenshotResultSchema } from '../src/index.js';
import { bindSession, snapshotRefs, startInMemoryStack, type InMemoryStack } from './support/in-memory-stack.js';

const TOOL_NAMES = [
  'list_browser_windows',
  'get_browser_state',
  'browser_click',
  'browser_type',
  'browser_select',
  'browser_scroll',
  'browser_press',
  'browser_navigate',
  'browser_screenshot',
  'browser_dialog',
  'browser_console',
  'end_session',
  'browser_hover',
  'browser_drag',
  'browser_upload',
  'browser_wait',
  'browser_tabs',
];

let stack: InMemoryStack;
let tools: Tool[];
const ajv = new AjvJsonSchemaValidator();

beforeEach(async () => {
  stack = await startInMemoryStack();
  tools = (await stack.client.listTools()).tools;
});
afterEach(async () => {
  await stack.close();
});

/** Calls a tool after checking the arguments against the input schema the server advertised. */
async function callValid(name: string, args: Record<string, unknown>) {
  const tool = tools.find((candidate) => candidate.name === name);
  const verdict = ajv.getValidator(tool!.inputSchema as never)(args);
  expect(verdict.errorMessage, `${name} arguments against the advertised schema`).toBeUndefined();
  return stack.call(name, args);
}

describe('tools/list', () => {
  test('lists every tool with title, description, input and output schemas', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      expect(tool.outputSchema?.type).toBe('object');
      expect((tool.outputSchema?.properties as Record<string, { enum?: string[] }>).status?.enum).toEqual(['ok', 'refused', 'error']);
      expect(tool.outputSchema?.required).toEqual(['status']);
    }
  });

  test('input schemas carry the contract: required fields, patterns, ranges', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('browser_click')!.inputSchema.required).toEqual(['session', 'target_id', 'tab_id', 'ref']);
    expect(byName.get('browser_type')!.inputSchema.required).toEqual(['session', 'target_id', 'tab_id', 'ref', 'text']);
    expect(byName.get('get_browser_state')!.inputSchema.required).toEqual(['session']);
    const state = byName.get('get_browser_state')!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(state)).toEqual(
      expect.arrayContaining(['pid', 'window_id', 'cdp_url', 'launch', 'target_id', 'tab_id', 'snapshot_format', 'query', 'continuation']),
    );
    expect(state.node_budget).toMatchObject({ type: 'integer', minimum: 1, maximum: 2000 });
    expect(state.tab_id).toMatchObject({ type: 'string', pattern: '^tab-[0-9a-f]{16}$' });
    expect(state.snapshot_format!.description).toMatch(/dom_refs_v1/);
  });

  test('the SPEC §12 pointer verbs carry their fields: click variants, keystrokes, hover, drag, upload', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const props = (name: string) => byName.get(name)!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props('browser_click').double).toMatchObject({ type: 'boolean' });
    expect(props('browser_click').button).toMatchObject({ enum: ['left', 'right', 'middle'] });
    expect(props('browser_click').modifiers).toMatchObject({ type: 'array', maxItems: 4, items: { enum: ['Alt', 'Control', 'Meta', 'Shift'] } });
    expect(props('browser_type').keystrokes).toMatchObject({ type: 'boolean' });
    expect(props('browser_type').mode).toMatchObject({ enum: ['insert_text', 'keystrokes'] });
    expect(byName.get('browser_hover')!.inputSchema.required).toEqual(['session', 'target_id', 'tab_id', 'ref']);
    expect(byName.get('browser_drag')!.inputSchema.required).toEqual(['session', 'target_id', 'tab_id', 'ref', 'to_ref']);
    expect(props('browser_drag').to_ref).toMatchObject({ type: 'string', pattern: props('browser_drag').ref!.pattern });
    expect(byName.get('browser_upload')!.inputSchema.required).toEqual(['session', 'target_id', 'tab_id', 'ref', 'paths']);
    expect(props('browser_upload').paths).toMatchObject({ type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 4096 } });
    for (const name of ['browser_hover', 'browser_drag', 'browser_upload']) {
      expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
      expect(Object.keys(props(name)).sort(), name).toEqual(expect.arrayContaining(['session', 'target_id', 'tab_id', 'ref']));
    }
    expect(byName.get('browser_hover')!.annotations?.destructiveHint).toBe(false);
    expect(byName.get('browser_drag')!.annotations?.destructiveHint).toBe(true);
  });

  test('the pointer verbs act through the Driver and answer the action result', async () => {
    const tab = await bindSession(stack, 'verbs');
    const { find } = await snapshotRefs(stack, tab);
    const hovered = await callValid('browser_hover', { ...tab, ref: find('Send') });
    expect(actionResponseSchema.parse(hovered.structuredContent)).toMatchObject({ action: 'hover', ref: find('Send') });
    const clicked = await callValid('browser_click', { ...tab, ref: find('Send'), double: true, button: 'right', modifiers: ['Shift'] });
    expect(actionResponseSchema.parse(clicked.structuredContent).action).toBe('click');
    expect(stack.browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'click', double: true, button: 'right', modifiers: ['Shift'] });
    const typed = await callValid('browser_type', { ...tab, ref: find('Reply body'), text: 'hi', keystrokes: true });
    expect(actionResponseSchema.parse(typed.structuredContent).action).toBe('type');
    expect(stack.browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'type', mode: 'keystrokes' });
    const uploaded = await callValid('browser_upload', { ...tab, ref: find('Send'), paths: ['/tmp/report.txt'] });
    expect(actionResponseSchema.parse(uploaded.structuredContent).action).toBe('upload');
    const dragged = await stack.call('browser_drag', { ...tab, ref: find('Send'), to_ref: find('Reply body') });
    expect(refusalResponseSchema.parse(dragged.structuredContent).refusal).toMatchObject({ code: 'browser_action_unavailable' });
    const relative = await stack.call('browser_upload', { ...tab, ref: find('Send'), paths: ['report.txt'] });
    expect(refusalResponseSchema.parse(relative.structuredContent).refusal).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'paths.0' } });
  });

  test('annotations follow each tool kind', () => {
    for (const definition of SIGHTLINE_TOOLS) {
      const annotations = tools.find((tool) => tool.name === definition.name)!.annotations!;
      expect(annotations.openWorldHint, definition.name).toBe(true);
      if (definition.kind === 'read') {
        expect(annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
      } else {
        expect(annotations.readOnlyHint, definition.name).toBe(false);
      }
    }
    const byName = (name: string) => tools.find((tool) => tool.name === name)!.annotations!;
    // Its launch mode starts a browser (issue 13): never read-only, never destructive.
    expect(byName('get_browser_state')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName('list_browser_windows').readOnlyHint).toBe(true);
    expect(byName('browser_screenshot').readOnlyHint).toBe(true);
    expect(byName('browser_click')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(byName('browser_scroll')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName('end_session')).toMatchObject({ readOnlyHint: false, idempotentHint: true });
  });
});

describe('the loop over the fake ports', () => {
  test('bind → snapshot → type → click → snapshot: inputs and outputs match the declared schemas', async () => {
    const bound = await callValid('get_browser_state', { session: 'loop', cdp_url: 'ws://127.0.0.1:9222/devtools/browser/fake' });
    expect(bound.isError).toBe(false);
    const bind = bindResponseSchema.parse(bound.structuredContent);
    expect(bound.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(bind.target_id) });
    const tab = { session: 'loop', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };

    const first = await callValid('get_browser_state', { ...tab, snapshot_format: 'semantic_v2' });
    const snapshot = semanticSnapshotResponseSchema.parse(first.structuredContent);
    expect(first.isError).toBe(false);
    expect((first.content[0] as { text: string }).text).toContain(snapshot.outline);
    // The text says what was omitted and why (semantic-core's one renderer), not only the outline.
    const omitted = describeOmitted(snapshot.snapshot.omitted);
    expect(omitted).not.toBe('');
    expect((first.content[0] as { text: string }).text).toContain(`… ${snapshot.snapshot.id}: ${snapshot.snapshot.selected_nodes} of ${snapshot.snapshot.total_nodes} nodes; ${omitted}`);
    const reply = snapshot.refs.find((ref) => ref.name === 'Reply body')!;
    const send = snapshot.refs.find((ref) => ref.name === 'Send')!;

    const typed = await callValid('browser_type', { ...tab, ref: reply.ref, text: 'On my way' });
    expect(actionResponseSchema.parse(typed.structuredContent)).toMatchObject({ status: 'ok', action: 'type', navigation: false });
    const clicked = await callValid('browser_click', { ...tab, ref: `@${send.ref}` });
    expect(actionResponseSchema.parse(clicked.structuredContent)).toMatchObject({ status: 'ok', action: 'click' });
    expect(stack.browser.pageCalls('perform').map((call) => (call.detail as { kind: string }).kind)).toEqual(['type', 'click']);

    const second = await callValid('get_browser_state', { ...tab, snapshot_format: 'semantic_v2', diff: true });
    expect(semanticSnapshotResponseSchema.parse(second.structuredContent).snapshot.scope).toBe('diff');
  });

  test('every tool answers inside its output schema', async () => {
    const tab = await bindSession(stack, 'every');
    const { find } = await snapshotRefs(stack, tab);
    const checks: Array<[string, Record<string, unknown>, { parse: (value: unknown) => unknown }]> = [
      ['list_browser_windows', { session: 'every' }, listWindowsResponseSchema],
      ['list_browser_windows', {}, listWindowsResponseSchema],
      ['browser_scroll', { ...tab, direction: 'down', amount: 300 }, actionResponseSchema],
      ['browser_press', { ...tab, key: 'Enter' }, actionResponseSchema],
      ['browser_screenshot', { ...tab, annotate: true }, screenshotResultSchema],
      ['browser_type', { ...tab, ref: find('Reply body'), text: 'x', replace: true, submit: false, mode: 'keystrokes' }, actionResponseSchema],
      ['browser_navigate', { ...tab, history: 'reload' }, actionResponseSchema],
      ['end_session', { session: 'every' }, endSessionResponseSchema],
    ];
    for (const [name, args, schema] of checks) {
      const result = await callValid(name, args);
      expect(result.structuredContent.status, `${name}: ${JSON.stringify(result.structuredContent)}`).toBe('ok');
      schema.parse(result.structuredContent);
      expect(result.isError).toBe(false);
    }
  });

  test('list_browser_windows shows the native windows', async () => {
    const result = await callValid('list_browser_windows', {});
    expect(listWindowsResponseSchema.parse(result.structuredContent).windows).toEqual([
      { pid: 4242, window_id: 77, title: 'Inbox - Chromium', bounds: { x: 0, y: 0, width: 1280, height: 800 }, app: 'chromium' },
    ]);
  });

  test('an omitted snapshot_format means dom_refs_v1', async () => {
    const tab = await bindSession(stack, 'compat');
    const result = await callValid('get_browser_state', { ...tab });
    const body = domRefsSnapshotResponseSchema.parse(result.structuredContent);
    expect(body.snapshot.format).toBe('dom_refs_v1');
    expect(body.refs.map((ref) => ref.name)).toContain('Send');
    expect((result.content[0] as { text: string }).text).toMatch(/\[ref=p\d+:\d+\]/);
  });

  test('a screenshot is image content plus the label map', async () => {
    const tab = await bindSession(stack, 'shot');
    await snapshotRefs(stack, tab);
    const result = await callValid('browser_screenshot', { ...tab, annotate: true });
    expect(result.content).toContainEqual({ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' });
    const body = screenshotResultSchema.parse(result.structuredContent);
    expect(body.image).not.toHaveProperty('data');
    expect(body.labels.length).toBeGreaterThan(0);
  });
});

describe('refusals and errors', () => {
  test('refusals are normal results with the SPEC body', async () => {
    const tab = await bindSession(stack, 'refusals');
    const old = await snapshotRefs(stack, tab);
    await snapshotRefs(stack, tab);
    const stale = await stack.call('browser_click', { ...tab, ref: old.find('Send') });
    expect(stale.isError).toBe(false);
    expect(refusalResponseSchema.parse(stale.structuredContent).refusal.code).toBe('browser_ref_stale');
    expect((stale.content[0] as { text: string }).text).toMatch(/^Refused \(browser_ref_stale\): /);

    const current = await snapshotRefs(stack, tab);
    const unavailable = await stack.call('browser_type', { ...tab, ref: current.find('Send'), text: 'no' });
    expect(unavailable.isError).toBe(false);
    expect(refusalResponseSchema.parse(unavailable.structuredContent).refusal.code).toBe('browser_action_unavailable');

    const invalid = await stack.call('browser_click', { ...tab, ref: 42 });
    expect(invalid.isError).toBe(false);
    const refusal = refusalResponseSchema.parse(invalid.structuredContent).refusal;
    expect(refusal.code).toBe('browser_invalid_request');
    expect(JSON.stringify(refusal)).toContain('ref');
  });

  test('a transport failure is isError with the SPEC error body', async () => {
    const tab = await bindSession(stack, 'transport');
    stack.browser.failNext('capture');
    const result = await stack.call('get_browser_state', { ...tab, snapshot_format: 'semantic_v2' });
    expect(result.isError).toBe(true);
    expect(transportErrorResponseSchema.parse(result.structuredContent).error.code).toBe('browser_transport_error');
    const retried = await stack.call('get_browser_state', { ...tab, snapshot_format: 'semantic_v2' });
    expect(retried.structuredContent.status).toBe('ok');
  });

  test('the session "default" is refused by every tool, asking for a session name', async () => {
    for (const name of TOOL_NAMES) {
      const result = await stack.call(name, { session: 'default' });
      expect(result.isError, name).toBe(false);
      const refusal = refusalResponseSchema.parse(result.structuredContent).refusal;
      expect(refusal.code).toBe('browser_invalid_request');
      expect(refusal.message).toMatch(/choose a session name/);
      expect(refusal.detail).toEqual({ field: 'session' });
    }
    expect(stack.transport.calls).toEqual([]);
  });

  test('get_browser_state with neither a bind route nor a tab is refused', async () => {
    const result = await stack.call('get_browser_state', { session: 'nothing' });
    expect(refusalResponseSchema.parse(result.structuredContent).refusal.code).toBe('browser_invalid_request');
  });
});

describe('sessions', () => {
  test('refs and tabs of one session are refused in another', async () => {
    const alpha = await bindSession(stack, 'alpha');
    const beta = await bindSession(stack, 'beta');
    await snapshotRefs(stack, alpha);
    const alphaRefs = await snapshotRefs(stack, alpha); // alpha is at p2, beta at p1
    await snapshotRefs(stack, beta);
    const refused = async (name: string, args: Record<string, unknown>) => {
      const result = await stack.call(name, args);
      expect(result.isError).toBe(false);
      return refusalResponseSchema.parse(result.structuredContent).refusal.code;
    };
    // Alpha's whole address and ref, presented under session beta.
    expect(['browser_ref_stale', 'browser_tab_not_found']).toContain(await refused('browser_click', { ...alpha, session: 'beta', ref: alphaRefs.find('Send') }));
    // Alpha's ref on beta's tab.
    expect(await refused('browser_click', { ...beta, ref: alphaRefs.find('Send') })).toBe('browser_ref_stale');
    // Alpha's tab under session beta.
    expect(['browser_ref_stale', 'browser_tab_not_found']).toContain(
      await refused('get_browser_state', { ...alpha, session: 'beta', snapshot_format: 'semantic_v2' }),
    );
    expect(stack.browser.pageCalls('perform')).toEqual([]);
  });

  test('end_session closes what the session launched and kills its handles', async () => {
    const launched = await stack.call('get_browser_state', { session: 'owner', launch: { url: 'http://127.0.0.1/fixture' } });
    const bind = bindResponseSchema.parse(launched.structuredContent);
    expect(bind.binding).toMatchObject({ route: 'managed', proof: 'spawned_by_driver' });
    const tab = { session: 'owner', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
    const { find } = await snapshotRefs(stack, tab);
    const ended = await stack.call('end_session', { session: 'owner' });
    expect(endSessionResponseSchema.parse(ended.structuredContent)).toMatchObject({ session: 'owner', closed_browsers: 1 });
    const after = await stack.call('browser_click', { ...tab, ref: find('Send') });
    expect(after.structuredContent.status).toBe('refused');
  });
});
