import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/** `read` tools never change a page; `action` tools operate it; `session` tools manage lifetimes. */
export type ToolKind = 'read' | 'action' | 'session';

/** MCP tool annotations, derived from the tool's kind (every tool reaches a browser: open world). */
export function annotationsFor(kind: ToolKind, title: string, destructive: boolean): ToolAnnotations {
  switch (kind) {
    case 'read':
      return { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
    case 'action':
      return { title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: false, openWorldHint: true };
    case 'session':
      return { title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: true, openWorldHint: true };
  }
}
