import { refusalResponse, type DriverMethod, type RefusalResponse } from '@sightline/semantic-core';
import type { DaemonOp } from '../daemon/protocol.js';
import type { SessionState } from './session-state.js';

/**
 * The Driver verbs a daemon request maps to (semantic-core's `DriverMethod`, less `listTabs` and
 * `tabs`, which the daemon's own `tabs` command calls).
 */
export type DriverMethodName = Exclude<DriverMethod, 'listTabs' | 'tabs'>;

export interface DriverCall {
  method: DriverMethodName;
  input: Record<string, unknown>;
}

export type DriverCallOrRefusal = DriverCall | RefusalResponse;

export function isDriverCall(value: DriverCallOrRefusal): value is DriverCall {
  return 'method' in value;
}

/** Copies the keys whose value is defined, so absent options stay absent in the Driver input. */
function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function notBound(session: string): RefusalResponse {
  return refusalResponse(
    'browser_requires_setup',
    `session "${session}" is not bound to a browser: run \`sightline open <url>\` or \`sightline bind --cdp <url>\` first`,
  );
}

function tabAddress(session: string, state: SessionState | undefined): Record<string, unknown> | RefusalResponse {
  if (!state) return notBound(session);
  if (!state.tabId) {
    return refusalResponse('browser_tab_required', 'the bound browser has no open tab: open one, then run `sightline bind` again');
  }
  return { session, target_id: state.targetId, tab_id: state.tabId };
}

/**
 * Maps a daemon request (command parameters from the client) plus the session's remembered
 * target and tab to the Driver method and its input. Pure: no I/O, no Driver.
 */
export function toDriverCall(
  op: DaemonOp,
  session: string,
  params: Record<string, unknown>,
  state: SessionState | undefined,
): DriverCallOrRefusal {
  switch (op) {
    case 'open': {
      if (state && state.tabId) {
        return { method: 'navigate', input: { session, target_id: state.targetId, tab_id: state.tabId, url: params.url } };
      }
      const launch = defined({ url: params.url, headless: params.headless, viewport: params.viewport, wait_until: params.wait_until, wait_timeout_ms: params.wait_timeout_ms });
      return { method: 'bind', input: { session, launch } };
    }
    case 'bind':
      if (params.cdp_url !== undefined) return { method: 'bind', input: { session, cdp_url: params.cdp_url } };
      return { method: 'bind', input: { session, pid: params.pid, window_id: params.window_id } };
    case 'windows':
      return { method: 'listBrowserWindows', input: { session } };
    case 'close':
      return { method: 'endSession', input: { session } };
    case 'snapshot': {
      const address = tabAddress(session, state);
      if ('status' in address) return address as RefusalResponse;
      let continuation: unknown;
      if (params.more === true) {
        if (!state?.continuation) {
          return refusalResponse(
            'browser_invalid_request',
            'nothing more to read: the last snapshot of this session left no continuation; take a new snapshot',
          );
        }
        continuation = state.continuation;
      }
      return {
        method: 'snapshot',
        input: defined({
          ...address,
          snapshot_format: params.snapshot_format ?? 'semantic_v2',
          query: params.query,
          scope_ref: params.scope_ref,
          continuation,
          diff: params.diff === true ? true : undefined,
          node_budget: params.node_budget,
          max_chars: params.max_chars,
          interactive_only: params.interactive_only === true ? true : undefined,
          max_depth: params.max_depth,
          include_boxes: params.include_boxes === true ? true : undefined,
          max_children: params.max_children,
          include_urls: params.include_urls === true ? true : undefined,
          timeout_ms: params.timeout_ms,
        }),
      };
    }
    case 'click':
    case 'type':
    case 'select':
    case 'scroll':
    case 'press':
    case 'navigate':
    case 'screenshot':
    case 'hover':
    case 'drag':
    case 'upload':
    case 'wait':
    case 'dialog':
    case 'console': {
      const address = tabAddress(session, state);
      if ('status' in address) return address as RefusalResponse;
      return { method: op, input: defined({ ...params, ...address }) };
    }
    case 'tabs':
    case 'ping':
    case 'shutdown':
    case 'one_shot':
      return refusalResponse('browser_invalid_request', `${op} is answered by the daemon itself`);
  }
}
