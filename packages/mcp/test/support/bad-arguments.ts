import fc from 'fast-check';

/**
 * Generators of bad tool arguments for the fuzz test. Every case is built from a valid base by
 * mutations that each make it invalid on their own, so a case can never succeed by accident.
 */
export type FieldKind =
  | { t: 'session' }
  | { t: 'target' }
  | { t: 'tab' }
  | { t: 'ref' }
  | { t: 'continuation' }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'int'; min: number; max: number }
  | { t: 'bool' }
  | { t: 'text'; min: number; max: number }
  | { t: 'values' }
  | { t: 'launch' }
  | { t: 'window_id' }
  | { t: 'cdp_url' }
  | { t: 'key' }
  // SPEC §12 pointer verbs.
  | { t: 'paths' }
  | { t: 'modifiers' };

export interface ToolShape {
  name: string;
  base: Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: readonly string[];
  /** Pairs of fields that cannot be given together (each value valid alone). */
  conflicts?: ReadonlyArray<Record<string, unknown>>;
}

/** Forged or foreign capabilities that are well-formed: refused as stale / not found, never invalid. */
export interface ForgeryPool {
  refs: readonly string[];
  tabs: readonly string[];
  targets: readonly string[];
  continuations: readonly string[];
}

/**
 * `forged`: a well-formed capability that is not current (stale / not found). `invalid`: a bad value,
 * a missing required field or an unknown field. `conflict`: fields that cannot go together; each
 * conflict is self-contained (it sets every field it needs), so it is applied last and stays invalid.
 */
export interface Mutation {
  kind: 'forged' | 'invalid' | 'conflict';
  note: string;
  apply: (args: Record<string, unknown>) => void;
}

const ORDER: Record<Mutation['kind'], number> = { forged: 0, invalid: 1, conflict: 2 };

/** Forgeries first, conflicts last, so no later mutation can turn an invalid case back into a valid one. */
export function applyInOrder(base: Record<string, unknown>, applied: readonly Mutation[]): { args: Record<string, unknown>; ordered: Mutation[] } {
  const args = structuredClone(base);
  const ordered = [...applied].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  for (const mutation of ordered) mutation.apply(args);
  return { args, ordered };
}

const PATTERNS: Partial<Record<FieldKind['t'], RegExp>> = {
  session: /^[A-Za-z0-9._-]{1,64}$/,
  target: /^bt-[0-9a-f]{16}$/,
  tab: /^tab-[0-9a-f]{16}$/,
  ref: /^@?p[1-9][0-9]{0,9}:[1-9][0-9]{0,9}$/,
  continuation: /^bc-[0-9a-f]{32}$/,
  cdp_url: /^(ws|wss|http|https):\/\/[^\s]+$/,
  key: /^[A-Za-z0-9+_ -]+$|^.$/u,
};

const MAX_LENGTH: Partial<Record<FieldKind['t'], number>> = { session: 64, cdp_url: 2048, key: 64 };

const NEAR_MISSES: Partial<Record<FieldKind['t'], string[]>> = {
  session: ['', 'a b', 'séance', 'sess/1', 'x'.repeat(65), '../etc', 'tab\u0000', '🙂'],
  target: ['bt-0123456789abcde', 'bt-0123456789ABCDEF', 'bt-', 'BT-0123456789abcdef', 'tab-0123456789abcdef', 'bt-0123456789abcdef0'],
  tab: ['tab-0123456789abcde', 'tab-0123456789ABCDEF', 'tab-', 'bt-0123456789abcdef', ' tab-0123456789abcdef'],
  ref: ['p0:1', 'p1:0', 'p1:', ':1', '@@p1:1', 'p1:1 ', 'P1:1', 'p-1:1', 'e12', 'p1:1:1', 'p12345678901:1', '#send', 'button[type=submit]'],
  continuation: ['bc-', 'bc-0123456789abcdef0123456789abcde', 'bc-0123456789ABCDEF0123456789abcdef', 'bx-0123456789abcdef0123456789abcdef'],
  cdp_url: ['127.0.0.1:9222', 'ftp://127.0.0.1', 'ws://', 'ws://a b', 'file:///etc/passwd', 'javascript:alert(1)'],
  key: ['', 'Control+Ä', 'Enter\n', 'ab€', 'x'.repeat(65), '\u0000\u0001'],
};

const anyJson = fc.jsonValue({ maxDepth: 2 });
const nonString = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(anyJson, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 3 }));
const nonNumber = fc.oneof(fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.constant({ value: 1 }));
const nonBoolean = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null), fc.constant([true]), fc.constant({}), fc.constant('true'));
const unicodeText = fc.string({ unit: 'grapheme', minLength: 0, maxLength: 40 });

function notMatching(pattern: RegExp, kind: FieldKind['t']): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(...(NEAR_MISSES[kind] ?? ['?'])),
      unicodeText,
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.string({ maxLength: 20 }).map((value) => `${value} \u202e${value}`),
    )
    .filter((value) => !pattern.test(value) || value.length > (MAX_LENGTH[kind] ?? Infinity));
}

