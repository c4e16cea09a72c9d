import CDP from 'chrome-remote-interface';
import type { BenchTool, Capture, ToolContext, ToolSession } from './types.js';

/**
 * The floor of any full-tree approach: one `Accessibility.getFullAXTree` round trip on the tab's
 * own CDP session (no formatting at all). Output = the returned nodes as JSON.
 */
export const axTreeTool: BenchTool = {
  id: 'ax-tree',
  label: 'CDP getFullAXTree',
  invocation: 'chrome-remote-interface → Accessibility.getFullAXTree({}) on the tab; output = JSON of the nodes',
  async probe() {
    return null;
  },
  async open(context: ToolContext): Promise<ToolSession> {
    const client = await CDP({ host: '127.0.0.1', port: context.port, target: context.targetId, local: true });
    return {
      async snapshot(): Promise<Capture> {
        const { nodes } = await client.Accessibility.getFullAXTree({});
        return { text: JSON.stringify(nodes), detail: { ax_nodes: nodes.length } };
      },
      async close(): Promise<void> {
        await client.close();
      },
    };
  },
};
