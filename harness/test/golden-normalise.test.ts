import { describe, expect, it } from 'vitest';
import { normaliseResponse, normaliseText } from './e2e/support/golden-files.js';
import { startGoldenServers } from './e2e/support/golden-pages.js';

// The golden comparison's normaliser (test/e2e/golden-snapshots.spec.ts): it must replace only what
// varies per run, and keep every other field as it is.

const origins = { '<fixture>': 'http://127.0.0.1:4100', '<fixture-second>': 'http://localhost:4101' };

describe('golden normalisation', () => {
  it('replaces this run’s origins, other loopback ports and minted ids inside text', () => {
    expect(normaliseText('http://127.0.0.1:4100/?modal=1 http://localhost:4101/x http://127.0.0.1:4100', origins)).toBe('<fixture>/?modal=1 <fixture-second>/x <fixture>');
    expect(normaliseText('at 127.0.0.1:9999 and localhost:12345', origins)).toBe('at 127.0.0.1:<port> and localhost:<port>');
    expect(normaliseText('bt-0123456789abcdef tab-fedcba9876543210 bc-0123456789abcdef0123456789abcdef', origins)).toBe('<target_id> <tab_id> <continuation>');
  });

  it('replaces timings, ids and a continuation token but keeps a null continuation and everything else', () => {
    const response = {
      status: 'ok',
      target_id: 'bt-0123456789abcdef',
      tab_id: 'tab-0123456789abcdef',
      snapshot: { id: 'p3', complete: false, continuation: 'bc-0123456789abcdef0123456789abcdef', omitted: { offscreen: 4 } },
      page: { url: 'http://127.0.0.1:4100/', title: 'Mail', focused_ref: null },
      refs: [{ ref: 'p3:7', role: 'button', name: 'Send', actions: ['click'], visibility: 'in_viewport', states: { disabled: false } }],
      timing_ms: { collect: 12.5, compose: 3 },
    };
    expect(normaliseResponse(response, origins)).toEqual({
      ...response,
      target_id: '<target_id>',
      tab_id: '<tab_id>',
      snapshot: { ...response.snapshot, continuation: '<continuation>' },
      page: { ...response.page, url: '<fixture>/' },
      timing_ms: { collect: '<ms>', compose: '<ms>' },
    });
    expect(normaliseResponse({ snapshot: { continuation: null } }, origins)).toEqual({ snapshot: { continuation: null } });
  });

  it('serves every golden page on loopback', async () => {
    const servers = await startGoldenServers();
    try {
      for (const url of [servers.tableUrl, servers.bench.urls.newsArticle, servers.bench.urls.settings, servers.fixture.inboxUrl(500)]) {
        const response = await fetch(url);
        expect(response.status, url).toBe(200);
        expect(await response.text()).toMatch(/^<!doctype html>/i);
      }
    } finally {
      await servers.close();
    }
  });
});
