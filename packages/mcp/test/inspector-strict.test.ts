import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { portableJsonSchema } from '../src/portable-json-schema.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const require = createRequire(import.meta.url);

/** The MCP Inspector's CLI (devDependency), run as `inspector --cli <server> --method tools/list --strict`. */
function inspectorLauncher(): string {
  const manifest = require.resolve('@modelcontextprotocol/inspector/package.json');
  return join(dirname(manifest), 'clients', 'launcher', 'build', 'index.js');
}

describe('MCP Inspector --strict schema check', () => {
  it('reports no portability error or warning for any tool schema', () => {
    const result = spawnSync(process.execPath, [inspectorLauncher(), '--cli', process.execPath, BIN, '--method', 'tools/list', '--strict', '--format', 'json'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const envelope = JSON.parse(result.stdout) as { result: { tools: unknown[] }; schemaFindings?: unknown[] };
    expect(envelope.result.tools.length).toBeGreaterThanOrEqual(10);
    // With any finding the inspector adds `schemaFindings` and prints a report on stderr.
    expect(envelope.schemaFindings, JSON.stringify(envelope.schemaFindings, null, 2)).toBeUndefined();
    expect(result.stderr).not.toMatch(/Warning:|Error:|portability/);
    expect(result.status).toBe(0);
  });
});

describe('portableJsonSchema', () => {
  it('splits type arrays into one-of branches and keeps the other keywords', () => {
    expect(portableJsonSchema({ type: ['string', 'null'], maxLength: 4 })).toEqual({ maxLength: 4, oneOf: [{ type: 'string' }, { type: 'null' }] });
    expect(portableJsonSchema({ type: ['integer', 'number'] })).toEqual({ type: 'number' });
    expect(portableJsonSchema({ anyOf: [{ type: 'number' }, { type: 'string' }] })).toEqual({ oneOf: [{ type: 'number' }, { type: 'string' }] });
  });

  it('spells "any value" explicitly and keeps additionalProperties a boolean', () => {
    expect(portableJsonSchema({ type: 'object', additionalProperties: {} })).toEqual({ type: 'object', additionalProperties: true });
    const anything = portableJsonSchema({ type: 'object', properties: { value: { description: 'any' } } }) as { properties: { value: { oneOf: unknown[] } } };
    expect(anything.properties.value.oneOf).toHaveLength(6);
    expect(portableJsonSchema({ type: 'array', items: false })).toEqual({ type: 'array', items: { not: {} } });
  });

  it('rewrites nested schemas and leaves constrained ones alone', () => {
    const input = { type: 'object', properties: { a: { type: 'array', items: { type: ['boolean', 'null'] } }, b: { type: 'string', enum: ['x'] } }, required: ['a'] };
    expect(portableJsonSchema(input)).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: { oneOf: [{ type: 'boolean' }, { type: 'null' }] } }, b: { type: 'string', enum: ['x'] } },
      required: ['a'],
    });
  });
});
