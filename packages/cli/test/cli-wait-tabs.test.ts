import { describe, expect, it } from 'vitest';
import { refusalResponseSchema, tabsResponseSchema, waitResponseSchema } from '@sightline/semantic-core';
import { useFixtureSandbox } from './support/fixture-sandbox.js';

/**
 * SPEC §12 `sightline wait` and `sightline tabs` through the built bin, a real daemon and a real
 * headless Chromium, on the harness's verbs fixture pages.
 */
describe.sequential('sightline wait and tabs against a real browser', () => {
  const env = useFixtureSandbox();
  let firstTab = '';

  it('open, then wait --load load is met; wait for text that never shows is "not met" (exit 0)', async () => {
    const opened = await env.sandbox.run(['open', `${env.fixture.mainOrigin}/verbs/tabs.html`]);
    expect(opened.code, opened.stderr).toBe(0);
    const { run, value } = await env.sandbox.json(['wait', '--load', 'load', '--timeout', '20000']);
    expect(run.code, run.stderr).toBe(0);
    expect(waitResponseSchema.parse(value).met).toBe(true);
    const never = await env.sandbox.run(['wait', '--text', 'Never on this page', '--timeout', '300']);
    expect(never.code, never.stderr).toBe(0);
    expect(never.stdout).toMatch(/^not met within \d+ ms/m);
  });

  it('tabs new opens a background tab and makes it current; wait and snapshot act on it', async () => {
    const listed = tabsResponseSchema.parse((await env.sandbox.json(['tabs'])).value);
    expect(listed.tabs).toHaveLength(1);
    firstTab = listed.tabs[0]!.tab_id;
    const { run, value } = await env.sandbox.json(['tabs', 'new', `${env.fixture.mainOrigin}/verbs/popup.html?via=cli`]);
    expect(run.code, run.stderr).toBe(0);
    const opened = tabsResponseSchema.parse(value);
    expect(opened.tabs).toHaveLength(2);
    expect(opened.selected_tab_id).toBe(opened.tab_id);
    const text = await env.sandbox.run(['tabs']);
    expect(text.stdout).toMatch(new RegExp(`^\\* ${opened.tab_id} "Popup page"`, 'm'));
    expect((await env.sandbox.run(['wait', '--text', 'Popup page', '--timeout', '20000'])).stdout).toMatch(/^met after/m);
    const snapshot = await env.sandbox.run(['snapshot']);
    expect(snapshot.stdout).toContain('button "Mark done"');
  });

  it('tabs close closes the current tab and goes back to the first; select of a gone tab is refused', async () => {
    const closed = tabsResponseSchema.parse((await env.sandbox.json(['tabs', 'close'])).value);
    expect(closed.tabs.map((tab) => tab.tab_id)).toEqual([firstTab]);
    expect(closed.selected_tab_id).toBe(firstTab);
    const snapshot = await env.sandbox.run(['snapshot']);
    expect(snapshot.stdout).toContain('heading "Tabs fixture"');
    const gone = await env.sandbox.json(['tabs', 'select', '5']);
    expect(gone.run.code).toBe(2);
    expect(refusalResponseSchema.parse(gone.value).refusal.code).toBe('browser_tab_not_found');
    const unknown = await env.sandbox.run(['tabs', 'focus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown tabs action "focus"');
  });
});
