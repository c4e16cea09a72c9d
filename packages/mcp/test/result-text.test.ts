import { domRefsSnapshotResponse, semanticSnapshotResponse } from '@sightline/semantic-core/testing';
import { describe, expect, test } from 'vitest';
import { resultText } from '../src/result-text.js';

const semantic = semanticSnapshotResponse({ limits_hit: ['node_budget'] });

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
    const dom = { ...domRefsSnapshotResponse([{ ref: 'p1:2', role: 'button', name: 'Say "hi"', actions: ['click'], frame: 'main' }]), page: { url: 'http://x/', title: 'X', focused_ref: null } };
    expect(resultText(dom)).toBe('# X — http://x/\n- button "Say \\"hi\\"" [ref=p1:2]\n… p1: 1 refs, all interactive refs');
  });
});
