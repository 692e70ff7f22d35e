/**
 * JSON text the fuzzer sends. `JSON.stringify` cannot write duplicate keys, numbers beyond a double
 * (9223372036854775808, 1e400) or a `__proto__` own key reliably, so generated bodies are values
 * that may hold `RawJson` (written verbatim) and `Entries` (an object as an ordered list of
 * key/value pairs, duplicates allowed), serialised by `toJsonText`.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export class Entries {
  constructor(readonly entries: ReadonlyArray<readonly [string, JsonLike]>) {}
}

export type JsonLike =
  null | boolean | number | string | RawJson | Entries | MustRefuse | JsonLike[] | { [key: string]: JsonLike };

/**
 * A value the server must refuse (a 4xx), with the reason, e.g. a whitespace-only required string
 * (DESIGN.md §10); written as its inner value.
 */
export class MustRefuse {
  constructor(
    readonly value: JsonLike,
    readonly why: string,
  ) {}
}

/** The reasons a generated value must be refused, if any of its parts is a `MustRefuse`. */
export function refusals(value: JsonLike): string[] {
  if (value instanceof MustRefuse) return [value.why, ...refusals(value.value)];
  if (value instanceof RawJson || value === null || typeof value !== 'object') return [];
  // of a key given twice, the parser keeps the last value
  if (value instanceof Entries) return [...new Map(value.entries).values()].flatMap(refusals);
  return (Array.isArray(value) ? value : Object.values(value)).flatMap(refusals);
}

/** Well-formed JSON.stringify: a lone surrogate is written as a \uXXXX escape, as clients send it. */
const quote = (s: string): string => JSON.stringify(s);

export function toJsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof MustRefuse) return toJsonText(value.value);
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${quote(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${quote(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** `s` with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
export const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, '\uFFFD');
