import { describe, expect, it } from 'vitest';
import { displayText, escapeOutline, formatLine, formatStates, OUTLINE_TEXT_LIMIT } from './outline-format.js';

describe('outline formatting', () => {
  it('collapses whitespace and escapes quotes and backslashes', () => {
    expect(displayText('  a \n\t b  ')).toBe('a b');
    expect(escapeOutline('say "hi" \\ bye')).toBe('say \\"hi\\" \\\\ bye');
    expect(formatLine({ depth: 0, role: 'button', name: displayText('Say "hi"\n'), states: {}, tags: '' })).toBe('- button "Say \\"hi\\""');
  });

  it('cuts at 500 characters with an ellipsis, never splitting a surrogate pair', () => {
    const long = 'x'.repeat(600);
    expect(displayText(long)).toBe(`${'x'.repeat(OUTLINE_TEXT_LIMIT)}…`);
    expect(displayText('y'.repeat(500))).toBe('y'.repeat(500));
    const emoji = `${'z'.repeat(499)}😀tail`;
    const cut = displayText(emoji);
    expect(cut).toBe(`${'z'.repeat(499)}…`);
  });

  it('prints states in STATE_ORDER; false and undefined print nothing; mixed is explicit', () => {
    expect(
      formatStates({ invalid: true, level: 2, required: true, pressed: 'mixed', selected: true, focused: true, expanded: true, disabled: true, checked: true }),
    ).toBe(' [checked] [disabled] [expanded] [focused] [selected] [pressed=mixed] [required] [level=2] [invalid]');
    expect(formatStates({ checked: 'mixed', disabled: false, expanded: undefined })).toBe(' [checked=mixed]');
    expect(formatStates({})).toBe('');
    expect(formatStates({ level: 1 }, 'listitem')).toBe('');
    expect(formatStates({ level: 2 }, 'listitem')).toBe(' [level=2]');
    expect(formatStates({ level: 1 }, 'heading')).toBe(' [level=1]');
  });

  it('indents two spaces per level and prints value, redaction and tags', () => {
    expect(formatLine({ depth: 2, role: 'textbox', name: 'Password', value: '••••', states: { required: true }, redacted: 'filled', tags: ' [ref=p1:5]' })).toBe(
      '    - textbox "Password": •••• [required] [filled] [ref=p1:5]',
    );
    expect(formatLine({ depth: 1, role: 'listitem', name: '', states: {}, tags: '' })).toBe('  - listitem');
  });
});
