import { describe, expect, it } from 'vitest';
import { diffOutline, removedLine, REMOVED_MARKER, withoutSnapshotPrefix } from './diff-scope.js';
import type { OutlineLine } from '../compose/compose-types.js';

const line = (identity: string, text: string): OutlineLine => ({ node: 0, identity, text });

describe('diffOutline', () => {
  it('treats a change of snapshot prefix alone as unchanged', () => {
    expect(withoutSnapshotPrefix('- button "Send" [ref=p3:7]')).toBe(withoutSnapshotPrefix('- button "Send" [ref=p4:7]'));
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

  it('drops ref markers from removed lines and keeps their indent', () => {
    expect(removedLine('    - link "Item" [ref=p9:12]')).toBe(`    - ${REMOVED_MARKER} link "Item"`);
  });
});
