import { describe, expect, it } from 'vitest';
import { classifyPage } from '../classify/classify-page.js';
import { handleIndexNamer } from '../testing/test-namer.js';
import { SYNTHETIC_BODY_TEXT, SYNTHETIC_ONE_TIME_CODE, SYNTHETIC_PASSWORD, syntheticInbox } from '../testing/synthetic-capture.js';
import { composeSnapshot, defaultComposeOptions, viewportCandidates } from './compose-snapshot.js';

describe('syntheticInbox default snapshot', () => {
  for (const elements of [1_000, 20_000]) {
    it(`shows the detail view despite 300+ hidden controls first (${elements} nodes)`, () => {
      const capture = syntheticInbox({ elements, hiddenControls: 320, focusReply: true });
      expect(capture.nodes.length).toBeLessThanOrEqual(elements);
      expect(capture.nodes.length).toBeGreaterThan(elements - 5);
      const page = classifyPage(capture);
      const s = composeSnapshot(page, page.nodes, viewportCandidates(page), defaultComposeOptions(), handleIndexNamer('p1'));

      expect(s.outline).toContain('- heading "Message" [level=1] [cref=');
      expect(s.outline).toContain(`- text "${SYNTHETIC_BODY_TEXT}"`);
      const reply = s.refs.find((r) => r.name === 'Reply body');
      expect(reply?.actions).toEqual(['type', 'click']);
      expect(reply?.states).toEqual({ focused: true });
      expect(s.focusedRef).toBe(reply?.ref);
      expect(s.refs.find((r) => r.name === 'Send')?.actions).toEqual(['click']);
      expect(s.omitted.css_hidden).toBeGreaterThanOrEqual(320);
      expect(s.outline).not.toContain('Retained action');

      // Offscreen list rows are counted, not shown; the budget is respected.
      expect(s.omitted.offscreen).toBeGreaterThan(0);
      expect(s.lines.length).toBeLessThanOrEqual(300);
      const o = s.omitted;
      expect(s.selected_nodes + o.budget + o.offscreen + o.no_layout + o.unknown).toBe(s.total_nodes);

      // Secrets never leave classification.
      const published = JSON.stringify({ outline: s.outline, refs: s.refs, content_refs: s.content_refs });
      expect(published).not.toContain(SYNTHETIC_PASSWORD);
      expect(published).not.toContain(SYNTHETIC_ONE_TIME_CODE);
      expect(s.outline).toContain('- textbox "Password": •••• [filled] [ref=');
    });
  }

  it('is deterministic', () => {
    expect(JSON.stringify(syntheticInbox({ elements: 2_000 }))).toBe(JSON.stringify(syntheticInbox({ elements: 2_000 })));
  });
});
