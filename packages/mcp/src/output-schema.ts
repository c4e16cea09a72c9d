import { z } from 'zod';
import { refusalResponseSchema, transportErrorResponseSchema } from '@sightline/semantic-core';
import { portableJsonSchemaOf } from './portable-json-schema.js';

type OkSchema = z.ZodObject<z.ZodRawShape>;

/**
 * The output schema of a tool: one object schema that covers its `ok` bodies and the SPEC §7
 * refusal and transport-error bodies, so every result — including a refusal — validates against it
 * (MCP requires an object schema). The advertised JSON Schema lists every field, in the portable
 * form of portable-json-schema.ts (what the SDK would derive from zod uses `type` arrays and bare
 * `{}`); a refinement then checks the body precisely against exactly one of the contract's schemas.
 */
export function toolOutputSchema(okSchemas: readonly OkSchema[]): z.ZodType<Record<string, unknown>> {
  const variants = new Map<string, z.ZodType[]>();
  for (const schema of okSchemas) {
    for (const [key, field] of Object.entries(schema.shape)) {
      if (key === 'status') continue;
      const list = variants.get(key) ?? [];
      if (!list.includes(field as z.ZodType)) list.push(field as z.ZodType);
      variants.set(key, list);
    }
  }
  const shape: Record<string, z.ZodType> = {
    status: z.enum(['ok', 'refused', 'error']).describe('ok: the body below; refused: see refusal; error: see error'),
  };
  for (const [key, fields] of variants) {
    const field = fields.length === 1 ? (fields[0] as z.ZodType) : z.union(fields as [z.ZodType, z.ZodType]);
    shape[key] = advertised(field);
  }
  shape.refusal = advertised(refusalResponseSchema.shape.refusal.describe('present when status is refused (see the refusal codes)'));
  shape.error = advertised(transportErrorResponseSchema.shape.error.describe('present when status is error'));

  const precise = preciseResponseSchema(okSchemas);
  return z.looseObject(shape).meta({ additionalProperties: true }).superRefine((value, context) => {
    const result = precise.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) context.addIssue({ ...issue, code: 'custom', message: issue.message });
    }
  }) as unknown as z.ZodType<Record<string, unknown>>;
}

/** The exact union a tool may answer with: its ok bodies, a refusal, or a transport error. */
export function preciseResponseSchema(okSchemas: readonly OkSchema[]): z.ZodType<Record<string, unknown>> {
  return z.union([...okSchemas, refusalResponseSchema, transportErrorResponseSchema] as unknown as [
    z.ZodType,
    z.ZodType,
    ...z.ZodType[],
  ]) as z.ZodType<Record<string, unknown>>;
}

/** An optional field the SDK advertises with this JSON Schema; the refinement validates the value. */
function advertised(field: z.ZodType): z.ZodType {
  return z.unknown().optional().meta(portableJsonSchemaOf(field, 'output'));
}
