import { afterAll, describe, expect, it } from 'vitest';
import { CliSandbox } from './support/cli-sandbox.js';

const COMMANDS = ['open', 'bind', 'windows', 'tabs', 'snapshot', 'click', 'type', 'select', 'scroll', 'press', 'navigate', 'screenshot', 'close', 'mcp', 'demo', 'wait'];

describe('help and usage', () => {
  const sandbox = new CliSandbox();
  afterAll(() => sandbox.dispose());

  it('sightline --help lists every command, examples and exit codes', async () => {
    const run = await sandbox.run(['--help']);
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(run.stdout).toContain('--session <name>');
    expect(run.stdout).toContain('Exit codes: 0 ok, 2 refused');
  });

  it.each(COMMANDS)('sightline %s --help has a usage line and an example', async (command) => {
    const run = await sandbox.run([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: sightline ${command}`, 'm'));
    expect(run.stdout).toMatch(/^Examples?:\n {2}\$ sightline /m);
  });

  it('global options before --help still list every command', async () => {
    const run = await sandbox.run(['--session', 'work', '--json', '--help']);
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('`help <command>` and a mistyped command still know every command', async () => {
    const help = await sandbox.run(['help', 'wait']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: sightline wait/m);
    const typo = await sandbox.run(['--session', 'work', 'snapshoot']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean snapshot?');
  });

  it('no command prints the help on stderr and exits 2', async () => {
    const run = await sandbox.run([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: sightline');
  });

  it('an invalid session name is a usage error', async () => {
    const run = await sandbox.run(['--session', 'no spaces', 'tabs']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a session is 1-64 characters');
  });

  it('--version prints the version', async () => {
    const run = await sandbox.run(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
