import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('README example: renderSnapshotText', () => {
  it('prints the page line, the outline and a footer naming what was omitted and why', async () => {
    const script = fileURLToPath(new URL('../examples/render-snapshot-text.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, [script]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# .+ — \S+$/);
    expect(lines.at(-1)).toMatch(/^… p1: 12 of \d+ nodes; .*\d+ over budget.*300 hidden.*; limits hit: node_budget — more: snapshot with continuation bc-[0-9a-f]+$/);
  });
});
