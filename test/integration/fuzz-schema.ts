// fast-check arbitraries built from the JSON Schema of the API's OpenAPI document (the subset zod's
// `toJSONSchema` writes in the OpenAPI 3.0 dialect), for the fuzz test (fuzz.test.ts).
//
// Each schema node gives a valid value most of the time and, at a rate the caller sets, a hostile
// one instead (NUL and other control characters, huge strings, extreme numbers, wrong types, deep
// nesting, unknown fields, ids of other kinds or of another organization), so a case is usually
// valid or nearly valid and reaches the deep validation and the database, not only the first check.
import fc from 'fast-check';

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0: a flag on `minimum` / `maximum`. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
}

/** Where generated ids come from: real rows of the caller's organization and of another one. */
export interface IdSource {
  /** Kinds (the id prefix before `-`) present in the database. */
  kinds(): string[];
  /** Ids of the caller's organization of one of these kinds. */
  own(kinds: readonly string[]): string[];
  /** Ids of another organization of one of these kinds. */
  other(kinds: readonly string[]): string[];
}

export interface GenerationContext {
  ids: IdSource;
  /** `#/components/schemas/...` targets. */
  components: Record<string, JsonSchema>;
  /** Percent (0-100) of nodes replaced by a hostile value; 0 for a valid value throughout. */
  hostility: number;
  /** Valid values for fields of these names, which their schema cannot describe (a refinement checks them). */
  hints?: Record<string, readonly unknown[]>;
}

const ID_PATTERN = /^\^\(?([a-z_|]+)\)?-\[A-Za-z0-9_-\]\{21\}\$$/;
const ID_TAIL = '[A-Za-z0-9_-]{21}';

/** The kinds an id pattern such as `^(person|household)-[A-Za-z0-9_-]{21}$` accepts, if it is one. */
export function idKindsOfPattern(pattern: string | undefined): string[] | undefined {
  const match = pattern ? ID_PATTERN.exec(pattern) : null;
  return match ? match[1]!.split('|') : undefined;
}

/** Names whose kinds their stem does not say: the owners of a record, the members of a family. */
const KIND_ALIASES: Record<string, string[]> = {
  owner: ['person', 'corporation', 'trust', 'foundation'],
  member: ['person'],
  payer: ['person', 'corporation', 'trust', 'foundation'],
  payee: ['person', 'corporation', 'trust', 'foundation'],
};

/**
 * Kinds a field's name suggests (`contactId` -> contact, `batchId` -> import_batch, `owners` -> the
 * owner kinds), among those present; [] for an id of no known kind, undefined for a name of no id.
 */
export function idKindsOfName(name: string, present: readonly string[]): string[] | undefined {
  const stem = /^(.+?)(?:Ids?|_ids?)$/.exec(name)?.[1] ?? /^(owner|member|payer|payee|entity)s?$/.exec(name)?.[1];
  if (stem === undefined) return undefined;
  const alias = KIND_ALIASES[stem];
  if (alias) return alias.filter((kind) => present.includes(kind));
  const snake = stem.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return present.filter((kind) => kind === snake || kind.endsWith(`_${snake}`));
}

export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u2028',
  '\ufeff',
  '\ud800',
] as const;

export const HUGE_LENGTH = 100_001;

/** Numbers that break precision, range or sign rules; some as strings, as a careless client sends them. */
export const EXTREME_NUMBERS: readonly unknown[] = [
  1e12,
  1e15,
  1e308,
  -1e12,
  -1,
  -0.01,
  0,
  0.1 + 0.2,
  123456789.12345679,
  '123456789.123456789123',
  12.345678901234567,
  Number.MAX_SAFE_INTEGER + 2,
  5e-324,
  '1e12',
  '12.345',
  '-5',
  '1,000.00',
  ' 42 ',
  'NaN',
  'Infinity',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\t\n',
  "'; DROP TABLE contacts; --",
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '\\',
  '"',
  '🙂'.repeat(50),
  'null',
  'true',
  '[]',
  '{}',
] as const;

