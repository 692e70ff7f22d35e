import { Type, type Static } from 'typebox';
import { ANSWER_CHANNELS, ANSWER_CONTENTS, CONFERENCE_MEMBER_CATEGORIES, POSITION_TYPES } from '../db/schema.ts';
import { listOf, Nullable, RequiredText, Version } from './common.ts';

/** DESIGN.md §4: principal 本人, substitute 代理, companion 随行. */
export const CategorySchema = Type.Enum(CONFERENCE_MEMBER_CATEGORIES);
/** DESIGN.md §4: attend 出席, absent 欠席, proxy_attend 代理出席, delegate 委任状; null = 未回答. */
export const AnswerContentSchema = Type.Enum(ANSWER_CONTENTS);
/** DESIGN.md §11.2: how the answer reached the chamber; null while unanswered (or recorded before channels existed). */
export const AnswerChannelSchema = Type.Enum(ANSWER_CHANNELS);
/** The channels staff may record: `portal` is the company's own answer and only the portal sets it. */
export const STAFF_ANSWER_CHANNELS = ['fax', 'phone', 'email', 'counter', 'paper'] as const satisfies ReadonlyArray<
  (typeof ANSWER_CHANNELS)[number]
>;
export const StaffAnswerChannelSchema = Type.Enum(STAFF_ANSWER_CHANNELS);

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A person's name or title as typed (代理出席者の氏名・肩書). */
export const ProxyName = Type.String({ maxLength: 100 });
export const ProxyTitle = Type.String({ maxLength: 100 });

/** `expand=member`: the invited person. */
const ExpandedMember = Type.Object({ name: Type.String(), name_kana: Nullable(Type.String()), title: Nullable(Type.String()) });
/** `expand=company`: the person's company. */
const ExpandedCompany = Type.Object({ company_code: Type.String(), name1: Type.String() });
/**
 * `expand=recorder` (chamber lists): who recorded the answer (DESIGN.md §11.2) — the staff member for
 * FAX, 電話, 窓口…, the company's user for a portal answer — by display name, else e-mail, else the
 * username when the user is gone; null while unanswered.
 */
const ExpandedRecorder = Type.Object({ name: Type.String() });

export const ConferenceMemberSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  conference_id: Type.Integer(),
  company_id: Type.Integer(),
  member_id: Type.Integer(),
  category: CategorySchema,
  answer_content: Nullable(AnswerContentSchema),
  proxy_name: Nullable(Type.String()),
  proxy_title: Nullable(Type.String()),
  /** 委任状 (DESIGN.md §12.1): the invitee delegated to, null for the chair (or no 委任状) */
  delegate_to: Type.Optional(Nullable(Type.Integer())),
  sort: Type.Integer(),
  answered_at: Nullable(Type.String({ format: 'date-time' })),
  answered_by: Nullable(Type.String()),
  answer_channel: Nullable(AnswerChannelSchema),
  answer_received_at: Nullable(Type.String({ format: 'date-time' })),
  /** staff recorded it after the deadline or after answering closed */
  answered_late: Type.Boolean(),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  member: Type.Optional(ExpandedMember),
  company: Type.Optional(ExpandedCompany),
  recorder: Type.Optional(Nullable(ExpandedRecorder)),
});
export type ConferenceMember = Static<typeof ConferenceMemberSchema>;

/** Lists: `expand=member,company` (either or both); the chamber's also `recorder`. */

/**
 * `answer_content` list filter: an answer, or `none` for the unanswered (未回答, answer_content null).
 */
export const AnswerContentFilter = Type.Enum([...ANSWER_CONTENTS, 'none']);

/**
 * POST /v1/cci/admin/master/conference_members: four forms told apart by `mode`.
 * - `one`: one member; `many`: several (duplicates in the conference → 409 already_invited);
 * - `rule`: everyone holding a position of the given types and/or departments on the event date,
 *   members already invited are skipped (DESIGN.md §1 invitations by position);
 * - `parent`: the parent conference's invitees copied to a sub-conference (DESIGN.md §11.2), with
 *   their category unless one is given; members already invited are skipped.
 */
