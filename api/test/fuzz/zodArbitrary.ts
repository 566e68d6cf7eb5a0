// fast-check arbitraries from zod 4 schemas (issue 14 fuzz). zod-fast-check supports zod 3 only, and the zod-4
// packages found (@traversable/zod 0.0.x) are pre-1.0; this is a small walk over zod 4's public schema definitions
// (`schema._zod.def`: type, checks, shape, options, …). `valid` generates values shaped as the schema asks
// (close to valid: formats and lengths honoured where cheap); `hostile` mixes in, at every node, values of the
// wrong type, huge and odd strings, prototype keys and deep nesting.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string; [k: string]: unknown };
type Check = { _zod: { def: { check: string; [k: string]: unknown } } };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** Strings a parser, a database or a log line may choke on. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n\t',
  '\u202e\u200b\ufeff',
  '%00',
  '%',
  '%ZZ',
  '../../etc/passwd',
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '١٢٣',
  '𝟙𝟚𝟛',
  '👩‍👩‍👧‍👦',
  '\ud800',
  'null',
  'true',
];

export const oddString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 12 }) },
    { weight: 1, arbitrary: fc.integer({ min: 300, max: 70_000 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.nat({ max: 2000 }).map((n) => '9'.repeat(n + 1)) },
  );

const deep = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Something of another kind than the schema asks for. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: oddString() },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, -0, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], { length: 1 }, ''),
    },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 3000 }).map(deep) },
    { weight: 1, arbitrary: fc.constantFrom(protoObject(), protoObject('constructor')) },
    { weight: 1, arbitrary: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: true }) },
  );

/** `{"__proto__": {...}}` as JSON.parse makes it: an own property named __proto__. */
function protoObject(key = '__proto__'): unknown {
  return JSON.parse(`{"${key}": {"isAdmin": true, "polluted": 1}, "a": 1}`);
}