/** Nested arrays or objects `depth` levels deep (JSON.parse and the validators must cope). */
export function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { nested: value };
  return value;
}

const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  '',
  'text',
  [],
  {},
  [1, 'a', null],
  { a: { b: { c: 1 } } },
];

const DEEP_VALUES: readonly unknown[] = [deeplyNested(3_000, 'array'), deeplyNested(3_000, 'object')];

function resolve(schema: JsonSchema, context: GenerationContext): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = context.components[name];
  if (!target) throw new Error(`Unresolved $ref ${schema.$ref}`);
  return target;
}

function insertAt(text: string, fraction: number, inserted: string): string {
  const at = Math.floor(text.length * fraction);
  return text.slice(0, at) + inserted + text.slice(at);
}

/** An id: mostly a real one of the caller's organization, sometimes another's, a well-formed unknown one. */
export function idArbitrary(kinds: readonly string[], context: GenerationContext): fc.Arbitrary<string> {
  const own = context.ids.own(kinds);
  const other = context.ids.other(kinds);
  const prefixes = kinds.length > 0 ? kinds : context.ids.kinds();
  const unknown = fc
    .tuple(fc.constantFrom(...prefixes), fc.stringMatching(new RegExp(`^${ID_TAIL}$`)))
    .map(([kind, tail]) => `${kind}-${tail}`);
  return fc.oneof(
    ...(own.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...own) }] : []),
    ...(other.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...other) }] : []),
    { weight: 1, arbitrary: unknown },
  );
}

/** Ids that are wrong where `kinds` is expected: other kinds (both organizations), mangled ones. */
function wrongIdArbitrary(kinds: readonly string[], context: GenerationContext): fc.Arbitrary<string> {
  const otherKinds = context.ids.kinds().filter((kind) => !kinds.includes(kind));
  const wrongKind = [...context.ids.own(otherKinds), ...context.ids.other(otherKinds)];
  const right = [...context.ids.own(kinds), ...context.ids.other(kinds)];
  return fc.oneof(
    ...(wrongKind.length > 0 ? [fc.constantFrom(...wrongKind)] : []),
    ...(right.length > 0
      ? [
          fc.constantFrom(...right).map((id) => id.toUpperCase()),
          fc.constantFrom(...right).map((id) => `${id}x`),
          fc.constantFrom(...right).map((id) => id.slice(0, -1)),
          fc.constantFrom(...right).map((id) => ` ${id}`),
        ]
      : []),
    fc.constant(`${kinds[0] ?? 'contact'}-`),
  );
}

function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

function isoDateTime(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString());
}

function plainText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, 60));
  return fc.oneof(
    { weight: 3, arbitrary: fc.lorem({ maxCount: 4 }).map((words) => words.slice(0, max)) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength: max, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength: max, unit: 'grapheme' }) },
  );
}

function validString(schema: JsonSchema, name: string, context: GenerationContext): fc.Arbitrary<string> {
  const patternKinds = idKindsOfPattern(schema.pattern);
  if (patternKinds) return idArbitrary(patternKinds, context);
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, maxLength));
  }
  if (schema.format === 'date') return isoDate();
  if (schema.format === 'date-time') return isoDateTime();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'email' || /email/i.test(name)) return fc.emailAddress();
  const nameKinds = idKindsOfName(name, context.ids.kinds());
  if (nameKinds) return idArbitrary(nameKinds, context);
  return plainText(minLength, maxLength);
}

