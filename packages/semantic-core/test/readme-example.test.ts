import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('README example', () => {
  it('runs and shows the reply form despite 300 hidden controls', async () => {
    const script = fileURLToPath(new URL('../examples/compose-recorded-capture.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, [script]);
    expect(stdout).toMatch(/textbox "Reply body" \[ref=p1:\d+\]/);
    expect(stdout).toMatch(/button "Send" \[ref=p1:\d+\]/);
    expect(stdout).toContain('"css_hidden":300');
  });
});
