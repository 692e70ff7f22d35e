/**
 * Reception (受付) and quorum (定足数), issue 14, DESIGN.md §11.3: request and response shapes of
 * `GET /v1/company/conference_members/{id}/ticket`, `GET|POST /v1/cci/admin/master/conferences/{id}/check_ins`,
 * `DELETE …/check_ins/{conference_member_id}`, `POST …/walk_ins` and `GET …/quorum`.
 */
import { Type, type Static } from 'typebox';
import { ListMetaSchema, Nullable, RequiredText, RowId, listOf } from './common.ts';
import { commonListQuery } from '../lib/name-list.ts';
import { AnswerContentSchema, CategorySchema, ProxyTitle } from './conference-member.ts';

const DateTime = Type.String({ format: 'date-time' });

/** `QUORUM_MAX_TOTAL`: a fixed basis (議員定数) above this is a typing mistake, not a chamber. */
export const QUORUM_MAX_TOTAL = 100_000;

/** Conference setting (POST/PUT conferences `quorum`); null = no quorum is counted. */
export const QuorumSettingsSchema = Type.Object(
  {
    basis: Type.Union([Type.Literal('invited_principals'), Type.Integer({ minimum: 1, maximum: QUORUM_MAX_TOTAL })]),
    numerator: Type.Integer({ minimum: 1, maximum: 100 }),
    denominator: Type.Integer({ minimum: 1, maximum: 100 }),
    rule: Type.Enum(['more_than', 'at_least']),
    count_delegates: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** The reception ticket: a signed opaque string the portal renders as a QR code. */
export const TicketSchema = Type.Object({ qr: Type.String() });

/** One invitee at the desk. `expected`: answered 出席 or 代理出席 (or a walk-in). */
export const ReceptionRowSchema = Type.Object({
  /** the conference member's id */
  id: Type.Integer(),
  conference_id: Type.Integer(),
  company_id: Type.Integer(),
  company_code: Type.String(),
  company_name: Type.String(),
  member_id: Type.Integer(),
  member_name: Type.String(),
  member_kana: Nullable(Type.String()),
  member_title: Nullable(Type.String()),
  category: CategorySchema,
  answer_content: Nullable(AnswerContentSchema),
  proxy_name: Nullable(Type.String()),
  proxy_title: Nullable(Type.String()),
  sort: Type.Integer(),
  expected: Type.Boolean(),
  walk_in: Type.Boolean(),
  checked_in_at: Nullable(DateTime),
  checked_in_by: Nullable(Type.String()),
  /** who came: the member, or the substitute when 代理出席 */
  attended_by: Nullable(Type.String()),
  version: Type.Integer(),
});
export type ReceptionRow = Static<typeof ReceptionRowSchema>;

/**
 * Live counters of the desk: expected (出席・代理出席・当日参加, and anyone checked in without being
 * expected), checked in, not yet arrived (expected, not checked in).
 */
export const ReceptionCountsSchema = Type.Object({
  expected: Type.Integer(),
  checked_in: Type.Integer(),
  not_arrived: Type.Integer(),
});

/** DELETE …/check_ins/{conference_member_id}: the row as it is now and the counts. */
export const CheckInUndoResultSchema = Type.Object({ row: ReceptionRowSchema, counts: ReceptionCountsSchema });
export type ReceptionCounts = Static<typeof ReceptionCountsSchema>;

/**
 * `GET …/check_ins?q=&filter=&page=&perPage=`: every invitee (protocol order), and the counters.
 * It takes the common list parameters too (spec §3): `keyword` is `q`, `page_size` is `perPage`
 * (the desk's names, kept), `sort` the protocol order either way, `fields` of a row, `expand=chamber`.
 */
export const ReceptionListQuery = Type.Object(
  {
    ...commonListQuery({ sortable: ['sort'], fields: Object.keys(ReceptionRowSchema.properties) }),
    /** name, kana (ひらがな finds カタカナ), company name or 事業所コード */
    q: Type.Optional(Type.String({ maxLength: 100 })),
    /** all; expected (出席・代理出席); arrived; not_arrived (expected, not checked in) */
    filter: Type.Optional(Type.Enum(['all', 'expected', 'arrived', 'not_arrived'])),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
const ReceptionListMeta = Type.Object({ ...ListMetaSchema.properties, perPage: Type.Integer() });
/** The list with every field, as the SPA reads it (the wire's shape: ReceptionListResponseSchema). */
export const FullReceptionList = Type.Object({
  data: Type.Array(ReceptionRowSchema),
  meta: ReceptionListMeta,
  counts: ReceptionCountsSchema,
});
/** As answered: `fields` may leave fields out, `expand=chamber` adds it. */
export const ReceptionListResponseSchema = Type.Object({
  ...listOf(Type.Partial(ReceptionRowSchema)).properties,
  meta: ReceptionListMeta,
  counts: ReceptionCountsSchema,
});

/**
 * `POST …/check_ins`: by the scanned ticket or by the row picked from the search. A person who did
 * not answer 出席 / 代理出席 is refused (422 `not_expected`) unless staff confirm it (`confirm: true`).
 */
export const CheckInSchema = Type.Union([
  Type.Object(
    { qr: Type.String({ minLength: 1, maxLength: 200 }), confirm: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  Type.Object({ conference_member_id: RowId, confirm: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
]);

/** 201 a new check-in; 200 `already: true` when the person was checked in before (the same check-in). */
export const CheckInResultSchema = Type.Object({
  row: ReceptionRowSchema,
  already: Type.Boolean(),
  counts: ReceptionCountsSchema,
});

export const CheckInParams = Type.Object({ id: RowId, conference_member_id: RowId }, { additionalProperties: false });

/**
 * `POST …/walk_ins` (当日参加), recorded with channel 窓口 (counter) and checked in at once:
 * - `{company_id, name, title?}`: a person of an invited company who was not invited (an existing
 *   member of that company with that name is used; otherwise a member is added to the company);
 * - `{company_id, member_id}`: an existing member of an invited company, not yet invited;
 * - `{instead_of, name, title?}`: a substitute arriving instead of the invited principal
 *   (that row becomes 代理出席 with the substitute's name and title).
 */
export const WalkInSchema = Type.Union([
  Type.Object(
    { company_id: RowId, name: RequiredText(100), title: Type.Optional(Nullable(ProxyTitle)) },
    { additionalProperties: false },
  ),
  Type.Object({ company_id: RowId, member_id: RowId }, { additionalProperties: false }),
  Type.Object(
    { instead_of: RowId, name: RequiredText(100), title: Type.Optional(Nullable(ProxyTitle)) },
    { additionalProperties: false },
  ),
]);

/** `GET …/quorum` and the room's `quorum` event (staff). Figures are null while no quorum is set. */
export const QuorumSchema = Type.Object({
  conference_id: Type.Integer(),
  settings: Nullable(QuorumSettingsSchema),
  total: Nullable(Type.Integer()),
  required: Nullable(Type.Integer()),
  present: Type.Integer(),
  delegated: Type.Integer(),
  counted: Nullable(Type.Integer()),
  met: Nullable(Type.Boolean()),
  margin: Nullable(Type.Integer()),
  as_of: DateTime,
});
export type Quorum = Static<typeof QuorumSchema>;
