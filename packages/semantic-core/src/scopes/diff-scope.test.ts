import { describe, expect, it } from 'vitest';
import { comparableLine, diffOutline, removedLine, REMOVED_MARKER } from './diff-scope.js';
import type { OutlineLine } from '../compose/compose-types.js';
import { outlineLine } from '../render/outline-line.js';

/** The structured line that prints as `text` (test data is written as outline text; the diff reads only the data). */
const line = (identity: string, text: string): OutlineLine => {
  const [, indent = '', body = '', kind, id, element] = /^( *)- (.*?)(?: \[(ref|cref)=(p\d+:(\d+))\])?$/.exec(text)!;
  const ref = kind ? { kind: kind as 'ref' | 'cref', id: id!, element: Number(element) } : null;
  const built = outlineLine(0, identity, indent.length / 2, body, ref);
  expect(built.text).toBe(text);
  return built;
};

describe('diffOutline', () => {
  it('treats a change of snapshot prefix alone as unchanged', () => {
    expect(comparableLine(line('d|a', '- button "Send" [ref=p3:7]'))).toBe(comparableLine(line('d|a', '- button "Send" [ref=p4:7]')));
    const diff = diffOutline([line('d|a', '- button "Send" [ref=p3:7]')], [line('d|a', '- button "Send" [ref=p4:7]')]);
    expect(diff.outline).toBe('');
    expect(diff.changed.size).toBe(0);
  });

  it('outputs changed and added lines in document order, then removed ones with the marker', () => {
    const before = [line('d|h', '- heading "Message" [level=1] [cref=p1:1]'), line('d|t', '  - text "Hello"'), line('d|x', '  - button "Old" [ref=p1:3]')];
    const after = [line('d|h', '- heading "Message" [level=1] [cref=p2:1]'), line('d|t', '  - text "Hellp"'), line('d|n', '  - button "New" [ref=p2:4]')];
    const diff = diffOutline(before, after);
    expect(diff.outline.split('\n')).toEqual([
      '- heading "Message" [level=1]',
      '  - text "Hellp"',
      '  - button "New" [ref=p2:4]',
      `  - ${REMOVED_MARKER} button "Old"`,
    ]);
    expect([...diff.changed]).toEqual(['d|t', 'd|n']);
    expect(diff.removed).toBe(1);
  });

  it('prints each unchanged ancestor of a change once, without its ref, and nothing else unchanged', () => {
    const lines = (prefix: string, value: string) => [
      line('d|m', `- main [cref=${prefix}:1]`),
      line('d|f', `  - form "Reply" [cref=${prefix}:2]`),
      line('d|b', `    - textbox "Reply body": ${value} [ref=${prefix}:3]`),
      line('d|s', `    - button "Send" [ref=${prefix}:4]`),
      line('d|c', `  - region "Other" [cref=${prefix}:5]`),
      line('d|o', `    - button "Other" [ref=${prefix}:6]`),
    ];
    const diff = diffOutline(lines('p1', 'Hi'), lines('p2', 'Hi!'));
    expect(diff.outline.split('\n')).toEqual(['- main', '  - form "Reply"', '    - textbox "Reply body": Hi! [ref=p2:3]']);
  });

  it('compares by identity, not position', () => {
    const before = [line('d|a', '- button "A" [ref=p1:1]'), line('d|b', '- button "B" [ref=p1:2]')];
    const after = [line('d|b', '- button "B" [ref=p2:2]'), line('d|a', '- button "A" [ref=p2:1]')];
    expect(diffOutline(before, after).outline).toBe('');
  });

  it('without a previous snapshot, every line is new', () => {
    expect(diffOutline(null, [line('d|a', '- button "A" [ref=p1:1]')]).outline).toBe('- button "A" [ref=p1:1]');
  });

  it('reads refs from the data: a name that looks like a ref marker is compared as text', () => {
    const named = (prefix: string, shown: string) => outlineLine(0, 'd|r', 0, `button "${shown}"`, { kind: 'ref', id: `${prefix}:3`, element: 3 });
    expect(diffOutline([named('p1', '[ref=p1:9]')], [named('p2', '[ref=p1:9]')]).outline).toBe('');
    expect(diffOutline([named('p1', '[ref=p1:9]')], [named('p2', '[ref=p2:9]')]).outline).toBe('- button "[ref=p2:9]" [ref=p2:3]');
    expect(removedLine(named('p1', '[ref=p1:9]'))).toBe(`- ${REMOVED_MARKER} button "[ref=p1:9]"`);
  });

  it('drops ref markers from removed lines and keeps their indent', () => {
    expect(removedLine(line('d|i', '    - link "Item" [ref=p9:12]'))).toBe(`    - ${REMOVED_MARKER} link "Item"`);
  });
});