const InviteOne = Type.Object(
  { mode: Type.Literal('one'), conference_id: Id, member_id: Id, category: Type.Optional(CategorySchema) },
  { additionalProperties: false },
);
const InviteMany = Type.Object(
  {
    mode: Type.Literal('many'),
    conference_id: Id,
    member_ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }),
    category: Type.Optional(CategorySchema),
  },
  { additionalProperties: false },
);
export const InviteRuleSchema = Type.Object(
  {
    position_types: Type.Optional(Type.Array(Type.Enum(POSITION_TYPES), { minItems: 1, maxItems: 6, uniqueItems: true })),
    department_names: Type.Optional(Type.Array(RequiredText(100), { minItems: 1, maxItems: 100, uniqueItems: true })),
  },
  // an empty rule would invite the whole chamber: at least one criterion
  { additionalProperties: false, minProperties: 1 },
);
export type InviteRule = Static<typeof InviteRuleSchema>;
const InviteByRule = Type.Object(
  { mode: Type.Literal('rule'), conference_id: Id, rule: InviteRuleSchema, category: Type.Optional(CategorySchema) },
  { additionalProperties: false },
);
const InviteFromParent = Type.Object(
  { mode: Type.Literal('parent'), conference_id: Id, category: Type.Optional(CategorySchema) },
  { additionalProperties: false },
);
export const InviteSchema = Type.Union([InviteOne, InviteMany, InviteByRule, InviteFromParent]);
export type Invite = Static<typeof InviteSchema>;

/** Every form answers with the rows created and the member ids skipped (already invited; rule and parent forms only). */
export const InviteResultSchema = Type.Object({
  created: Type.Array(ConferenceMemberSchema),
  skipped: Type.Array(Type.Integer()),
});
export type InviteResult = Static<typeof InviteResultSchema>;

/**
 * PUT /v1/cci/admin/master/conference_members/{id}: staff edit order and category, and may answer
 * on behalf of the company (answered_by = the staff user). Absent fields are left unchanged.
 * `sort` N: the row moves to place N (1..n) of its conference's protocol order in the same
 * transaction; the invitees between shift by one and the order comes out 1..n (every changed row's
 * version goes up), so ↑/↓, a drag or 「位置を指定して移動」 is one request (server/lib/seat-order.ts).
 * A place outside 1..n is 422 `sort_out_of_range`; the sort the row already has is no move.
 * `version` is this row's; the others' are not needed.
 *
 * Answers from every channel (DESIGN.md §11.2, server/lib/attendance-staff-answer.ts): a changed
 * answer needs `answer_channel` (FAX, 電話…; never `portal`) and takes `answer_received_at` (default
 * now). The same answer with only these two fields corrects how and when it arrived.
 */
export const ConferenceMemberUpdateSchema = Type.Object(
  {
    version: Version,
    category: Type.Optional(CategorySchema),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    answer_content: Type.Optional(Nullable(AnswerContentSchema)),
    proxy_name: Type.Optional(Nullable(ProxyName)),
    proxy_title: Type.Optional(Nullable(ProxyTitle)),
    /** 委任状 (DESIGN.md §12.1): the invitee delegated to, null for the chair */
    delegate_to: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
    answer_channel: Type.Optional(StaffAnswerChannelSchema),
    answer_received_at: Type.Optional(Type.String({ format: 'date-time', pattern: '^(19|2[0-9])[0-9]{2}-' })),
  },
  { additionalProperties: false },
);
export type ConferenceMemberUpdate = Static<typeof ConferenceMemberUpdateSchema>;

/** DELETE /v1/cci/admin/master/conference_members/delete: all or nothing. */
export const BulkDeleteSchema = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }) },
  { additionalProperties: false },
);
export const BulkDeleteResultSchema = Type.Object({ deleted: Type.Array(Type.Integer()) });

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ConferenceMemberListSchema = listOf(Type.Partial(ConferenceMemberSchema));