export interface ArbOptions {
  /** Chance, per node, of a hostile value instead of a shaped one (0 = shaped only). */
  hostile: number;
  /** Realistic values for a schema (by identity), mixed with generated ones, so requests get past lookups. */
  schemas?: ReadonlyMap<unknown, fc.Arbitrary<unknown>>;
  /** The same by object key (orderId, destinationAddress, slug…). */
  keys?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/** Half realistic, half generated. */
const blend = (real: fc.Arbitrary<unknown>, generated: fc.Arbitrary<unknown>) => fc.oneof(real, generated);

function checksOf(d: Def): Check['_zod']['def'][] {
  return ((d.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);
}

function stringArb(d: Def): fc.Arbitrary<string> {
  const checks = checksOf(d);
  let min = 0;
  let max = 40;
  let pattern: RegExp | undefined;
  let format = typeof d.format === 'string' ? d.format : undefined;
  if (d.pattern instanceof RegExp && format && format !== 'regex') pattern = d.pattern;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
    else if (c.check === 'length_equals') min = max = c.length as number;
    else if (c.check === 'string_format') {
      format = c.format as string;
      if (c.pattern instanceof RegExp) pattern = c.pattern;
    }
  }
  if (max < min) max = min;
  switch (format) {
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
      return fc.date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') }).map((x) => x.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') }).map((x) => x.toISOString().slice(0, 10));
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    default:
  }
  if (pattern) {
    // Patterns with lookarounds or flags fast-check cannot read fall back to a plain string.
    try {
      return fc.stringMatching(pattern).filter((s) => s.length <= Math.max(max, 256));
    } catch {
      // fall through
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberArb(d: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let int = false;
  for (const c of checksOf(d)) {
    if (c.check === 'number_format') int = String(c.format).includes('int');
    else if (c.check === 'greater_than') min = Math.max(min, (c.value as number) + (c.inclusive ? 0 : 1));
    else if (c.check === 'less_than') max = Math.min(max, (c.value as number) - (c.inclusive ? 0 : 1));
  }
  if (max < min) max = min;
  return int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** An arbitrary for the input of `schema`; with `hostile > 0`, any node may be replaced by a hostile value. */
export function arbitraryOf(schema: z.ZodType, opts: ArbOptions, depth = 0): fc.Arbitrary<unknown> {
  const real = opts.schemas?.get(schema);
  const shaped = real ? blend(real, shapedOf(schema, opts, depth)) : shapedOf(schema, opts, depth);
  if (opts.hostile <= 0) return shaped;
  const h = Math.max(1, Math.round(opts.hostile * 100));
  return fc.oneof({ weight: 100 - Math.min(h, 99), arbitrary: shaped }, { weight: h, arbitrary: hostileValue() });
}

function shapedOf(schema: z.ZodType, opts: ArbOptions, depth: number): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const inner = (s: unknown) => arbitraryOf(s as z.ZodType, opts, depth + 1);
  if (depth > 12) return fc.constant(null);
  switch (d.type) {
    case 'string':
      return stringArb(d);
    case 'number':
      return numberArb(d);
    case 'bigint':
      return fc.bigInt();
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((x) => x.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'never':
      return hostileValue();
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'template_literal':
      return fc.string({ maxLength: 20 });
    case 'optional':
      return fc.option(inner(d.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner(d.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(d.innerType), { nil: undefined, freq: 3 });
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return inner(d.innerType);
    case 'lazy':
      return inner((d.getter as () => unknown)());
    case 'pipe':
      // A transform's input is unknown: generate for the input side of the pipe, else the output side.
      return defOf(d.in).type === 'transform' ? inner(d.out) : inner(d.in);
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map(inner));
    case 'intersection':
      return fc.tuple(inner(d.left), inner(d.right)).map(([a, b]) => (isPlain(a) && isPlain(b) ? { ...a, ...b } : a));
    case 'array': {
      let max = 5;
      let min = 0;
      for (const c of checksOf(d)) {
        if (c.check === 'min_length') min = c.minimum as number;
        if (c.check === 'max_length') max = Math.min(max + (c.maximum as number), c.maximum as number);
      }
      return fc.array(inner(d.element), { minLength: min, maxLength: Math.max(min, Math.min(max, min + 5)) });
    }
    case 'tuple':
      return fc.tuple(...(d.items as unknown[]).map(inner));
    case 'record':
      return fc.dictionary((inner(d.keyType) as fc.Arbitrary<unknown>).map(keyText), inner(d.valueType), { maxKeys: 4 });
    case 'map':
    case 'set':
      return fc.constant({});
    case 'object':
      return objectArb(d, opts, depth);
    case 'file':
    case 'custom':
      return fc.string({ maxLength: 10 });
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A generated value as an object key (a hostile one may be a null-prototype object, which String() refuses). */
function keyText(k: unknown): string {
  if (typeof k === 'string') return k;
  try {
    return JSON.stringify(k) ?? 'undefined';
  } catch {
    return 'key';
  }
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objectArb(d: Def, opts: ArbOptions, depth: number): fc.Arbitrary<unknown> {
  const shape = d.shape as Record<string, z.ZodType>;
  const rec: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(shape)) {
    const real = opts.keys?.[k];
    rec[k] = real ? blend(real, arbitraryOf(v, opts, depth + 1)) : arbitraryOf(v, opts, depth + 1);
  }
  const base = fc.record(rec).map((o) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
    return out;
  });
  if (opts.hostile <= 0) return base;
  // Hostile objects: a required key missing, an unknown key, a prototype key.
  const keys = Object.keys(shape);
  return fc.tuple(base, fc.nat({ max: 9 }), fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue()).map(([o, roll, key, v]) => {
    if (roll === 0) {
      const { [key]: _drop, ...rest } = o;
      return rest;
    }
    if (roll === 1) return { ...o, [`extra_${key}`]: v };
    if (roll === 2) return Object.assign(JSON.parse('{"__proto__": {"admin": true}}'), o);
    return o;
  });
}
