import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { refusalResponseSchema, transportErrorResponseSchema } from '@sightline/semantic-core';
import { z } from 'zod';
import { resultText } from './result-text.js';
import type { SightlineToolDefinition } from './tool-definitions.js';

/**
 * Turns what the Driver answered into an MCP result. The body is checked against the contract (and
 * trimmed to it); refusals are normal results (`isError: false`), transport errors are `isError: true`.
 * A screenshot's PNG goes out as image content, its label map as structuredContent.
 */
export function toolResult(tool: SightlineToolDefinition, answer: unknown): CallToolResult {
  const status = (answer as { status?: unknown } | null)?.status;
  const schema =
    status === 'refused'
      ? refusalResponseSchema
      : status === 'error'
        ? transportErrorResponseSchema
        : status === 'ok'
          ? z.union(tool.okSchemas as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]])
          : undefined;
  const parsed = schema?.safeParse(answer);
  if (!parsed?.success) {
    const why = parsed ? z.prettifyError(parsed.error) : 'no status';
    const text = `Sightline answered ${tool.name} outside its contract (${why}). This is a bug; please report it.`;
    return { content: [{ type: 'text', text }], isError: true };
  }
  const body = parsed.data as Record<string, unknown>;
  const content: CallToolResult['content'] = [{ type: 'text', text: resultText(body as never) }];
  const image = (answer as { image?: { data?: unknown; mime_type?: unknown } }).image;
  if (status === 'ok' && tool.imageContent && typeof image?.data === 'string') {
    content.push({ type: 'image', data: image.data, mimeType: 'image/png' });
  }
  return { content, structuredContent: body, isError: status === 'error' };
}
