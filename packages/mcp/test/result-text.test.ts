import type { DomRefsSnapshotResponse, SemanticSnapshotResponse } from '@sightline/semantic-core';
import { describe, expect, test } from 'vitest';
import { resultText } from '../src/result-text.js';

const OMITTED = { css_hidden: 410, offscreen: 82, page_occluded: 1, no_layout: 0, unknown: 0, budget: 18, unprovable_frame: 0, filtered: 0, collapsed: 0 };

const semantic: SemanticSnapshotResponse = {
  status: 'ok',
  mode: 'snapshot',
  target_id: 'bt-0123456789abcdef',
  tab_id: 'tab-0123456789abcdef',
  snapshot: {
    id: 'p42',
    format: 'semantic_v2',
    complete: false,
    scope: 'viewport',
    selected_nodes: 300,
    total_nodes: 400,
    node_budget: 300,
    omitted: OMITTED,
    continuation: 'bc-0123456789abcdef0123456789abcdef',
    limits_hit: ['node_budget'],
  },
  page: { url: 'http://127.0.0.1/', title: 'Mail', focused_ref: null },
  outline: '- heading "Message" [level=1] [cref=p42:3]\n- textbox "Reply body" [focused] [ref=p42:8]',
  refs: [],
  content_refs: [],
  oopif: { status: 'none', frames: 0 },
  timing_ms: { collect: 1, compose: 1 },
};

describe('MCP snapshot text (semantic-core renderSnapshotText)', () => {
  test('lists what was omitted and why, the limits hit, and the continuation as a tool call', () => {
    expect(resultText(semantic).split('\n')).toEqual([
      '# Mail — http://127.0.0.1/',
      '- heading "Message" [level=1] [cref=p42:3]',
      '- textbox "Reply body" [focused] [ref=p42:8]',
      '… p42: 300 of 400 nodes; 82 offscreen, 18 over budget, 410 hidden, 1 covered; limits hit: node_budget — more: get_browser_state with continuation bc-0123456789abcdef0123456789abcdef',
    ]);
  });

  test('an open dialog says how to answer it', () => {
    const blocked = { ...semantic, page: { ...semantic.page, dialog: { type: 'alert' as const, message: 'Hi' } } };
    expect(resultText(blocked).split('\n').at(-1)).toBe('a JavaScript alert blocks the page: answer it with browser_dialog (accept or dismiss), then snapshot again');
  });

  test('dom_refs_v1 names are escaped like outline names', () => {
    const dom: DomRefsSnapshotResponse = {
      status: 'ok',
      mode: 'snapshot',
      target_id: 'bt-0123456789abcdef',
      tab_id: 'tab-0123456789abcdef',
      snapshot: { id: 'p1', format: 'dom_refs_v1', truncated: false },
      page: { url: 'http://x/', title: 'X', focused_ref: null },
      refs: [{ ref: 'p1:2', role: 'button', name: 'Say "hi"', actions: ['click'], frame: 'main' }],
    };
    expect(resultText(dom)).toBe('# X — http://x/\n- button "Say \\"hi\\"" [ref=p1:2]\n… p1: 1 refs, all interactive refs');
  });
});
