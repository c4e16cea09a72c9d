import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { Driver } from '@sightline/semantic-core';
import type { BenchTool, Capture, ToolContext, ToolSession } from './types.js';

interface SnapshotLike {
  status: string;
  outline?: string;
  refs?: unknown[];
  content_refs?: unknown[];
  snapshot?: { selected_nodes?: number; total_nodes?: number; complete?: boolean; omitted?: Record<string, number>; incomplete_reasons?: unknown };
  timing_ms?: { collect: number; compose: number };
  refusal?: { code: string; message: string };
  error?: { code: string; message: string };
}

let sessionCounter = 0;

/**
 * Sightline in-process: `Driver` over `CdpBrowserTransport`, explicit-endpoint bind, default
 * semantic_v2 read. `reuse: false` is the same read without reuse between snapshots (every call
 * walks the whole page and asks the AX tree again), reported as its own row for honesty.
 */
function sightlineVariant(id: string, label: string, reuse: boolean): BenchTool {
  return {
    id,
    label,
    invocation: `new Driver({transport: new CdpBrowserTransport(${reuse ? '' : '{reuse: false}'})}).snapshot({snapshot_format:'semantic_v2'}) (defaults: node_budget 300, max_chars 24000); output = \`outline\``,
    async probe() {
      return null;
    },
    async open(context: ToolContext): Promise<ToolSession> {
      const driver = new Driver({ transport: new CdpBrowserTransport({ reuse }) });
      sessionCounter += 1;
      const session = `bench-${process.pid}-${sessionCounter}`;
      const bound = (await driver.bind({ session, cdp_url: context.httpEndpoint })) as {
        status: string;
        target_id?: string;
        tabs?: Array<{ tab_id: string; url: string }>;
        refusal?: { code: string; message: string };
        error?: { code: string; message: string };
      };
      if (bound.status !== 'ok' || !bound.target_id || !bound.tabs) {
        await driver.close();
        throw new Error(`bind failed: ${JSON.stringify(bound.refusal ?? bound.error ?? bound)}`);
      }
      const tab = bound.tabs.find((candidate) => candidate.url === context.tabUrl) ?? (bound.tabs.length === 1 ? bound.tabs[0] : undefined);
      if (!tab) {
        await driver.close();
        throw new Error(`no tab shows ${context.tabUrl} (tabs: ${bound.tabs.map((t) => t.url).join(', ')})`);
      }
      const targetId = bound.target_id;
      return {
        async snapshot(): Promise<Capture> {
          const response = (await driver.snapshot({ session, target_id: targetId, tab_id: tab.tab_id, snapshot_format: 'semantic_v2' })) as SnapshotLike;
          if (response.status !== 'ok' || typeof response.outline !== 'string') {
            throw new Error(`snapshot failed: ${JSON.stringify(response.refusal ?? response.error ?? response).slice(0, 500)}`);
          }
          return {
            text: response.outline,
            detail: {
              timing_ms: response.timing_ms,
              selected_nodes: response.snapshot?.selected_nodes,
              total_nodes: response.snapshot?.total_nodes,
              complete: response.snapshot?.complete,
              omitted: response.snapshot?.omitted,
              refs: response.refs?.length,
              content_refs: response.content_refs?.length,
              response_json_chars: JSON.stringify(response).length,
            },
          };
        },
        async close(): Promise<void> {
          try {
            await driver.endSession({ session });
          } finally {
            await driver.close();
          }
        },
      };
    },
  };
}

export const sightlineTool = sightlineVariant('sightline', 'Sightline', true);
export const sightlineFreshTool = sightlineVariant('sightline-fresh', 'Sightline, no reuse between snapshots', false);
