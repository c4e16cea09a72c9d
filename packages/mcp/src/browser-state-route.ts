import { refusalResponse } from '@sightline/semantic-core';
import type { ToolRoute } from './tool-definitions.js';

const SNAPSHOT_KEYS = ['target_id', 'tab_id'] as const;
const BIND_KEYS = ['pid', 'window_id', 'cdp_url', 'launch'] as const;

/**
 * get_browser_state has two modes behind one input schema: snapshot when the arguments carry
 * target_id or tab_id, bind when they carry pid/window_id, cdp_url or launch. The Driver then
 * validates the chosen request precisely (and names any field that does not belong).
 * MCP's compatibility default: an omitted snapshot_format means dom_refs_v1 (SPEC §4).
 */
export function routeBrowserState(args: Record<string, unknown>): ToolRoute {
  if (SNAPSHOT_KEYS.some((key) => args[key] !== undefined)) {
    const input = args.snapshot_format === undefined ? { ...args, snapshot_format: 'dom_refs_v1' } : args;
    return { method: 'snapshot', input };
  }
  if (BIND_KEYS.some((key) => args[key] !== undefined)) return { method: 'bind', input: args };
  return refusalResponse(
    'browser_invalid_request',
    'get_browser_state needs either a bind route (pid + window_id, cdp_url, or launch: {url?}) or a tab to snapshot (target_id + tab_id from bind).',
    { field: 'target_id' },
  );
}
