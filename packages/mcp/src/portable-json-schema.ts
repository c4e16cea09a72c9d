import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * Every JSON type, for spelling "any value" with a constraining keyword. `oneOf`, not `anyOf`: the
 * types are disjoint, so both mean the same, and zod folds an `anyOf` of bare types back into a
 * `type` array when the SDK converts the advertised schema.
 */
const ANY_VALUE: Json = {
  oneOf: ['object', 'array', 'string', 'number', 'boolean', 'null'].map((type) => ({ type })),
};

/** Keywords whose value may be a bare boolean in every dialect the MCP Inspector's --strict check accepts. */
const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
const SUBSCHEMA = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** Keywords that constrain a value; a schema with none of them accepts anything. */
const CONSTRAINING = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties',
  'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'items', 'prefixItems', 'contains', 'additionalItems',
  'unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'propertyNames',
  'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef',
]);

/**
 * Rewrites a JSON Schema into an equivalent one that function-calling dialects with a single `type`
 * per schema (e.g. the OpenAPI subset some model providers use) accept — exactly what the MCP
 * Inspector's `--strict` schema check asks for:
 * - `type: ["string", "null"]` (and an `anyOf` of bare types, which zod folds into that) becomes
 *   `oneOf: [{type: "string"}, {type: "null"}]` — JSON types are disjoint (`integer` is dropped
 *   where `number` is listed), so one-of is any-of here, and zod leaves a `oneOf` alone; the other
 *   keywords stay, each only applies to its own type, so the meaning is unchanged;
 * - a schema with no constraining keyword (`{}`, or only a description) accepts any value: as
 *   `additionalProperties` (and its kin) it becomes `true`, elsewhere an explicit `anyOf` over every
 *   JSON type; a bare `true`/`false` in a schema position becomes that object form (`{not: {}}`).
 */
export function portableJsonSchema(schema: unknown, keyword?: string): unknown {
  if (typeof schema === 'boolean') {
    if (keyword !== undefined && BOOLEAN_VALUED.has(keyword)) return schema;
    return schema ? { ...ANY_VALUE } : { not: {} };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const node: Json = { ...(schema as Json) };
  for (const key of SUBSCHEMA) if (key in node) node[key] = Array.isArray(node[key]) ? (node[key] as unknown[]).map((item) => portableJsonSchema(item, key)) : portableJsonSchema(node[key], key);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map((item) => portableJsonSchema(item, key));
  for (const key of SUBSCHEMA_MAPS) {
    const map = node[key];
    if (typeof map === 'object' && map !== null && !Array.isArray(map)) {
      node[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, portableJsonSchema(sub, key)]));
    }
  }
  const bareTypes = bareTypeUnion(node.anyOf);
  if (bareTypes && node.type === undefined) {
    delete node.anyOf;
    node.type = bareTypes;
  }
  if (Array.isArray(node.type)) {
    let types = [...new Set(node.type as string[])];
    if (types.includes('number')) types = types.filter((type) => type !== 'integer');
    delete node.type;
    if (types.length === 1) node.type = types[0];
    else {
      const branches = types.map((type) => ({ type }));
      // An existing oneOf must hold too: both become members of an allOf.
      if (Array.isArray(node.oneOf)) node.allOf = [...((node.allOf as unknown[]) ?? []), { oneOf: branches }];
      else node.oneOf = branches;
    }
  }
  if (keyword !== 'not' && !Object.keys(node).some((key) => CONSTRAINING.has(key))) {
    if (keyword !== undefined && BOOLEAN_VALUED.has(keyword) && Object.keys(node).length === 0) return true;
    return { ...node, ...ANY_VALUE };
  }
  return node;
}

/** The types of an `anyOf` whose every branch is a bare `{type}`, else undefined. */
function bareTypeUnion(anyOf: unknown): string[] | undefined {
  if (!Array.isArray(anyOf) || anyOf.length === 0) return undefined;
  const types: string[] = [];
  for (const branch of anyOf) {
    if (typeof branch !== 'object' || branch === null || Object.keys(branch).length !== 1) return undefined;
    const type = (branch as Json).type;
    if (typeof type === 'string') types.push(type);
    else if (Array.isArray(type) && type.every((member) => typeof member === 'string')) types.push(...(type as string[]));
    else return undefined;
  }
  return types;
}

/** JSON Schema (draft-07) of one contract field, without the `$schema` header, made portable. */
export function portableJsonSchemaOf(field: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
  const { $schema: _ignored, ...schema } = z.toJSONSchema(inner, { target: 'draft-7', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return portableJsonSchema(schema) as Record<string, unknown>;
}
