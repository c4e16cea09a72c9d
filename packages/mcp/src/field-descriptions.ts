/** What each request field means, as shown to the model in every tool's input schema. */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  session:
    'Your session name (1-64 of A-Z a-z 0-9 . _ -), e.g. the task you are on. Every handle you get lives in this session only. "default" is reserved: choose a name.',
  pid: 'Bind to a native browser window: the browser process id from list_browser_windows (give window_id too).',
  window_id: 'Bind to a native browser window: its window id from list_browser_windows (give pid too).',
  cdp_url:
    'Bind to a DevTools endpoint you name: ws://… or http://host:port of a browser started with --remote-debugging-port.',
  launch:
    'Bind by starting a fresh Chromium that this session owns: {url?, headless? (default true), viewport? {width,height} (default 1280x800)}. end_session closes it.',
  target_id: 'The browser target from bind (bt-…). Give it with tab_id to read or act on a tab.',
  tab_id: 'The tab from bind (tab-…).',
  snapshot_format:
    'semantic_v2 (recommended: ranked outline with refs, budgets and accounting) or dom_refs_v1 (compatibility: flat list of interactive refs). Omitted means dom_refs_v1 here.',
  query: 'Read only nodes whose role, name, value or text contains this (case-insensitive), with their ancestors.',
  scope_ref: 'Read only the subtree of this current ref or content ref (p<N>:<E>) of the same tab.',
  continuation: 'Read the next ranked segment of the same snapshot (bc-… from the previous snapshot). Single use.',
  diff: 'true: return only outline lines that changed since the previous snapshot of this tab.',
  node_budget: 'How many semantic nodes to select (1-2000, default 300).',
  max_chars: 'Cap on outline characters (500-100000, default 24000).',
  interactive_only: 'Only actionable nodes and the context they need (default false).',
  max_depth: 'Deepest outline level to render (0-100).',
  include_boxes: 'Add each ref\'s box in CSS px (default false).',
  ref: 'An action ref (p<N>:<E>, optionally @p<N>:<E>) from the latest snapshot of this tab. Stale refs are refused: snapshot again.',
  text: 'The text to type.',
  replace: 'Replace the field\'s current value instead of inserting at the caret (default false).',
  submit: 'Press Enter after typing (default false).',
  mode: 'insert_text (default: one input event) or keystrokes (key by key, for fields that listen to keys).',
  values: 'Option values or labels to select (one, or several for a multi-select).',
  direction: 'up, down, left or right.',
  amount: 'Pixels to scroll (default: about one screen).',
  key: 'A key name (Enter, Tab, Escape, ArrowDown, a) or a chord (Control+A), sent to the focused element of the tab.',
  url: 'The URL to load in the tab.',
  history: 'back, forward or reload (instead of url).',
  annotate: 'Draw numbered labels over the action refs of the latest snapshot; the label→ref map is returned.',
  max_children:
    'Longest run of same-role siblings to show (1-1000, default 50); the rest print as one line "- … N more <role>" and count in omitted.collapsed.',
  include_urls: 'true: links print [url=…] (same-origin ones as a path). Default false.',
  timeout_ms: 'Time budget in ms. For a snapshot: of the page collection (500-60000); running out gives complete:false and limits_hit ["time"].',
};
