import { z } from 'zod';
import { portableJsonSchemaOf } from './portable-json-schema.js';

/** A zod object schema whose `.shape` we can read (the contract's request schemas all are). */
export type ContractObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface PermissiveInputOptions {
  /** Keys the advertised JSON Schema lists as required. */
  required: readonly string[];
  /** Per-field descriptions shown to the model; they win over any description in the contract. */
  descriptions: Readonly<Record<string, string>>;
}

/**
 * The SDK-facing input schema of a tool.
 *
 * What a client sees (`tools/list`) is the precise JSON Schema of the contract's fields. What the SDK
 * parses is permissive: every field is an optional `unknown` and unknown keys pass through. Precise
 * validation then happens once, inside the Driver, so a bad argument comes back as the SPEC §7
 * refusal body naming the field, never as a protocol error.
 */
export function permissiveInput(
  contracts: readonly ContractObjectSchema[],
  options: PermissiveInputOptions,
): z.ZodObject<z.ZodRawShape> {
  const variants = new Map<string, z.ZodType[]>();
  for (const contract of contracts) {
    for (const [key, field] of Object.entries(contract.shape)) {
      const list = variants.get(key) ?? [];
      if (!list.includes(field as z.ZodType)) list.push(field as z.ZodType);
      variants.set(key, list);
    }
  }
  const shape: Record<string, z.ZodType> = {};
  for (const [key, fields] of variants) {
    const advertised = fields.length === 1 ? jsonSchemaOf(fields[0] as z.ZodType) : { anyOf: fields.map((field) => jsonSchemaOf(field)) };
    const description = options.descriptions[key];
    shape[key] = z
      .unknown()
      .optional()
      .meta({ ...advertised, ...(description === undefined ? {} : { description }) });
  }
  return z.looseObject(shape).meta({ required: [...options.required], additionalProperties: false });
}

/** JSON Schema (draft-07, input side) of one contract field, portable (see portable-json-schema.ts). */
function jsonSchemaOf(field: z.ZodType): Record<string, unknown> {
  return portableJsonSchemaOf(field, 'input');
}
