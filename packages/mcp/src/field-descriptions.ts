/** What each request field means, as shown to the model in every tool's input schema. */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  session:
    'Your session name (1-64 of A-Z a-z 0-9 . _ -), e.g. the task you are on. Every handle you get lives in this session only. "default" is reserved: choose a name.',
  pid: 'Bind to a native browser window: the browser process id from list_browser_windows (give window_id too).',
  window_id: 'Bind to a native browser window: its window id from list_browser_windows (give pid too).',
  cdp_url:
    'Bind to a DevTools endpoint you name: ws://… or http://host:port of a browser started with --remote-debugging-port.',
  launch:
    'Bind by starting a fresh Chromium that this session owns: {url?, headless? (default true), viewport? {width,height} (default 1280x800), wait_until? (ready: parsed and first paint, the default; or load), wait_timeout_ms? (default 30000), quiet_ms? (then wait until no request started or ended for this long, walking the page meanwhile so the first snapshot starts warm)}. The answer\'s page_load says what was still loading. end_session closes it.',
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
  // SPEC §12 pointer and keyboard verbs.
  double: 'true: double-click (two clicks, then dblclick), e.g. to edit a label in place (default false).',
  button: 'left (default), right (context menu) or middle.',
  modifiers: 'Modifier keys held during the click: any of Alt, Control, Meta, Shift (e.g. ["Shift"] to extend a selection).',
  keystrokes: 'true: type key by key (keydown/keypress/input/keyup per character) for fields that listen to keys; same as mode "keystrokes" (default false).',
  to_ref: 'Where to drop: a current action ref or content ref (p<N>:<E>) of the same tab, e.g. a list item or a drop zone. Stale refs are refused.',
  paths: '1-20 absolute paths of existing regular files on the machine running Sightline (not directories).',
  on_beforeunload: 'How to answer a "leave this page?" (beforeunload) dialog the navigation raises: accept (default: leave) or dismiss (stay; navigation false).',
  action: 'What to do. browser_dialog: accept (OK) or dismiss (Cancel) the open JavaScript dialog. browser_tabs: list, new, select or close.',
  prompt_text: 'The text to answer a prompt dialog with (with action accept).',
  since: 'Only entries after this sequence number: next_since from a previous browser_console answer.',
  level: 'Only entries of this severity or above: debug, info, log, warn or error.',
  limit: 'How many entries at most (1-200, default 50): the newest ones, or with since the next ones.',
  max_children:
    'Longest run of same-role siblings to show (1-1000, default 50); the rest print as one line "- … N more <role>" and count in omitted.collapsed.',
  include_urls: 'true: links print [url=…] (same-origin ones as a path). Default false.',
  timeout_ms: 'Time budget in ms. For a snapshot: of the page collection (500-60000); running out gives complete:false and limits_hit ["time"].',
};

/** browser_wait's own fields, and its wording of shared ones (`text`, `url`, `ref`). */
export const WAIT_FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  text: 'Wait until this text appears in the tab\'s visible text (any frame, open shadow roots; case-insensitive, whitespace-normalized; hidden text does not count).',
  text_gone: 'Wait until this text is no longer in the tab\'s visible text.',
  ref: 'Wait on this ref of the latest snapshot (give state too). A disabled control has no ref of its own: use its element number from an earlier snapshot with the latest snapshot\'s prefix.',
  state: 'With ref: visible, hidden, enabled, checked, or gone (detached, or its document replaced).',
  url: 'Wait until the tab\'s URL contains this, or, with *, matches it as a glob over the whole URL (* = any characters).',
  load_state: 'load (the document has loaded) or network_idle (loaded, and no request in flight for 500 ms).',
  timeout_ms: 'How long to wait at most, 1-60000 ms (default 10000). On timeout the answer is met: false.',
};

/** browser_tabs' own fields, and its wording of shared ones (`url`, `tab_id`). */
export const TABS_FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  action: 'list, new (open a background tab), select (the tab the session works on), or close.',
  url: 'With action "new": the URL to open in the new tab (default about:blank).',
  tab_id: 'With select or close: the tab (tab-… from a listing). Closing the last tab is allowed; "new" opens another.',
};
