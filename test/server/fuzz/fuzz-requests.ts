/**
 * One generated request for an operation: a role (or none), path and query parameters, a body —
 * mostly of the schema's shape with real ids, mixed with hostile mutations (hostile-values.ts).
 */
import fc from 'fast-check';
import type { IdKind, IdPools } from './id-pools.ts';
import { FUZZ_CCI, type Role } from './fuzz-chamber.ts';
import { hostileBodyText, hostileJson, hostileParam } from './hostile-values.ts';
import { refusals, toJsonText, wellFormed, type JsonLike } from './json-text.ts';
import type { Operation, Parameter } from './openapi-operations.ts';
import { UPLOAD_TYPES } from '../../../server/schemas/storage.ts';
import { shapedValueOf, valueOf, type GenContext } from './schema-values.ts';

export type Caller = Role | 'anonymous';
export const CALLERS: Caller[] = ['CCI_ADMIN', 'CCI_CONFERENCE_USER', 'COMPANY_ADMIN', 'anonymous'];

export interface FuzzRequest {
  caller: Caller;
  /** whether hostile values were mixed in (else every part is schema-shaped) */
  hostile: boolean;
  /** what the anonymous caller sends as Authorization, if anything */
  authorization?: string;
  method: Operation['method'];
  url: string;
  contentType?: string;
  payload?: string;
  /** why the server must refuse this request with a 4xx (empty: any non-5xx answer will do) */
  mustRefuse: string[];
}

/** The row kind an `{id}` path parameter names, from the path segment before it. */
const PATH_KINDS: Record<string, IdKind> = {
  companies: 'company',
  members: 'member',
  positions: 'position',
  conferences: 'conference',
  conference_members: 'conference_member',
  CCI_CONFERENCE_TEMPLATE: 'conference_template',
  export: 'export_job',
};
/** The row kind a field names, by its name. */
const FIELD_KINDS: Record<string, IdKind> = {
  company_id: 'company',
  member_id: 'member',
  member_ids: 'member',
  conference_id: 'conference',
  parent_id: 'conference',
  parent_conference_id: 'conference',
  template_id: 'conference_template',
  // DELETE conference_members/delete {ids}, answers[].id
  ids: 'conference_member',
  // the room (issue 12): …/chat/{message_id}, …/comments/{comment_id}, …/links/{link_id}, invitee links
  message_id: 'room_chat',
  comment_id: 'room_comment',
  link_id: 'room_link',
  conference_member_id: 'conference_member',
  // 議案 and 採決 (issue 34): …/motions/{motion_id}/polls/{poll_id}
  motion_id: 'motion',
  poll_id: 'poll',
};

const resourceOf = (op: Operation): IdKind | undefined => {
  const segments = op.path.replace(/\/\{[^}]+\}/g, '').split('/');
  for (let i = segments.length - 1; i >= 0; i--) if (PATH_KINDS[segments[i]]) return PATH_KINDS[segments[i]];
  return undefined;
};

const idOf = (pools: IdPools, kind: IdKind, max = 2_147_483_647): fc.Arbitrary<number> =>
  fc.oneof(
    { arbitrary: pools.own[kind].length ? fc.constantFrom(...pools.own[kind]) : fc.integer({ min: 1, max: 50 }), weight: 8 },
    { arbitrary: pools.foreign[kind].length ? fc.constantFrom(...pools.foreign[kind]) : fc.constant(1), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max }), weight: 1 },
  );

const CCI_CODES = fc.oneof(
  { arbitrary: fc.constant(FUZZ_CCI), weight: 10 },
  { arbitrary: fc.constantFrom('demo', 'other', 'FUZZ', 'ｆｕｚｚ', 'fuzz '), weight: 1 },
);

