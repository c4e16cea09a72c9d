import {
  renderSnapshotText,
  type ActionResponse,
  type BindResponse,
  type ConsoleResponse,
  type DomRefsSnapshotResponse,
  type EndSessionResponse,
  type ListWindowsResponse,
  type RefusalResponse,
  type SemanticSnapshotResponse,
  type SnapshotTextOptions,
  type TransportErrorResponse,
  type WaitResponse,
  type TabsResponse,
} from '@sightline/semantic-core';
import type { z } from 'zod';
import type { screenshotResultSchema } from './tool-definitions.js';

type ScreenshotResult = z.infer<typeof screenshotResultSchema>;
type AnyBody =
  | ActionResponse
  | BindResponse
  | DomRefsSnapshotResponse
  | EndSessionResponse
  | ListWindowsResponse
  | RefusalResponse
  | SemanticSnapshotResponse
  | TransportErrorResponse
  | ScreenshotResult
  | WaitResponse
  | TabsResponse
  | ConsoleResponse;

/** MCP's pick of semantic-core's one snapshot renderer: plain text, follow-ups named as tool calls. */
export const MCP_SNAPSHOT_TEXT: SnapshotTextOptions = {
  moreHint: (continuation) => `get_browser_state with continuation ${continuation}`,
  dialogHint: 'answer it with browser_dialog (accept or dismiss), then snapshot again',
};

/** The short text content of a result: the outline for a semantic snapshot, the message for a refusal. */
export function resultText(body: AnyBody): string {
  if (body.status === 'refused') return `Refused (${body.refusal.code}): ${body.refusal.message}`;
  if (body.status === 'error') return `Transport error (${body.error.code}): ${body.error.message}`;
  if ('mode' in body) {
    switch (body.mode) {
      case 'bind':
        return bindText(body);
      case 'snapshot':
        return renderSnapshotText(body as SemanticSnapshotResponse | DomRefsSnapshotResponse, MCP_SNAPSHOT_TEXT);
      case 'windows':
        return windowsText(body);
      case 'end_session':
        return `Ended session ${body.session}; closed ${body.closed_browsers} launched browser(s).`;
      case 'wait':
        return body.met
          ? `Condition met after ${body.waited_ms} ms. Take a new snapshot to see the page.`
          : `Not met within ${body.waited_ms} ms (timeout). Snapshot to see where the page is, or wait again.`;
      case 'tabs':
        return tabsText(body);
      case 'console':
        return consoleText(body);
    }
  }
  if (body.action === 'screenshot') {
    const labels = body.labels.map((label) => `${label.label}=${label.ref}`).join(' ');
    return `Screenshot ${body.image.width}x${body.image.height}${labels ? `; labels: ${labels}` : ''}.`;
  }
  const target = body.ref === null ? '' : ` ${body.ref}`;
  const after = body.navigation ? ' The page navigated: take a new snapshot.' : ' Take a new snapshot to see the result.';
  if (body.dialog) return `${body.action}${target}: ${body.effect}. It opened a JavaScript ${body.dialog.type} "${body.dialog.message}": the page is blocked until you call browser_dialog (accept or dismiss).`;
  return `${body.action}${target}: ${body.effect}.${after}`;
}

/** SPEC §12: one line per console entry, then how to ask for only newer ones. */
function consoleText(body: ConsoleResponse): string {
  const lines = body.entries.map((entry) => `[${entry.seq}] ${entry.level}${entry.source === 'exception' ? ' (uncaught)' : ''}: ${entry.text}`);
  return [...(lines.length > 0 ? lines : ['(no console entries)']), `next_since: ${body.next_since}`].join('\n');
}

function bindText(body: BindResponse): string {
  const { route, proof, exact } = body.binding;
  const lines = [
    `Bound target ${body.target_id} (${route}, ${proof}${exact ? '' : ', heuristic: read-only'}) — ${body.browser.product}.`,
    'Tabs:',
    ...body.tabs.map((tab) => `- ${tab.tab_id}${tab.active === true ? ' [active]' : ''} "${tab.title}" ${tab.url}`),
    'Next: get_browser_state with target_id and a tab_id (snapshot_format "semantic_v2").',
  ];
  return lines.join('\n');
}

function windowsText(body: ListWindowsResponse): string {
  if (body.windows.length === 0) return 'No browser windows found.';
  return body.windows
    .map((window) => `- pid ${window.pid} window ${window.window_id} ${window.app} "${window.title}"`)
    .join('\n');
}

function tabsText(body: TabsResponse): string {
  const lines = body.tabs.map((tab) => {
    const marks = [tab.tab_id === body.selected_tab_id ? 'selected' : '', tab.opener_tab_id ? `opened by ${tab.opener_tab_id}` : ''].filter(Boolean);
    return `- ${tab.tab_id}${marks.length > 0 ? ` [${marks.join(', ')}]` : ''} "${tab.title}" ${tab.url}`;
  });
  const head = body.tab_id ? `Opened ${body.tab_id} in the background.` : `Tabs of ${body.target_id}:`;
  return [head, ...(lines.length > 0 ? lines : ['(no tabs: action "new" opens one)'])].join('\n');
}
