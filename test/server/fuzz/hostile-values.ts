/**
 * Hostile inputs (issue 11, DESIGN.md §10): what a careless or malicious client sends. Each must
 * end in a 4xx problem, never a 5xx.
 */
import fc from 'fast-check';
import { Entries, RawJson, type JsonLike } from './json-text.ts';

const raw = (text: string) => new RawJson(text);

/** Numbers as JSON text: beyond int4/int8/double, negative, exponent and fraction notation. */
const HOSTILE_NUMBERS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e1',
  '1E2',
  '0.0000001',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '9223372036854775808',
  '-9223372036854775809',
  '123456789012345678901234567890',
  '1e300',
  '-1e300',
  '1e400',
  '5e-324',
].map(raw);

/** Strings: blanks, NUL, combining marks, a surrogate pair (𠮷), full-width and other digits. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u3000',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  'e\u0301\u0301\u0301',
  '\u200b\u200d\ufeff',
  '𠮷野家',
  '𠮷'.repeat(3000),
  '１２３４５',
  '٣٤',
  'ﾃｽﾄ',
  'Ａ－１',
  '〒４３０ー０９４４',
  '__proto__',
  'constructor',
  'prototype',
  "' or 1=1 --",
  '%s%n%x',
  '\\',
  '"',
  '../../etc/passwd',
  'NaN',
  'null',
  '1e1',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  '0000-01-01',
  '9999-12-31T23:59:59.999Z',
  '-001000-01-01T00:00:00Z',
  '275760-09-13T00:00:00Z',
  'x'.repeat(100_001),
];

/**
 * Strings Ajv's type coercion reads as ±Infinity, which then passes `integer` and `maximum`: a 500
 * from PostgreSQL (no coercion of bodies, plain-integer parameters: the validation change of issue 11).
 */
const INFINITE_STRINGS = ['Infinity', '-Infinity', '1e400'];

/** Lone UTF-16 surrogates: text PostgreSQL cannot store (issue 11). */
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\udc00b', '会議\ud800'];

const WRONG_TYPES: JsonLike[] = [null, true, false, [], {}, [[]], { a: 1 }];

/** `depth` arrays or objects inside each other: the normaliser and validator must not recurse blindly. */
export const nested = (depth: number, kind: 'array' | 'object') =>
  raw(kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/** Deeper than the 64 levels DESIGN.md §10 allows, and within them. */
const DEEP_VALUES: JsonLike[] = [
  nested(50, 'array'),
  nested(55, 'object'),
  nested(65, 'array'),
  nested(2_000, 'object'),
  nested(100_000, 'array'),
];

/** Objects with prototype keys and duplicates (only writable as JSON text). */
const PROTO_OBJECTS: JsonLike[] = [
  raw('{"__proto__":{"isAdmin":true}}'),
  raw('{"constructor":{"prototype":{"polluted":1}}}'),
  new Entries([
    ['a', 1],
    ['a', 'x'],
  ]),
];

/**
 * Names of Object.prototype methods as body keys: a look-up such as `normalizers[key]` would find
 * the method and call it (a 500 issue 11's fuzzing found in the input normaliser).
 */
const PROTOTYPE_METHOD_KEYS = ['valueOf', 'toString', 'hasOwnProperty'];

/** Keys a body object gets twice or in addition: duplicates, prototype keys, one no schema has. */
export const EXTRA_KEYS: string[] = ['version', 'id', 'name', '__proto__', 'constructor', 'unknown', ...PROTOTYPE_METHOD_KEYS];

/** Any hostile JSON value, for a body field or a whole body. */
export const hostileJson: fc.Arbitrary<JsonLike> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom<JsonLike>(...HOSTILE_STRINGS, ...LONE_SURROGATES, ...INFINITE_STRINGS),
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...DEEP_VALUES, ...PROTO_OBJECTS),
);

/** Hostile text for a query or path parameter, already percent-encoded where needed. */
const HOSTILE_PARAMS = [
  '',
  '-1',
  '0',
  '1.5',
  '1e1',
  '0x1A',
  '+1',
  '%201',
  '2147483648',
  '9223372036854775808',
  '1e300',
  'NaN',
  'true',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '%E3%80%80',
  '%EF%BC%91',
  '%F0%A0%AE%B7',
  'a%CC%81',
  '__proto__',
  'constructor',
  '%2E%2E%2F',
  'x'.repeat(5_000),
];

/** A hostile query or path parameter. */
export const hostileParam: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_PARAMS, ...INFINITE_STRINGS);

/** Whole request bodies that are not what any route expects. */
export const hostileBodyText: fc.Arbitrary<string> = fc.constantFrom(
  '',
  'null',
  '[]',
  '"text"',
  '1e400',
  '{',
  '{"a":1,}',
  '\ufeff{}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '[' + '1,'.repeat(10_000) + '1]',
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
);
