/**
 * One pass over a request part before anything else reads it (DESIGN.md §10: hostile input is a
 * 400, never a 500). It refuses JSON nested deeper than MAX_JSON_DEPTH, which would otherwise
 * overflow the stack of any recursive reader, and text PostgreSQL cannot store: U+0000 (refused by
 * both text and jsonb) and lone UTF-16 surrogates (jsonb refuses the `\ud800` escape; a text column
 * would silently get U+FFFD). Keys are checked too: jsonb stores them. The walk is iterative, so a
 * deep input cannot overflow it either.
 */
export const MAX_JSON_DEPTH = 64;

export type InputFault = 'too_deep' | 'nul' | 'lone_surrogate';

/** A fault and the dotted path of the value (or, for a bad key, of its object), e.g. `body.attributes.name1`. */
export interface InputProblem {
  fault: InputFault;
  field: string;
}

/** Normalisers of typed fields, by property name: applied in the same pass (DESIGN.md §5). */
export type FieldNormalizers = Partial<Record<string, (s: string) => string>>;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const textFault = (s: string): InputFault | null =>
  s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'lone_surrogate' : null;

/**
 * The first problem found in `input`, or null. Strings under a key of `normalizers`
 * are replaced in place by their normalised form (the input is a freshly parsed JSON value).
 */
export function inspectInput(input: unknown, root: string, normalizers: FieldNormalizers = {}): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; level: number }> = [{ value: input, path: root, level: 0 }];
  while (stack.length > 0) {
    const { value, path, level } = stack.pop()!;
    if (typeof value === 'string') {
      const fault = textFault(value);
      if (fault) return { fault, field: path };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    // this container sits inside `level` others
    if (level >= MAX_JSON_DEPTH) return { fault: 'too_deep', field: root };
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const children: typeof stack = [];
    for (const key of keys) {
      const keyFault = textFault(key);
      if (keyFault) return { fault: keyFault, field: path };
      const child = record[key];
      // own properties only: a body key such as `valueOf` must not find Object.prototype's method
      const normalize = !Array.isArray(value) && Object.hasOwn(normalizers, key) ? normalizers[key] : undefined;
      if (normalize && typeof child === 'string') {
        const fault = textFault(child);
        if (fault) return { fault, field: `${path}.${key}` };
        record[key] = normalize(child);
      } else {
        children.push({ value: child, path: `${path}.${key}`, level: level + 1 });
      }
    }
    // reversed: the first child is walked first
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}