/** Values chosen by field name, so writes find their rows (see IdPools). */
function namedValues(op: Operation, pools: IdPools): GenContext['named'] {
  const resource = resourceOf(op);
  return (name, schema) => {
    const scalar = schema.type !== 'array' && schema.type !== 'object' && !schema.anyOf;
    if (!scalar) return undefined;
    const kind = name === 'id' ? (op.path.endsWith('/answer') ? 'conference_member' : resource) : FIELD_KINDS[name];
    if (kind && schema.type === 'integer') return idOf(pools, kind);
    if (name.endsWith('_id__in') && FIELD_KINDS[name.slice(0, -4)])
      return fc
        .array(idOf(pools, FIELD_KINDS[name.slice(0, -4)], 999_999_999), { minLength: 1, maxLength: 3 })
        .map((ids) => ids.join(','));
    if (name === 'cci_code') return CCI_CODES;
    if (name === 'version') return fc.integer({ min: 1, max: 4 });
    if (name === 'created_by' && pools.users.length) return fc.constantFrom(...pools.users);
    // put_object_url: the types issue 6 accepts, mostly with a name of the same type
    if (name === 'content_type') return fc.constantFrom(...Object.keys(UPLOAD_TYPES), 'text/html');
    if (name === 'file_name')
      return fc.constantFrom('資料.pdf', 'agenda.PDF', '名簿.xlsx', 'photo.jpg', ' 議事次第 .docx', 'a.exe');
    if ((name === 'key' || name === 'path') && pools.uploadKeys.length)
      return fc.oneof(
        { arbitrary: fc.constantFrom(...pools.uploadKeys), weight: 4 },
        {
          arbitrary: fc.constantFrom('demo/attachments/x/a.pdf', `${FUZZ_CCI}/exports/1/a.csv`, `${FUZZ_CCI}/../demo/a.pdf`),
          weight: 1,
        },
      );
    return undefined;
  };
}

/** Path parameters: `username` names only the spare logins, never the fuzzer's own sign-ins. */
function pathValue(param: Parameter, pools: IdPools, ctx: GenContext): fc.Arbitrary<{ text: string; refuse?: string }> {
  const encoded = (a: fc.Arbitrary<JsonLike>) => a.map((v) => ({ text: paramText(v) }));
  let shaped: fc.Arbitrary<{ text: string; refuse?: string }>;
  if (param.name === 'username') shaped = encoded(fc.constantFrom(...pools.spareUsers, 'no-such-user'));
  // a room link's token (issue 12): mostly a real one, so the link holder's handlers run
  else if (param.name === 'token' && pools.roomTokens.length)
    shaped = fc.oneof(
      { arbitrary: fc.constantFrom(...pools.roomTokens).map((text) => ({ text })), weight: 4 },
      { arbitrary: encoded(shapedValueOf(param.schema, ctx, param.name)), weight: 1 },
    );
  // CCI_CONFERENCE_TEMPLATE would reach the templates' own route, whose query differs
  else if (param.name === 'master_type_code') shaped = encoded(fc.constantFrom('cci_position_type', 'unknown_type'));
  else shaped = encoded(shapedValueOf(param.schema, ctx, param.name));
  if (!ctx.hostile) return shaped;
  const variants = [
    { arbitrary: shaped, weight: 6 },
    { arbitrary: hostileParam.map((text) => ({ text })), weight: 1 },
  ];
  // an id that is not a plain integer must be a 400, not read as 10 (DESIGN.md §10)
  if (param.schema.type === 'integer')
    variants.push({
      arbitrary: fc.constantFrom('1e1', '1.0', '0x1A').map((text) => ({ text, refuse: 'id not a plain integer' })),
      weight: 1,
    });
  return fc.oneof(...variants);
}

/** A parameter's text in a URL (hostile text, lone surrogates included, comes from hostileParam). */
const paramText = (v: JsonLike): string =>
  encodeURIComponent(wellFormed(typeof v === 'object' && v !== null ? toJsonText(v) : String(v)));

/** A query parameter as it would appear in the URL, already encoded. */
function queryValue(param: Parameter, ctx: GenContext): fc.Arbitrary<string> {
  const shaped = shapedValueOf(param.schema, ctx, param.name).map(paramText);
  if (!ctx.hostile) return shaped;
  return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: hostileParam, weight: 1 });
}