/** A value that is invalid for the field, whatever the rest of the request. */
export function invalidValue(kind: FieldKind): fc.Arbitrary<unknown> {
  const pattern = PATTERNS[kind.t];
  switch (kind.t) {
    case 'session':
    case 'target':
    case 'tab':
    case 'ref':
    case 'continuation':
    case 'cdp_url':
    case 'key': {
      const oversize = fc.integer({ min: 1, max: 300 }).map((extra) => 'a'.repeat((MAX_LENGTH[kind.t] ?? 200) + extra));
      return fc.oneof(nonString, notMatching(pattern as RegExp, kind.t), oversize);
    }
    case 'enum':
      return fc.oneof(nonString, fc.oneof(unicodeText, fc.constantFrom('SEMANTIC_V2', 'semantic', 'up ', 'Back', '')).filter((value) => !kind.values.includes(value)));
    case 'int':
      return fc.oneof(
        nonNumber,
        fc.integer({ min: kind.min - 1_000_000, max: kind.min - 1 }),
        fc.integer({ min: kind.max + 1, max: kind.max + 1_000_000 }),
        fc.double({ min: kind.min + 0.01, max: kind.max - 0.01, noNaN: true }).filter((value) => !Number.isInteger(value)),
        fc.constantFrom(Number.MAX_SAFE_INTEGER * 4, -0.5, 1e308),
      );
    case 'bool':
      return nonBoolean;
    case 'text':
      return fc.oneof(
        nonString,
        fc.integer({ min: 1, max: 50 }).map((extra) => 'é'.repeat(kind.max + extra)),
        ...(kind.min > 0 ? [fc.constant('')] : []),
      );
    case 'values':
      return fc.oneof(
        nonString.filter((value) => !Array.isArray(value)),
        fc.constant([]),
        fc.constant(Array.from({ length: 101 }, (_, index) => `v${index}`)),
        fc.array(fc.oneof(fc.integer(), fc.constant(null), fc.constant({})), { minLength: 1, maxLength: 3 }),
        fc.constant(['x'.repeat(1001)]),
      );
    case 'launch':
      return fc.oneof(
        nonString.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
        fc.constant({ viewport: { width: 100, height: 100 } }),
        fc.constant({ viewport: { width: 1280 } }),
        fc.constant({ headless: 'yes' }),
        fc.constant({ url: 42 }),
        fc.constant({ url: 'x'.repeat(8193) }),
        fc.constant({ browser: 'firefox' }),
      );
    case 'paths':
      return fc.oneof(
        nonString.filter((value) => !Array.isArray(value)),
        fc.constant([]),
        fc.constant(Array.from({ length: 21 }, (_, index) => `/tmp/f${index}`)),
        fc.constantFrom([''], ['report.txt'], ['./a.txt'], ['~/a.txt'], ['/tmp/a\u0000b'], ['/'.repeat(4097)], [42], [null], [{}]),
        unicodeText.filter((value) => !/^(\/|[A-Za-z]:[\\/]|\\\\)/.test(value)).map((value) => [value]),
      );
    case 'modifiers':
      return fc.oneof(
        nonString.filter((value) => !Array.isArray(value)),
        fc.constantFrom(['Hyper'], ['shift'], ['Shift', 'Shift'], ['Alt', 'Control', 'Meta', 'Shift', 'Alt'], [1], [null], ['Control+A']),
      );
    case 'window_id':
      return fc.oneof(fc.boolean(), fc.constant(null), fc.constant([1]), fc.constant({}), fc.integer({ min: -1000, max: -1 }), fc.constant(''), fc.constant('w'.repeat(129)), fc.constant(1.5));
  }
}

export function mutations(shape: ToolShape, forgeries: ForgeryPool): fc.Arbitrary<Mutation> {
  const fieldNames = Object.keys(shape.fields);
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.constantFrom(...fieldNames).chain((field) =>
      invalidValue(shape.fields[field] as FieldKind).map((value): Mutation => ({
        kind: 'invalid',
        note: `${field}=${preview(value)}`,
        apply: (args) => {
          args[field] = value;
        },
      })),
    ),
    fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((key) => !(key in shape.fields) && key !== '__proto__')
      .chain((key) => anyJson.map((value): Mutation => ({ kind: 'invalid', note: `extra ${key}`, apply: (args) => Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true }) }))),
  ];
  if (shape.required.length > 0) {
    options.push(
      fc.constantFrom(...shape.required).map((field): Mutation => ({
        kind: 'invalid',
        note: `missing ${field}`,
        apply: (args) => {
          delete args[field];
        },
      })),
    );
  }
  if (shape.conflicts && shape.conflicts.length > 0) {
    options.push(
      fc.constantFrom(...shape.conflicts).map((extra): Mutation => ({ kind: 'conflict', note: `conflict ${Object.keys(extra).join('+')}`, apply: (args) => Object.assign(args, extra) })),
    );
  }
  const forged: Array<[string, readonly string[]]> = [];
  for (const [field, kind] of Object.entries(shape.fields)) {
    const pool = kind.t === 'ref' ? forgeries.refs : kind.t === 'tab' ? forgeries.tabs : kind.t === 'target' ? forgeries.targets : kind.t === 'continuation' ? forgeries.continuations : [];
    if (pool.length > 0) forged.push([field, pool]);
  }
  if (forged.length > 0) {
    options.push(
      fc.constantFrom(...forged).chain(([field, pool]) =>
        fc.constantFrom(...pool).map((value): Mutation => ({ kind: 'forged', note: `forged ${field}=${value}`, apply: (args) => {
          args[field] = value;
        } })),
      ),
    );
  }
  return fc.oneof(...options);
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
}
