import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Driver, pageCaptureSchema, semanticSnapshotResponseSchema } from '@sightline/semantic-core';
import { FakeBrowser, FakeBrowserTransport } from '@sightline/semantic-core/testing';

// The core alone composes the recorded capture of the fixture app (no browser): the visible view
// makes the default snapshot although 300+ hidden controls come before it in document order.
const capture = pageCaptureSchema.parse(JSON.parse(readFileSync(new URL('../captures/mail-app.capture.json', import.meta.url), 'utf8')));

describe('the recorded mail-app capture, composed by the core', () => {
  it('holds the heading, body text, "Reply body" (type) and "Send" (click) in the default snapshot', async () => {
    const driver = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture }])) });
    const bound = await driver.bind({ session: 'recorded', cdp_url: 'http://127.0.0.1:9222' });
    if (bound.status !== 'ok') throw new Error(JSON.stringify(bound));
    const response = semanticSnapshotResponseSchema.parse(
      await driver.snapshot({ session: 'recorded', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id }),
    );

    expect(response.snapshot.omitted.css_hidden).toBeGreaterThanOrEqual(300);
    expect(response.outline).toMatch(/heading "Quarterly planning review" \[level=1\]/);
    expect(response.outline).toContain('the numbers for the quarterly planning review');
    const reply = response.refs.find((ref) => ref.role === 'textbox' && ref.name === 'Reply body');
    const send = response.refs.find((ref) => ref.role === 'button' && ref.name === 'Send');
    expect(reply?.actions).toEqual(expect.arrayContaining(['type', 'click']));
    expect(reply?.visibility).toBe('in_viewport');
    expect(send?.actions).toContain('click');
    expect(response.outline).toContain(`[ref=${reply!.ref}]`);
    expect(response.outline).toContain(`[ref=${send!.ref}]`);
    // The trap: the hidden stale compose form's own "Reply body"/"Send" never get a ref.
    expect(response.refs.filter((ref) => ref.name === 'Reply body')).toHaveLength(1);
    expect(response.refs.filter((ref) => ref.name === 'Send')).toHaveLength(1);
    await driver.close();
  });
});
