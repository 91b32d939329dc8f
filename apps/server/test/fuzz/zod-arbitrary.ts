import fc from 'fast-check';
import { z } from 'zod/mini';

/*
 * fast-check arbitraries from the contract's zod schemas, by way of their JSON Schema (zod's `toJSONSchema` with
 * `io: 'input'`: what a client sends, before transforms and defaults). `validArbitrary` makes values that follow the
 * schema's shape, formats, bounds and patterns (refinements are code, not schema: a hint by property name supplies
 * values the server can act on, such as a real doctor's id); `mutatedArbitrary` takes such a value and breaks it in one
 * of the ways a hostile or broken client does.
 */

/** The part of JSON Schema (2020-12) that zod 4 writes for the contract's schemas. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Values to prefer for a property, by its name (e.g. `doctorId`: the ids of real doctors). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export function toJsonSchema(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
}

const MAX_GENERATED_LENGTH = 40;
const VIETNAMESE_LETTERS = 'a-zA-ZàáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđĐ';
const DAY_MS = 86_400_000;
const dateInRange = fc
  .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) })
  .map((ms) => new Date(ms - (ms % 60_000)).toISOString());

function patternArbitrary(pattern: string, minLength: number, maxLength: number | undefined): fc.Arbitrary<string> | undefined {
  try {
    // Unicode property classes make fast-check enumerate every letter of Unicode on each draw: a Vietnamese alphabet
    // (and the combining marks) stands in for them.
    const regex = new RegExp(pattern.replaceAll('\\p{L}', VIETNAMESE_LETTERS).replaceAll('\\p{M}', '\\u0300-\\u036f'), 'u');
    const arbitrary = fc.stringMatching(regex, { size: 'small' });
    // fast-check can build most patterns but not lookaheads: a sample proves the arbitrary works.
    fc.sample(arbitrary, { numRuns: 3, seed: 1 });
    return arbitrary.filter((value) => value.length >= minLength && (maxLength === undefined || value.length <= maxLength));
  } catch {
    return undefined;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter((value) => maxLength === undefined || value.length <= maxLength);
    case 'date':
      return dateInRange.map((iso) => iso.slice(0, 10));
    case 'date-time':
      return dateInRange;
    case 'uri':
      return fc.webUrl({ size: 'small' }).filter((value) => maxLength === undefined || value.length <= maxLength);
    default:
      break;
  }
  if (schema.pattern) {
    const arbitrary = patternArbitrary(schema.pattern, minLength, maxLength);
    if (arbitrary) return arbitrary;
  }
  const bound = Math.max(minLength, Math.min(maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH));
  return fc.oneof(
    fc.string({ minLength, maxLength: bound }),
    fc.string({ minLength, maxLength: bound, unit: 'grapheme' }),
    fc
      .constantFrom('Nguyễn Văn An', 'Khám tổng quát', '45 Lê Lợi, Quận 1')
      .filter((value) => value.length >= minLength && (maxLength === undefined || value.length <= maxLength)),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : schema.minimum;
  const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : schema.maximum;
  if (integer) {
    const min = Math.max(low ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const max = Math.min(high ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    // Small values are the ones that name something (ids, months): most of the draws stay near the low bound.
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }) },
      { weight: 1, arbitrary: fc.integer({ min, max }) },
    );
  }
  return fc.double({ min: low ?? -1e6, max: high ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** Values that follow the schema's shape (not its refinements). */
export function validArbitrary(schema: JsonSchema, hints: Hints = {}, key?: string): fc.Arbitrary<unknown> {
  const generic = genericArbitrary(schema, hints);
  const hint = key === undefined ? undefined : hints[key];
  return hint ? fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: generic }) : generic;
}

function genericArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validArbitrary(alternative, hints)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, hints);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => genericArbitrary({ ...schema, type }, hints)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validArbitrary(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = validArbitrary(property, hints, name);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/* ---------- mutations ---------- */

export const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  '😀👨‍👩‍👧‍👦🏥',
  '\u202Eعربى\u202C שלום',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '%00%27%22',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  '${7*7}{{7*7}}',
  ' ',
  '',
  '\uFFFF\uD800',
  '1e999',
  'NaN',
  '-0',
  'null',
];
export const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  1e-300,
];
export const EXTREME_DATES = [
  '0000-01-01',
  '0000-02-29',
  '9999-12-31',
  '0001-01-01',
  '2026-02-30',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59+14:00',
  '0000-01-01T00:00:00-12:00',
  '2026-11-22T03:00:00.123456789Z',
  '+275760-09-13T00:00:00Z',
];
export const HUGE_STRING_LENGTH = 10_000;

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const own: Path[] = [prefix];
  if (Array.isArray(value)) return own.concat(value.flatMap((item, index) => pathsOf(item, [...prefix, index])));
  if (value && typeof value === 'object')
    return own.concat(Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key])));
  return own;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined),
    value,
  );
}

function setAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (remove && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, replacement, remove);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (remove && rest.length === 0) Reflect.deleteProperty(copy, head);
  else copy[head] = setAt(copy[head], rest, replacement, remove);
  return copy;
}

function wrongTypeOf(current: unknown): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [null, true, 0, 42, -7.5, 'text', '', [], {}, ['a'], { a: 1 }];
  return fc.constantFrom(...candidates.filter((candidate) => typeof candidate !== typeof current || Array.isArray(current)));
}

export interface Mutated {
  value: unknown;
  /** What was broken, e.g. `huge string at infomation.address`. */
  mutation: string;
}

/**
 * A valid value broken once: a wrong type, a missing required field, an extra field, a huge string, a nasty string
 * (NUL, emoji, RTL, SQL-ish), a negative or huge number, a date in year 0000 or 9999, or an id that is not the
 * caller's (from `otherIds`).
 */
export function mutatedArbitrary(schema: JsonSchema, hints: Hints, otherIds: readonly string[]): fc.Arbitrary<Mutated> {
  return validArbitrary(schema, hints).chain((valid) => {
    const paths = pathsOf(valid);
    const leafPaths = paths.filter((path) => {
      const node = getAt(valid, path);
      return node === null || typeof node !== 'object';
    });
    const objectPaths = paths.filter((path) => {
      const node = getAt(valid, path);
      return node !== null && typeof node === 'object' && !Array.isArray(node);
    });
    const keyedPaths = paths.filter((path) => path.length > 0);
    const pick = (list: Path[]) => (list.length ? fc.constantFrom(...list) : fc.constant<Path>([]));
    const where = (path: Path) => (path.length ? path.join('.') : '(root)');
    const mutations: fc.Arbitrary<Mutated>[] = [
      fc
        .tuple(pick(paths), fc.constant(null))
        .chain(([path]) =>
          wrongTypeOf(getAt(valid, path)).map((wrong) => ({ value: setAt(valid, path, wrong), mutation: `wrong type at ${where(path)}` })),
        ),
      pick(keyedPaths).map((path) => ({ value: setAt(valid, path, undefined, true), mutation: `missing ${where(path)}` })),
      fc
        .tuple(
          pick(objectPaths),
          fc.constantFrom('extra', 'isAdmin', '__proto__', 'constructor', 'role', ''),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([path, key, extra]) => ({
          value: setAt(valid, path, { ...(getAt(valid, path) as Record<string, unknown>), [key]: extra }),
          mutation: `extra field ${JSON.stringify(key)} at ${where(path)}`,
        })),
      fc.tuple(pick(leafPaths), fc.constantFrom('a', 'é', '😀', '\u0000', '9')).map(([path, unit]) => ({
        value: setAt(valid, path, unit.repeat(HUGE_STRING_LENGTH / unit.length)),
        mutation: `huge string (${HUGE_STRING_LENGTH} × ${JSON.stringify(unit)}) at ${where(path)}`,
      })),
      fc.tuple(pick(leafPaths), fc.constantFrom(...NASTY_STRINGS), fc.boolean()).map(([path, nasty, append]) => {
        const current = getAt(valid, path);
        const value = append && typeof current === 'string' ? `${current}${nasty}` : nasty;
        return { value: setAt(valid, path, value), mutation: `nasty string ${JSON.stringify(value).slice(0, 60)} at ${where(path)}` };
      }),
      fc
        .tuple(pick(leafPaths), fc.constantFrom(...NASTY_NUMBERS))
        .map(([path, number]) => ({ value: setAt(valid, path, number), mutation: `number ${number} at ${where(path)}` })),
      fc
        .tuple(pick(leafPaths), fc.constantFrom(...EXTREME_DATES))
        .map(([path, date]) => ({ value: setAt(valid, path, date), mutation: `date ${date} at ${where(path)}` })),
    ];
    if (otherIds.length)
      mutations.push(
        fc
          .tuple(pick(leafPaths), fc.constantFrom(...otherIds))
          .map(([path, id]) => ({ value: setAt(valid, path, id), mutation: `another's id at ${where(path)}` })),
      );
    return fc.oneof(...mutations);
  });
}

/** A calendar day `days` after `from` (UTC), YYYY-MM-DD. */
export function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}