function queryOf(op: Operation, ctx: GenContext): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const record = fc.record(Object.fromEntries(params.map((p) => [p.name, queryValue(p, ctx)])), {
    requiredKeys: params.filter((p) => p.required).map((p) => p.name),
  });
  const pairs = fc
    .tuple(
      record,
      // a parameter twice, or one no list declares
      fc.option(
        fc.constantFrom<[string, string]>(
          ['page', '2'],
          ['sort', 'id'],
          ['zzz', '1'],
          ['__proto__', '1'],
          ['constructor', 'x'],
          ['valueOf', 'x'],
          ['expand', 'company'],
        ),
        {
          freq: 8,
        },
      ),
    )
    .map(([values, extra]) => [...Object.entries(values), ...(extra ? [extra] : [])]);
  const lists = params.some((p) => p.name === 'page');
  if (!ctx.hostile)
    return record.map((values) =>
      Object.entries(values)
        .map(([k, v]) => `${k}=${v}`)
        .join('&'),
    );
  return fc
    .oneof(
      { arbitrary: pairs, weight: 30 },
      // an offset past what PostgreSQL's bigint takes
      ...(lists
        ? [
            {
              arbitrary: fc.constant([
                ['page_size', '1000'],
                ['page', '9223372036854775'],
              ] as Array<[string, string]>),
              weight: 1,
            },
          ]
        : []),
    )
    .map((entries) => entries.map(([k, v]) => `${k}=${v}`).join('&'));
}

const ANONYMOUS_AUTH = fc.constantFrom(
  undefined,
  'Bearer',
  'Bearer not-a-token',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  `Bearer ${'a'.repeat(8_000)}`,
  'Basic Zm9vOmJhcg==',
);

interface Body {
  payload?: string;
  contentType?: string;
  refuse: string[];
}

function bodyOf(op: Operation, ctx: GenContext): fc.Arbitrary<Body> {
  const json = (value: JsonLike): Body => ({
    payload: toJsonText(value),
    contentType: 'application/json',
    refuse: refusals(value),
  });
  const none: Body = { refuse: [] };
  // Fastify reads no body on GET
  if (op.method === 'GET') return fc.constant(none);
  const shaped = op.body ? valueOf(op.body, ctx).map(json) : fc.constant(none);
  if (!ctx.hostile) return shaped;
  return fc.oneof(
    { arbitrary: shaped, weight: 8 },
    { arbitrary: hostileJson.map(json), weight: 1 },
    {
      arbitrary: hostileBodyText.map((payload): Body => ({ payload, contentType: 'application/json', refuse: [] })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            'multipart/form-data',
          ),
          fc.constantFrom('{}', 'a=1', '\u00ff'),
        )
        .map(([contentType, payload]): Body => ({ payload, contentType, refuse: [] })),
      weight: 1,
    },
  );
}

function requestWith(op: Operation, pools: IdPools, ctx: GenContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const path = fc.tuple(...pathParams.map((p) => pathValue(p, pools, ctx))).map((values) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i].text)));
    return { url, refuse: values.flatMap((v) => (v.refuse ? [v.refuse] : [])) };
  });
  return fc
    .record({
      caller: fc.constantFrom(...CALLERS),
      authorization: ANONYMOUS_AUTH,
      path,
      query: queryOf(op, ctx),
      body: bodyOf(op, ctx),
    })
    .map(({ caller, authorization, path, query, body }) => ({
      caller,
      hostile: ctx.hostile,
      ...(caller === 'anonymous' && authorization ? { authorization } : {}),
      method: op.method,
      url: query ? `${path.url}?${query}` : path.url,
      ...(body.payload !== undefined ? { payload: body.payload, contentType: body.contentType } : {}),
      mustRefuse: [...path.refuse, ...body.refuse],
    }));
}

/** Half the requests schema-shaped throughout (they reach the handlers and SQL), half with hostile parts. */
export function requestOf(op: Operation, pools: IdPools): fc.Arbitrary<FuzzRequest> {
  const named = namedValues(op, pools);
  return fc.oneof(requestWith(op, pools, { named, hostile: false }), requestWith(op, pools, { named, hostile: true }));
}
