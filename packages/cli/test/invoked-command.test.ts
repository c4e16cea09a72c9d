import { describe, expect, it } from 'vitest';
import { invokedCommand } from '../src/program/build-program.js';

// buildProgram defines only the command an argv names; everything else must see every command.
describe('invokedCommand', () => {
  it.each([
    [['snapshot'], 'snapshot'],
    [['snapshot', '--help'], 'snapshot'],
    [['--session', 'work', 'click', '@p1:2'], 'click'],
    [['--session=work', '--json', 'tabs', 'list'], 'tabs'],
    [['--json', '--session', 'work', 'snapshot', 'https://example.com'], 'snapshot'],
    [['help', 'snapshot'], 'help'],
    [['snapshoot'], 'snapshoot'],
  ])('%j names %s', (argv, expected) => {
    expect(invokedCommand(argv)).toBe(expected);
  });

  it.each([[[]], [['--help']], [['-h', 'snapshot']], [['--version']], [['-V']], [['--session', 'work']], [['--session', 'work', '--help', 'open']]])(
    '%j names none (the whole program is defined)',
    (argv) => {
      expect(invokedCommand(argv)).toBeUndefined();
    },
  );

  it('an argv not given defines everything', () => {
    expect(invokedCommand(undefined)).toBeUndefined();
  });
});
