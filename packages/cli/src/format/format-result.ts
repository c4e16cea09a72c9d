import type {
  ActionResponse,
  BindResponse,
  ConsoleResponse,
  EndSessionResponse,
  ListWindowsResponse,
  SnapshotResponse,
  TabSummary,
} from '@sightline/semantic-core';
import { pickTab } from '../mapping/session-state.js';
import { formatSnapshot, type FormatContext } from './snapshot-text.js';
import { formatAction, formatBind, formatConsole, formatEndSession, formatTabs, formatWindows } from './result-text.js';

/** The daemon's own `tabs` result: the session's tabs and the one commands act on. */
export interface TabsResult {
  status: 'ok';
  mode: 'tabs';
  target_id: string;
  current_tab: string | null;
  tabs: TabSummary[];
}

/** Human text for any ok result, chosen by its shape. */
export function formatResult(result: unknown, context: FormatContext): string {
  const record = result as Record<string, unknown>;
  switch (record.mode) {
    case 'bind': {
      const bind = result as BindResponse;
      return formatBind(bind, pickTab(bind.tabs), context);
    }
    case 'snapshot':
      return formatSnapshot(result as SnapshotResponse, context);
    case 'tabs': {
      const tabs = result as TabsResult;
      const opened = typeof record.tab_id === 'string' ? `${context.palette.green('opened')} ${record.tab_id} in the background\n` : '';
      return opened + formatTabs(tabs.tabs, tabs.current_tab, context.palette);
    }
    case 'windows':
      return formatWindows(result as ListWindowsResponse, context.palette);
    case 'wait':
      return record.met === true
        ? `${context.palette.green('met')} after ${String(record.waited_ms)} ms`
        : `${context.palette.yellow('not met')} within ${String(record.waited_ms)} ms (timeout)`;
    case 'end_session':
      return formatEndSession(result as EndSessionResponse, context.palette);
    case 'console':
      return formatConsole(result as ConsoleResponse, context);
    case 'shutdown':
      return `${context.palette.green('stopped')} the sightline daemon ${context.palette.dim(`(${String(record.sessions)} session(s) closed)`)}`;
    default:
      if (typeof record.action === 'string') return formatAction(result as ActionResponse, context);
      return JSON.stringify(result, null, 2);
  }
}
