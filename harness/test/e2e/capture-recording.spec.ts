import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageCaptureSchema } from '@sightline/semantic-core';
import { classifyPage } from '@sightline/semantic-core/page-safe';

// The recorded capture (harness/scripts/record-capture.mjs) is a valid, complete PageCapture of the
// mail app that holds no raw CDP id and no secret.

const text = readFileSync(new URL('../../captures/mail-app.capture.json', import.meta.url), 'utf8');
const capture = pageCaptureSchema.parse(JSON.parse(text));

describe('captures/mail-app.capture.json', () => {
  it('is a full capture (coverage all) of the three frames', () => {
    expect(capture.coverage.included).toBe('all');
    expect(capture.coverage.exhausted).toEqual([]);
    expect(capture.frames.map((f) => [f.title, f.outOfProcess, f.status])).toEqual([
      ['Inbox — Sightline Mail', false, 'captured'],
      ['Calendar', false, 'captured'],
      ['Translator', true, 'captured'],
    ]);
  });

  it('holds no raw protocol ids and no secret values', () => {
    expect(text).not.toMatch(/[0-9A-F]{32}/);
    expect(text).not.toContain('fixture-password-1');
    expect(text).not.toContain('482913');
    for (const node of capture.nodes) expect(node.handle).toMatch(/^\d+$/);
  });

  it('classifies with the core: the view first, 300+ hidden controls removed', () => {
    const page = classifyPage(capture);
    expect(page.removed.css_hidden).toBeGreaterThanOrEqual(300);
    const send = page.ranked.find((n) => n.role === 'button' && n.name === 'Send')!;
    expect(send.tier).toBe(1);
    expect(page.nodes.some((n) => n.role === 'textbox' && n.name === 'Reply body' && n.visibility === 'in_viewport')).toBe(true);
  });
});
