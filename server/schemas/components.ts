/**
 * The wire's named schemas (issue 32): every TypeBox schema exported from `server/schemas/` under a
 * name ending in `Schema` is the OpenAPI component of that name without it (`CompanySchema` →
 * `Company`, `ProblemSchema` → `Problem`), but path and query schemas (`…ParamsSchema`,
 * `…QuerySchema`: the document lists them as parameters). A schema that is not itself on the wire
 * (a list's row, read only through `Type.Partial`) is exported under another name (`…Row`). plugins/app/wire-schemas.ts adds each once
 * (`addSchema`, with its `$id`) and turns every place a route or another component uses one into a
 * `Type.Ref`, so @fastify/swagger emits `#/components/schemas/Company`, not a copy.
 *
 * Routes keep naming the schema constants, not `Type.Ref('Company')`: TypeBox infers `unknown`
 * for a bare Ref, so the handlers would lose their request and reply types.
 */
import { Type, type TSchema } from 'typebox';
import * as answer from './answer.ts';
import * as chamberSettings from './chamber-settings.ts';
import * as ballot from './ballot.ts';
import * as clientConfig from './client-config.ts';
import * as common from './common.ts';
import * as company from './company.ts';
import * as conferenceCompany from './conference-company.ts';
import * as conferenceMember from './conference-member.ts';
import * as conferenceTemplate from './conference-template.ts';
import * as conference from './conference.ts';
import * as dashboard from './dashboard.ts';
import * as exports from './export.ts';
import * as health from './health.ts';
import * as importTemplate from './import-template.ts';
import * as imports from './import.ts';
import * as masterData from './master-data.ts';
import * as member from './member.ts';
import * as minutes from './minutes.ts';
import * as motion from './motion.ts';
import * as notification from './notification.ts';
import * as params from './params.ts';
import * as passwordReset from './password-reset.ts';
import * as poll from './poll.ts';
import * as position from './position.ts';
import * as reception from './reception.ts';
import * as room from './room.ts';
import * as session from './session.ts';
import * as storage from './storage.ts';
import * as typedText from './typed-text.ts';
import * as user from './user.ts';
import * as writtenVote from './written-vote.ts';

const MODULES: Record<string, unknown>[] = [
  answer,
  ballot,
  chamberSettings,
  clientConfig,
  common,
  company,
  conferenceCompany,
  conferenceMember,
  conferenceTemplate,
  conference,
  dashboard,
  exports,
  health,
  importTemplate,
  imports,
  masterData,
  member,
  minutes,
  motion,
  notification,
  params,
  passwordReset,
  poll,
  position,
  reception,
  room,
  session,
  storage,
  typedText,
  user,
  writtenVote,
];

const SUFFIX = 'Schema';
const isComponentName = (name: string) => name.endsWith(SUFFIX) && !/(Params|Query)Schema$/.test(name);

/** Each wire schema and its component name. */
const COMPONENT_NAMES: ReadonlyMap<object, string> = new Map(
  MODULES.flatMap((module) =>
    Object.entries(module).flatMap(([name, value]) =>
      isComponentName(name) && Type.IsSchema(value) ? [[value as object, name.slice(0, -SUFFIX.length)] as const] : [],
    ),
  ),
);
/**
 * The same by shape: `Type.Optional(X)` and a spread copy X's JSON without being X, and a shape
 * written out again where a named one exists is that one.
 */
const NAMES_BY_SHAPE = new Map([...COMPONENT_NAMES].reverse().map(([schema, name]) => [JSON.stringify(schema), name]));
/** Only composite shapes match by shape: a component `Type.String()` must not claim every string. */
const isComposite = (schema: Record<string, unknown>) =>
  ['properties', 'items', 'enum', 'anyOf', 'oneOf', 'allOf'].some((key) => key in schema);
const nameOf = (schema: unknown): string | undefined =>
  COMPONENT_NAMES.get(schema as object) ??
  (isPlainObject(schema) && isComposite(schema) ? NAMES_BY_SHAPE.get(JSON.stringify(schema)) : undefined);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `schema` in which every component below the root is a `Type.Ref` to it (the root
 * too unless `keepRoot`). Plain JSON: TypeBox's own non-enumerable markers are not copied.
 */
export function withRefs(schema: unknown, keepRoot = false): unknown {
  const name = keepRoot ? undefined : nameOf(schema);
  if (name !== undefined) return Type.Ref(name);
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item));
  if (!isPlainObject(schema)) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withRefs(value)]));
}

/** The components as added to Fastify and Ajv: `$id` set, nested components referenced. */
export const COMPONENTS: readonly (TSchema & { $id: string })[] = [...COMPONENT_NAMES].map(([schema, name]) => ({
  ...(withRefs(schema, true) as TSchema),
  $id: name,
}));

const BY_ID = new Map(COMPONENTS.map((schema) => [schema.$id, schema]));
/** The component a `$ref` names (request validation follows it: lib/request-validation.ts). */
export const componentOf = (ref: string): TSchema | undefined => BY_ID.get(ref);
