import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionResponseSchema, semanticSnapshotResponseSchema, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { useFixtureSandbox } from './support/fixture-sandbox.js';

/**
 * The SPEC §12 verbs through the built `sightline` bin, a real daemon and a real headless Chromium,
 * on the harness's verb pages: hover, dblclick, click --button/--modifiers, drag, upload (a relative
 * path resolved against the CLI's working directory) and type --keys. Each row checks the page.
 */
describe.sequential('sightline pointer and keyboard verbs against the fixture verb pages', () => {
  const env = useFixtureSandbox();

  const page = (name: string): string => `${env.fixture.mainOrigin}/verbs/${name}.html`;

  async function snapshot(): Promise<SemanticSnapshotResponse> {
    const { run, value } = await env.sandbox.json(['snapshot']);
    expect(run.code, run.stderr).toBe(0);
    return semanticSnapshotResponseSchema.parse(value);
  }

  function ref(snapshot: SemanticSnapshotResponse, role: string, name: string): string {
    const found = snapshot.refs.find((candidate) => candidate.role === role && candidate.name === name);
    if (!found) throw new Error(`no ${role} "${name}" in ${snapshot.outline}`);
    return found.ref;
  }

  /** The action ref whose outline line is followed by `- text "<text>"`. */
  function refByText(snapshot: SemanticSnapshotResponse, role: string, text: string): string {
    const lines = snapshot.outline.split('\n');
    for (let i = 0; i + 1 < lines.length; i++) {
      const match = /^\s*- (\S+)[^[]*\[ref=([^\]]+)\]/.exec(lines[i]!);
      if (match && match[1] === role && lines[i + 1]!.trim() === `- text ${JSON.stringify(text)}`) return match[2]!;
    }
    throw new Error(`no ${role} with text "${text}" in ${snapshot.outline}`);
  }

  it('hover reveals a hover-only button that the next snapshot lists', async () => {
    const opened = await env.sandbox.run(['open', page('hover')]);
    expect(opened.code, opened.stderr).toBe(0);
    const before = await snapshot();
    expect(before.refs.some((r) => r.name === 'Delete Buy milk')).toBe(false);
    const hovered = await env.sandbox.run(['hover', `@${ref(before, 'link', 'Buy milk')}`]);
    expect(hovered.code, hovered.stderr).toBe(0);
    expect(hovered.stdout).toMatch(/^hovered over p\d+:\d+ — /);
    expect((await snapshot()).refs.some((r) => r.role === 'button' && r.name === 'Delete Buy milk')).toBe(true);
  });

  it('dblclick edits the label in place; click --button right opens the context menu; --modifiers Shift extends a selection', async () => {
    expect((await env.sandbox.run(['open', page('clicks')])).code).toBe(0);
    const first = await snapshot();
    const dbl = await env.sandbox.json(['dblclick', ref(first, 'generic', 'Double-click to rename')]);
    expect(dbl.run.code, dbl.run.stderr).toBe(0);
    expect(actionResponseSchema.parse(dbl.value)).toMatchObject({ action: 'click', effect: 'confirmed' });
    const second = await snapshot();
    expect(second.refs.some((r) => r.role === 'textbox' && r.name === 'Rename Quarterly report')).toBe(true);

    const right = await env.sandbox.run(['click', ref(second, 'button', 'Project folder'), '--button', 'right']);
    expect(right.code, right.stderr).toBe(0);
    const third = await snapshot();
    expect(third.refs.some((r) => r.role === 'menuitem' && r.name === 'Rename')).toBe(true);

    expect((await env.sandbox.run(['click', ref(third, 'option', 'alpha.txt')])).code).toBe(0);
    const shift = await env.sandbox.run(['click', ref(await snapshot(), 'option', 'beta.txt'), '--modifiers', 'Shift']);
    expect(shift.code, shift.stderr).toBe(0);
    const check = await env.sandbox.run(['snapshot', '--query', 'selected']);
    expect(check.stdout).toContain('2 selected');

    const bad = await env.sandbox.run(['click', ref(third, 'button', 'Project folder'), '--button', 'back']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--button must be left, right or middle');
  });

  it('drag reorders the sortable list', async () => {
    expect((await env.sandbox.run(['open', page('drag')])).code).toBe(0);
    const board = await snapshot();
    const dragged = await env.sandbox.run(['drag', refByText(board, 'listitem', 'Alpha'), refByText(board, 'listitem', 'Gamma')]);
    expect(dragged.code, dragged.stderr).toBe(0);
    expect(dragged.stdout).toMatch(/^dragged p\d+:\d+ — confirmed/);
    const check = await env.sandbox.run(['snapshot', '--query', 'Order']);
    expect(check.stdout).toContain('Order: Beta, Gamma, Alpha, Delta');
    // The board's refs died with the query snapshot: a fresh ref to drag, an old one to drop on.
    const fresh = await snapshot();
    const stale = await env.sandbox.run(['drag', refByText(fresh, 'listitem', 'Beta'), refByText(board, 'listitem', 'Delta')]);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain('browser_ref_stale');
    expect(stale.stderr).toContain('to_ref');
  });

  it('upload takes a path relative to the working directory; a missing one is refused naming paths', async () => {
    writeFileSync(join(env.sandbox.root, 'hello.txt'), 'hello\n');
    expect((await env.sandbox.run(['open', page('upload')])).code).toBe(0);
    const form = await snapshot();
    const uploaded = await env.sandbox.run(['upload', ref(form, 'button', 'Attachments'), 'hello.txt']);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const check = await env.sandbox.run(['snapshot', '--query', 'hello']);
    expect(check.stdout).toContain('hello.txt (6 bytes)');
    const missing = await env.sandbox.json(['upload', ref(await snapshot(), 'button', 'Attachments'), 'missing.txt']);
    expect(missing.run.code).toBe(2);
    expect(missing.value).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'paths' } } });
    expect(JSON.stringify(missing.value)).toContain(join(env.sandbox.root, 'missing.txt'));
  });

  it('type --keys types key by key, so a keyup filter runs', async () => {
    expect((await env.sandbox.run(['open', page('keys')])).code).toBe(0);
    const typed = await env.sandbox.run(['type', ref(await snapshot(), 'textbox', 'Filter fruit'), 'Ap', '--keys']);
    expect(typed.code, typed.stderr).toBe(0);
    const check = await env.sandbox.run(['snapshot', '--query', 'shown']);
    expect(check.stdout).toContain('2 shown');
  });
});
