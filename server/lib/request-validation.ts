/**
 * How requests are validated (DESIGN.md §5, §10): Fastify's own Ajv compiler, two pools of it.
 * - The query, path parameters and headers arrive as text, so they are coerced to the schema's
 *   types ('2' → 2, a single value → a one-item array). Ajv reads a number as JavaScript does,
 *   though: '1e1', ' 10', '+10' and '0x10' would become 10 or 16, so `/companies/1e1` read company
 *   10. A number there must be written plainly (digits, an optional '-'), else it is a 400.
 * - A JSON body has real types: nothing is coerced, so `"version": "2"` or `[2]` is a 400. One
 *   convention stays, declared by the schema: '' in a nullable field (Nullable, Clearable) is null,
 *   so an emptied form field clears it.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { namesKeyword } from './name-list.ts';
import { COMPONENTS, componentOf } from '../schemas/components.ts';

type Compile = FastifySchemaCompiler<unknown>;
type Validate = ReturnType<Compile>;

/** Unknown properties and query parameters are a 400, never silently dropped (DESIGN.md §5). */
export const AJV_OPTIONS = {
  removeAdditional: false,
  coerceTypes: 'array',
  useDefaults: true,
  allErrors: true,
  // comma lists of names (fields, expand, sort): an unknown one is a 400 naming it
  keywords: [namesKeyword],
} as const;

const PLAIN = { integer: /^-?[0-9]+$/, number: /^-?[0-9]+(\.[0-9]+)?$/ } as const;
type NumberType = keyof typeof PLAIN;

/** The JSON-schema number type a property takes, directly or as a branch of a union (Nullable…). */
function numberTypeOf(schema: unknown): NumberType | null {
  const s = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] } | null;
  if (!s || typeof s !== 'object') return null;
  if (s.type === 'integer' || s.type === 'number') return s.type;
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const type = numberTypeOf(branch);
    if (type) return type;
  }
  return null;
}

/** Wraps a query/params validator: number properties given as text must be plain numbers first. */
function plainNumbers(schema: unknown, validate: Validate): Validate {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties ?? {};
  const numeric = Object.entries(properties).flatMap(([name, property]) => {
    const type = numberTypeOf(property);
    return type ? [{ name, type }] : [];
  });
  if (numeric.length === 0) return validate;

  const wrapped: Validate = (data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const errors: FastifySchemaValidationError[] = [];
    for (const { name, type } of numeric) {
      const given = values[name];
      const texts = (Array.isArray(given) ? given : [given]).filter((v): v is string => typeof v === 'string');
      if (texts.some((text) => !PLAIN[type].test(text))) {
        const message = type === 'integer' ? '整数（半角数字）で指定してください' : '数値（半角数字）で指定してください';
        errors.push({
          keyword: 'type',
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}/type`,
          params: { type },
          message,
        });
      }
    }
    if (errors.length > 0) {
      wrapped.errors = errors;
      return false;
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

type Fix = (value: unknown) => unknown;
type SchemaNode = {
  $ref?: string;
  type?: unknown;
  anyOf?: unknown[];
  oneOf?: unknown[];
  properties?: Record<string, unknown>;
  items?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a body schema allows null, '' becomes null (following properties, items and union branches). */
function emptyAsNull(schema: unknown): Fix | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as SchemaNode;
  if (typeof s.$ref === 'string') return emptyAsNull(componentOf(s.$ref));
  const fixes: Fix[] = [];
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (branches.some((b) => (b as SchemaNode | null)?.type === 'null')) fixes.push((v) => (v === '' ? null : v));
  for (const branch of branches) {
    const fix = emptyAsNull(branch);
    if (fix) fixes.push(fix);
  }
  const properties = Object.entries(s.properties ?? {}).flatMap(([name, p]) => {
    const fix = emptyAsNull(p);
    return fix ? [{ name, fix }] : [];
  });
  if (properties.length > 0) {
    fixes.push((v) => {
      if (isRecord(v)) for (const { name, fix } of properties) if (Object.hasOwn(v, name)) v[name] = fix(v[name]);
      return v;
    });
  }
  const items = emptyAsNull(s.items);
  if (items) fixes.push((v) => (Array.isArray(v) ? v.map(items) : v));
  return fixes.length > 0 ? (value) => fixes.reduce((v, fix) => fix(v), value) : null;
}

/** Wraps a body validator with the schema's '' → null fixes, applied before validating. */
function withEmptyAsNull(schema: unknown, validate: Validate): Validate {
  const fix = emptyAsNull(schema);
  if (!fix) return validate;
  const wrapped: Validate = (data: unknown) => {
    const value = fix(data);
    const valid = validate(value);
    wrapped.errors = validate.errors;
    return valid === true ? { value } : valid;
  };
  return wrapped;
}

/** Fastify's default compiler pool, one Ajv per option set (its typings describe another signature). */
type Pool = (externalSchemas: object, options: { customOptions: object }) => Compile;

/**
 * The app's validator compiler (`setValidatorCompiler`). A custom compiler gets header schemas as
 * written (Fastify lower-cases their property names only for its own); no route validates headers.
 * It knows the wire's named schemas itself (a custom compiler is not given the app's `addSchema`s).
 */
export function requestValidatorCompiler(): Compile {
  const pool = AjvCompiler() as unknown as Pool;
  const named = Object.fromEntries(COMPONENTS.map((schema) => [schema.$id, schema]));
  const coercing = pool(named, { customOptions: AJV_OPTIONS });
  const exact = pool(named, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } });
  return (route) =>
    route.httpPart === 'body' ? withEmptyAsNull(route.schema, exact(route)) : plainNumbers(route.schema, coercing(route));
}
