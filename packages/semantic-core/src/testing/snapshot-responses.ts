import type { DomRefsSnapshotResponse, SemanticSnapshotResponse } from '../contract/responses.js';

/** Every omitted count zero (spread and override the ones a test needs). */
export const NO_OMISSIONS = { css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0, filtered: 0, collapsed: 0 };

/**
 * A semantic_v2 snapshot answer for renderer tests: snapshot p42 of a mail page, 300 of 400 nodes,
 * some of each omission kind, a continuation, a two-line outline; override what a test needs.
 */
export function semanticSnapshotResponse(
  overrides: Partial<SemanticSnapshotResponse['snapshot']> = {},
  outline?: string,
  page: Partial<SemanticSnapshotResponse['page']> = {},
): SemanticSnapshotResponse {
  return {
    status: 'ok',
    mode: 'snapshot',
    target_id: 'bt-0123456789abcdef',
    tab_id: 'tab-0123456789abcdef',
    snapshot: {
      id: 'p42',
      format: 'semantic_v2',
      complete: false,
      scope: 'viewport',
      selected_nodes: 300,
      total_nodes: 400,
      node_budget: 300,
      omitted: { ...NO_OMISSIONS, css_hidden: 410, offscreen: 82, page_occluded: 1, budget: 18 },
      continuation: 'bc-0123456789abcdef0123456789abcdef',
      ...overrides,
    },
    page: { url: 'http://127.0.0.1/', title: 'Mail', focused_ref: null, ...page },
    outline: outline ?? '- heading "Message" [level=1] [cref=p42:3]\n- textbox "Reply body" [focused] [ref=p42:8]',
    refs: [],
    content_refs: [],
    oopif: { status: 'none', frames: 0 },
    timing_ms: { collect: 1, compose: 1 },
  };
}

/** A dom_refs_v1 snapshot answer (snapshot p1) holding `refs`. */
export function domRefsSnapshotResponse(refs: DomRefsSnapshotResponse['refs'], truncated = false): DomRefsSnapshotResponse {
  return {
    status: 'ok',
    mode: 'snapshot',
    target_id: 'bt-0123456789abcdef',
    tab_id: 'tab-0123456789abcdef',
    snapshot: { id: 'p1', format: 'dom_refs_v1', truncated },
    page: { url: 'http://x/', title: '', focused_ref: null },
    refs,
  };
}
