/** The OpenAPI document with every `#/components/schemas/…` reference replaced by its schema (issue 32). */
const PREFIX = '#/components/schemas/';

export function dereferenced<T>(document: T): T {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(PREFIX)) return inline(schemas[ref.slice(PREFIX.length)]);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inline(item)]));
  };
  return inline(document) as T;
}
