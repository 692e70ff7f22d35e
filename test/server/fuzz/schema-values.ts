/**
 * fast-check arbitraries for the JSON Schemas of the OpenAPI document: mostly values of the schema's
 * shape (so requests pass validation and reach the handlers and SQL, where 500s hide), now and then a
 * hostile value in place of a field, a duplicate key or a field the schema does not know.
 */
import fc from 'fast-check';
import { Entries, MustRefuse, wellFormed, type JsonLike } from './json-text.ts';
import { EXTRA_KEYS, hostileJson } from './hostile-values.ts';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: JsonLike[];
  const?: JsonLike;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
}

export interface GenContext {
  /** false: schema-shaped values only; true: hostile values mixed in at every level */
  hostile: boolean;
  /** a value chosen by the field's name (real ids, the own chamber, upload keys…), when it has one */
  named(name: string, schema: JsonSchema): fc.Arbitrary<JsonLike> | undefined;
}

/** Text a Japanese user types, and arbitrary well-formed Unicode. */
const WORDS = [
  '通常総会',
  '商業部会',
  '山田 太郎',
  'ヤマダ タロウ',
  'やまだ',
  '浜松市中央区田町315-21',
  '会頭',
  'ABC',
  'a b',
  '𠮷田',
];
const textOf = (minLength = 0, maxLength = 200): fc.Arbitrary<string> =>
  fc
    .oneof(
      { arbitrary: fc.constantFrom(...WORDS), weight: 3 },
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
    )
    .map((s) => {
      const chars = [...s].slice(0, maxLength);
      while (chars.length < minLength) chars.push('あ');
      return chars.join('');
    });

const DAY_MS = 86_400_000;
/** Mostly dates near today (conference rules compare with now), sometimes any in 1900–2999. */
const dateOf = (): fc.Arbitrary<Date> =>
  fc.oneof(
    { arbitrary: fc.integer({ min: -400, max: 400 }).map((d) => new Date(Date.now() + d * DAY_MS)), weight: 3 },
    {
      arbitrary: fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }),
      weight: 1,
    },
  );
const dateTimeText = (d: Date, jst: boolean) =>
  jst ? new Date(d.getTime() + 9 * 3_600_000).toISOString().replace('Z', '+09:00') : d.toISOString();

const EMAILS = ['someone@fuzz.example.jp', 'Ｆｕｌｌ＠ｆｕｚｚ．ｅｘａｍｐｌｅ．ｊｐ', 'UPPER@FUZZ.EXAMPLE.JP'];

/** Patterns that only forbid NUL or blank text: generated as text, then kept if they match. */
const TEXT_PATTERNS = new Set(['^[^\\u0000]*$', '\\S', '^\\S+$', '^[\\S]+.*[\\S]+$']);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const { minLength = 0, maxLength = 10_000 } = schema;
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  if (schema.format === 'date') return dateOf().map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.tuple(dateOf(), fc.boolean()).map(([d, jst]) => dateTimeText(d, jst));
  if (schema.format === 'email') return fc.oneof(fc.constantFrom(...EMAILS), fc.emailAddress()).filter(fits);
  if (schema.pattern && !TEXT_PATTERNS.has(schema.pattern)) {
    // well-formed: a negated class may yield a lone surrogate, which only hostile values carry
    return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'xsmall' }).map(wellFormed).filter(fits);
  }
  const matches = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  return textOf(minLength, maxLength).filter((s) => !matches || matches.test(s));
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -2_147_483_648, -2_147_483_648);
  const max = Math.min(schema.maximum ?? 2_147_483_647, 2_147_483_647);
  return fc.oneof(
    { arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 30), Math.max(min, 0)) }), weight: 3 },
    { arbitrary: fc.constantFrom(min, max), weight: 1 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
}

/** A value of the schema's own shape (hostile values only below it, in its fields). */
export function shapedValueOf(schema: JsonSchema, ctx: GenContext, name: string | undefined): fc.Arbitrary<JsonLike> {
  const named = name ? ctx.named(name, schema) : undefined;
  if (named) return named;
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valueOf(s, ctx, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayOf(schema, ctx, name);
    case 'object':
      return objectOf(schema, ctx);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

function arrayOf(schema: JsonSchema, ctx: GenContext, name: string | undefined): fc.Arbitrary<JsonLike> {
  const items = valueOf(schema.items ?? {}, ctx, name);
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? 4, Math.max(minLength, 4));
  return schema.uniqueItems
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(items, { minLength, maxLength });
}

/** A required plain string given as blanks only: must be refused (DESIGN.md §10). */
const blankRequired = fc.constantFrom(' ', '\u3000', ' \t ').map((s) => new MustRefuse(s, 'blank required string'));

function objectOf(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<JsonLike> {
  const props = schema.properties ?? {};
  const required = schema.required ?? [];
  const fields = Object.fromEntries(
    Object.entries(props).map(([key, s]) => {
      const value = valueOf(s, ctx, key);
      const blankable =
        ctx.hostile && required.includes(key) && s.type === 'string' && (s.minLength ?? 0) >= 1 && !s.format && !s.enum;
      return [key, blankable ? fc.oneof({ arbitrary: value, weight: 15 }, { arbitrary: blankRequired, weight: 1 }) : value];
    }),
  );
  const record = fc.record(fields, { requiredKeys: required }) as fc.Arbitrary<Record<string, JsonLike>>;
  if (!ctx.hostile) return record;
  return fc.oneof(
    { arbitrary: record, weight: 12 },
    // a key twice (the parser keeps the last) or a key the schema does not have
    {
      arbitrary: fc.tuple(record, fc.constantFrom(...EXTRA_KEYS), hostileJson, fc.boolean()).map(([rec, key, value, first]) => {
        const entries = Object.entries(rec);
        return new Entries(first ? [[key, value], ...entries] : [...entries, [key, value]]);
      }),
      weight: 1,
    },
  );
}

/** A schema-shaped value; when hostile, sometimes a hostile one or the valid one wrapped in an array. */
export function valueOf(schema: JsonSchema, ctx: GenContext, name?: string): fc.Arbitrary<JsonLike> {
  const shaped = shapedValueOf(schema, ctx, name);
  if (!ctx.hostile) return shaped;
  const scalar = ['string', 'integer', 'number', 'boolean'].includes(schema.type ?? '');
  return fc.oneof(
    { arbitrary: shaped, weight: 8 },
    { arbitrary: hostileJson, weight: 1 },
    // Ajv's coerceTypes 'array' would take [2] for 2
    ...(scalar ? [{ arbitrary: shaped.map((v) => new MustRefuse([v], 'scalar given as an array')), weight: 1 }] : []),
  );
}
