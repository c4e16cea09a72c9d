import { describe, expect, it } from 'vitest';
import { NO_OMISSIONS, domRefsSnapshotResponse, semanticSnapshotResponse } from '../testing/snapshot-responses.js';
import { describeOmitted, renderSnapshotText, snapshotFooter, type SnapshotTextStyle } from './snapshot-text.js';

const NONE = NO_OMISSIONS;
const semantic = semanticSnapshotResponse;
const domRefs = domRefsSnapshotResponse;

describe('renderSnapshotText', () => {
  it('prints the page line, the outline verbatim, and a footer with what was omitted and why', () => {
    const lines = renderSnapshotText(semantic()).split('\n');
    expect(lines[0]).toBe('# Mail — http://127.0.0.1/');
    expect(lines.slice(1, 3).join('\n')).toBe(semantic().outline);
    expect(lines[3]).toBe('… p42: 300 of 400 nodes; 82 offscreen, 18 over budget, 410 hidden, 1 covered — more: continuation bc-0123456789abcdef0123456789abcdef');
    expect(lines).toHaveLength(4);
  });

  it('asks the frontend how to read the rest and how to answer a dialog', () => {
    const text = renderSnapshotText(semantic({}, undefined, { dialog: { type: 'confirm', message: 'Sure?' } }), {
      moreHint: (id) => `get_browser_state with continuation ${id}`,
      dialogHint: 'use browser_dialog',
    });
    expect(text).toContain('— more: get_browser_state with continuation bc-0123456789abcdef0123456789abcdef');
    expect(text.split('\n').at(-1)).toBe('a JavaScript confirm blocks the page: use browser_dialog');
  });

  it('says complete when nothing remains, lists limits hit, and explains an empty outline', () => {
    const done = semantic({ complete: true, continuation: null, selected_nodes: 5, total_nodes: 5, omitted: NONE });
    expect(snapshotFooter(done)).toBe('… p42: 5 of 5 nodes — complete');
    expect(snapshotFooter(semantic({ limits_hit: ['max_chars'], continuation: null }))).toContain('limits hit: max_chars');
    expect(renderSnapshotText(semantic({ scope: 'query' }, ''))).toContain('(nothing matches the query)');
    expect(renderSnapshotText(semantic({ scope: 'diff' }, ''))).toContain('(no change since');
    expect(renderSnapshotText(semantic({}, ''))).toContain('(nothing to show)');
  });

  it('prints dom_refs_v1 refs as outline lines, names escaped like the outline formatter does', () => {
    const text = renderSnapshotText(
      domRefs(
        [
          { ref: 'p1:2', role: 'button', name: 'Say "hi" \\ bye', actions: ['click'], frame: 'main' },
          { ref: 'p1:3', role: 'textbox', name: 'To', value: 'a "b"', actions: ['type', 'click'], frame: 'main' },
        ],
        true,
      ),
    );
    expect(text).toBe(
      ['# http://x/', '- button "Say \\"hi\\" \\\\ bye" [ref=p1:2]', '- textbox "To": a \\"b\\" [ref=p1:3]', '… p1: 2 refs, truncated at 300 refs'].join('\n'),
    );
  });

  it('styles only roles, ref markers, muted and warning lines; unstyled it is the plain text', () => {
    const tag = (name: string) => (text: string) => `<${name}>${text}</${name}>`;
    const style: SnapshotTextStyle = { muted: tag('m'), role: tag('r'), ref: tag('f'), warning: tag('w') };
    const styled = renderSnapshotText(semantic(), { style });
    expect(styled).toContain('- <r>textbox</r> "Reply body" [focused] <f>[ref=p42:8]</f>');
    expect(styled.replace(/<\/?[mrfw]>/g, '')).toBe(renderSnapshotText(semantic()));
  });

  it('describeOmitted skips zero counts', () => {
    expect(describeOmitted({ ...NONE, no_layout: 2, unprovable_frame: 1 })).toBe('2 without layout, 1 unprovable frame');
    expect(describeOmitted({ ...NONE, filtered: 3, collapsed: 30 })).toBe('3 filtered out, 30 folded (max children)');
  });
});