function hostileString(valid: fc.Arbitrary<string>, kinds: readonly string[], context: GenerationContext) {
  return fc.oneof(
    fc
      .tuple(valid, fc.constantFrom(...CONTROL_CHARACTERS), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([text, control, at]) => insertAt(text, at, control)),
    valid.map((text) => insertAt(text, 0.5, '\u0000')),
    valid.map((text) => text + 'y'.repeat(HUGE_LENGTH)),
    fc.constant('x'.repeat(HUGE_LENGTH)),
    fc.constantFrom(...ODD_STRINGS),
    valid.map((text) => `  ${text}  `),
    wrongIdArbitrary(kinds, context),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
}

function integerBounds(schema: JsonSchema): { min: number; max: number } {
  const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
  const exclusiveMax = schema.exclusiveMaximum === true ? 1 : 0;
  const min = Math.max(schema.minimum ?? -1_000, -1_000_000) + exclusiveMin;
  const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000) - exclusiveMax;
  return min <= max ? { min, max } : { min: Math.ceil(schema.minimum ?? 0), max: Math.floor(schema.maximum ?? 0) };
}

/**
 * Numbers within the schema's bounds, mostly everyday ones; a schema without bounds accepts any
 * number, so sometimes a very large or very precise one (an amount of 1e15 is valid by its schema).
 */
function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = integerBounds(schema);
  const unbounded = (schema.minimum ?? -Infinity) <= -1e15 || (schema.maximum ?? Infinity) >= 1e15;
  const wide =
    schema.type === 'integer'
      ? fc.integer({
          min: Math.max(schema.minimum ?? -Infinity, Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? Infinity, Number.MAX_SAFE_INTEGER),
        })
      : fc.double({
          min: schema.minimum ?? -Number.MAX_VALUE,
          max: schema.maximum ?? Number.MAX_VALUE,
          noNaN: true,
          noDefaultInfinity: true,
        });
  if (schema.type === 'integer') {
    const everyday = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    return unbounded ? fc.oneof({ weight: 5, arbitrary: everyday }, { weight: 1, arbitrary: wide }) : everyday;
  }
  const lower = schema.exclusiveMinimum === true ? (schema.minimum ?? 0) + 0.01 : min;
  const upper = schema.exclusiveMaximum === true ? (schema.maximum ?? 0) - 0.01 : max;
  const everyday = fc.oneof(
    fc.integer({ min: Math.ceil(lower), max: Math.floor(upper) }),
    fc.double({ min: lower, max: upper, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100),
  );
  return unbounded ? fc.oneof({ weight: 5, arbitrary: everyday }, { weight: 1, arbitrary: wide }) : everyday;
}

/** A field zod could not describe (money: a decimal string or a number): an amount, as clients send it. */
function amount(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2)),
    fc.integer({ min: 0, max: 1_000_000 }),
    fc.double({ min: 0, max: 1_000_000, noNaN: true }).map((n) => Math.round(n * 100) / 100),
  );
}

function hostileAny(context: GenerationContext): fc.Arbitrary<unknown> {
  const everyId = [...context.ids.own([]), ...context.ids.other([])];
  return fc.oneof(
    fc.constantFrom(...WRONG_TYPES),
    fc.constantFrom(...EXTREME_NUMBERS),
    fc.constantFrom(...ODD_STRINGS),
    fc.constantFrom(...DEEP_VALUES),
    fc.constant('z'.repeat(HUGE_LENGTH)),
    ...(everyId.length > 0 ? [fc.constantFrom(...everyId)] : []),
  );
}

