import { describe, expect, it } from 'vitest';
import { semanticSnapshotResponse } from '@sightline/semantic-core/testing';
import { formatSemanticSnapshot, snapshotFooter, describeOmitted, formatDomRefsSnapshot } from '../src/format/snapshot-text.js';
import { exitCodeFor, formatAction, formatFailure, formatTabs } from '../src/format/result-text.js';
import { formatResult } from '../src/format/format-result.js';
import { ansiPalette, plainPalette, useColor } from '../src/format/palette.js';

const snapshot = semanticSnapshotResponse;

const plain = { palette: plainPalette, session: 'default' };

describe('semantic snapshot text', () => {
  it('prints the page line, the outline verbatim, then one footer line with the continuing command', () => {
    const text = formatSemanticSnapshot(snapshot(), plain);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Mail — http://127.0.0.1/');
    expect(lines.slice(1, 3).join('\n')).toBe(snapshot().outline);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(
      '… p42: 300 of 400 nodes; 82 offscreen, 18 over budget, 410 hidden, 1 covered — more: sightline snapshot --more',
    );
  });

  it('names the session in the follow-up command outside the default session', () => {
    expect(snapshotFooter(snapshot(), { palette: plainPalette, session: 'work' })).toContain(
      'more: sightline --session work snapshot --more',
    );
  });

  it('says complete when nothing remains, and lists limits hit', () => {
    const done = snapshot({
      complete: true,
      continuation: null,
      selected_nodes: 5,
      total_nodes: 5,
      omitted: { css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0, filtered: 0, collapsed: 0 },
    });
    expect(snapshotFooter(done, plain)).toBe('… p42: 5 of 5 nodes — complete');
    expect(snapshotFooter(snapshot({ limits_hit: ['max_chars'], continuation: null }), plain)).toContain('limits hit: max_chars');
  });

  it('explains an empty query or diff', () => {
    expect(formatSemanticSnapshot(snapshot({ scope: 'query' }, ''), plain)).toContain('(nothing matches the query)');
    expect(formatSemanticSnapshot(snapshot({ scope: 'diff' }, ''), plain)).toContain('(no change since');
  });

  it('colours refs and roles only with the ANSI palette; stripping ANSI gives the plain text', () => {
    const coloured = formatSemanticSnapshot(snapshot(), { palette: ansiPalette, session: 'default' });
    expect(coloured).toContain('\u001b[36m[ref=p42:8]\u001b[39m');
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(formatSemanticSnapshot(snapshot(), plain));
  });

  it('names the dialog command of the session when a JavaScript dialog blocks the page', () => {
    const blocked = { ...snapshot(), page: { url: 'http://127.0.0.1/', title: 'Mail', focused_ref: null, dialog: { type: 'confirm' as const, message: 'Sure?' } } };
    expect(formatSemanticSnapshot(blocked, { palette: plainPalette, session: 'work' }).split('\n').at(-1)).toBe(
      'a JavaScript confirm blocks the page: sightline --session work dialog accept|dismiss',
    );
  });

  it('describeOmitted skips zero counts', () => {
    expect(describeOmitted({ css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 2, unknown: 0, budget: 0, unprovable_frame: 1, filtered: 0, collapsed: 0 })).toBe(
      '2 without layout, 1 unprovable frame',
    );
    expect(describeOmitted({ css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0, filtered: 3, collapsed: 30 })).toBe(
      '3 filtered out, 30 folded (max children)',
    );
  });
});

describe('other results', () => {
  it('dom_refs_v1 lists refs in order', () => {
    const text = formatDomRefsSnapshot(
      {
        status: 'ok',
        mode: 'snapshot',
        target_id: 'bt-0123456789abcdef',
        tab_id: 'tab-0123456789abcdef',
        snapshot: { id: 'p1', format: 'dom_refs_v1', truncated: true },
        page: { url: 'http://x/', title: '', focused_ref: null },
        refs: [{ ref: 'p1:2', role: 'button', name: 'Send', actions: ['click'], frame: 'main' }],
      },
      plain,
    );
    expect(text).toBe('# http://x/\n- button "Send" [ref=p1:2]\n… p1: 1 refs, truncated at 300 refs');
  });

  it('actions report the effect and ask for a new snapshot after a navigation', () => {
    expect(formatAction({ status: 'ok', action: 'click', ref: 'p3:8', effect: 'confirmed', navigation: false }, plain)).toBe(
      'clicked p3:8 — confirmed',
    );
    const navigated = formatAction({ status: 'ok', action: 'navigate', ref: null, effect: 'unverifiable', navigation: true }, plain);
    expect(navigated).toContain('take a new snapshot (sightline snapshot)');
  });

  it('tabs mark the current one', () => {
    expect(
      formatTabs(
        [
          { tab_id: 'tab-a', url: 'http://a/', title: 'A', active: true },
          { tab_id: 'tab-b', url: 'http://b/', title: 'B', active: null },
        ],
        'tab-b',
      ),
    ).toBe('  tab-a "A" http://a/ [active]\n* tab-b "B" http://b/');
  });

  it('formatResult dispatches on the shape', () => {
    expect(formatResult({ status: 'ok', mode: 'end_session', session: 'x', closed_browsers: 1 }, plain)).toBe(
      'closed session x (1 browser stopped)',
    );
    expect(formatResult(snapshot(), plain)).toContain('[ref=p42:8]');
  });
});

describe('failures and exit codes', () => {
  it('0 ok, 2 refused, 1 error or garbage', () => {
    expect(exitCodeFor({ status: 'ok' })).toBe(0);
    expect(exitCodeFor({ status: 'refused', refusal: { code: 'browser_ref_stale', message: 'x' } })).toBe(2);
    expect(exitCodeFor({ status: 'error', error: { code: 'browser_transport_error', message: 'x' } })).toBe(1);
    expect(exitCodeFor(undefined)).toBe(1);
  });

  it('prints the code and the message', () => {
    expect(
      formatFailure({ status: 'refused', refusal: { code: 'browser_ref_stale', message: 'take a new snapshot' } }),
    ).toBe('refused browser_ref_stale: take a new snapshot');
    expect(formatFailure({ status: 'error', error: { code: 'browser_transport_error', message: 'socket closed' } })).toBe(
      'error browser_transport_error: socket closed',
    );
  });
});

describe('useColor', () => {
  it('only on a TTY, never with NO_COLOR, always with FORCE_COLOR', () => {
    expect(useColor({ isTTY: true }, {})).toBe(true);
    expect(useColor({ isTTY: false }, {})).toBe(false);
    expect(useColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(useColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(useColor({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });
});