/** A hostile replacement for a node of `schema`. */
function hostile(schema: JsonSchema, name: string, context: GenerationContext): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  const type = resolved.type;
  const generic = hostileAny(context);
  if (type === 'string' || resolved.enum) {
    const kinds = idKindsOfPattern(resolved.pattern) ?? idKindsOfName(name, context.ids.kinds()) ?? [];
    const valid = resolved.enum
      ? fc.constantFrom(...(resolved.enum as string[]).map(String))
      : validString(resolved, name, { ...context, hostility: 0 });
    return fc.oneof(
      { weight: 4, arbitrary: hostileString(valid, kinds, context) },
      { weight: 1, arbitrary: valid.map((text) => text.toLowerCase() + '_') },
      { weight: 1, arbitrary: generic },
    );
  }
  if (type === 'number' || type === 'integer') {
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) }, { weight: 1, arbitrary: generic });
  }
  if (type === 'object' || resolved.properties) {
    const valid = arbitraryFor(resolved, name, { ...context, hostility: 0 }, 0);
    return fc.oneof(
      valid.map((value) => ({
        ...(value as object),
        unknownField: 'not in the schema',
        constructor: { prototype: { polluted: true } },
      })),
      valid.map((value) => dropOneRequired(value as Record<string, unknown> | null, resolved.required ?? [])),
      fc.constant({}),
      generic,
    );
  }
  if (type === 'array') {
    const item = arbitraryFor(resolved.items ?? {}, name, { ...context, hostility: 0 }, 0);
    return fc.oneof(
      fc.constant([]),
      item.map((value) => Array.from({ length: 5_000 }, () => value)),
      fc.array(hostile(resolved.items ?? {}, name, context), { minLength: 1, maxLength: 3 }),
      generic,
    );
  }
  if (!type && !resolved.anyOf && !resolved.oneOf && !resolved.allOf) {
    // An amount or any other value zod could not describe: numbers are the interesting case.
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) }, { weight: 1, arbitrary: generic });
  }
  return generic;
}

function dropOneRequired(value: Record<string, unknown> | null, required: readonly string[]): unknown {
  // A nullable object's valid value may be null: nothing to drop.
  if (value === null || typeof value !== 'object') return value;
  const missing = required.find((key) => key in value && key !== 'type');
  if (!missing) return value;
  const { [missing]: _dropped, ...rest } = value;
  return rest;
}

function mergeAllOf(schemas: JsonSchema[], context: GenerationContext): JsonSchema {
  const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const part of schemas.map((schema) => resolve(schema, context))) {
    Object.assign(merged.properties!, part.properties ?? {});
    merged.required!.push(...(part.required ?? []));
  }
  return merged;
}

/** Values for `schema` (a property called `name`), hostile at the context's rate, nested at `depth`. */
export function arbitraryFor(
  schema: JsonSchema,
  name: string,
  context: GenerationContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = validArbitrary(resolve(schema, context), name, context, depth);
  const withNull = schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: fc.constant(null) })
    : valid;
  if (context.hostility <= 0) return withNull;
  return fc.oneof(
    { weight: 100 - context.hostility, arbitrary: withNull },
    { weight: context.hostility, arbitrary: hostile(schema, name, context) },
  );
}

function validArbitrary(
  schema: JsonSchema,
  name: string,
  context: GenerationContext,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 12) return fc.constant(null);
  const hinted = context.hints?.[name];
  if (hinted && hinted.length > 0 && !schema.enum && schema.type !== 'object' && schema.type !== 'array') {
    const plain = validArbitrary(schema, name, { ...context, hints: undefined }, depth);
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: plain });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => arbitraryFor(branch, name, context, depth + 1)));
  if (schema.allOf) return validArbitrary(mergeAllOf(schema.allOf, context), name, context, depth);
  switch (schema.type) {
    case 'string':
      return validString(schema, name, context);
    case 'integer':
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(arbitraryFor(schema.items ?? {}, name, context, depth + 1), { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      if (schema.type === undefined && !schema.properties) return amount();
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, arbitraryFor(property, key, context, depth + 1)]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
      const extra = schema.additionalProperties;
      if (typeof extra === 'object' && Object.keys(properties).length === 0) {
        return fc.dictionary(plainText(1, 30), arbitraryFor(extra, name, context, depth + 1), { maxKeys: 4 });
      }
      return record;
    }
    default:
      return fc.constant(null);
  }
}

/** A printable summary of a value: long strings shortened, so a failure report stays readable. */
export function summarize(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > 1_000 ? `${value.slice(0, 80)}…(${value.length} chars)` : value;
  }
  if (depth > 6) return '…(deeper)';
  if (Array.isArray(value)) {
    const shown = value.slice(0, 10).map((item) => summarize(item, depth + 1));
    return value.length > 10 ? [...shown, `…(${value.length} items)`] : shown;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, summarize(item, depth + 1)]));
  }
  return value;
}
