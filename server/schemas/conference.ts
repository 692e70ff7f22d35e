import { Type, type Static, type TSchema } from 'typebox';
import { ANSWER_CHANNELS, ANSWER_CONTENTS, CONFERENCE_MEMBER_CATEGORIES, CONFERENCE_STATUSES } from '../db/schema.ts';
import { listOf, Nullable, RequiredText } from './common.ts';
import { QuorumSettingsSchema } from './reception.ts';

/** DESIGN.md §4: draft → published → closed → held, or cancelled. */
export const ConferenceStatusSchema = Type.Enum(CONFERENCE_STATUSES);
/** A conference is created as a draft or published right away; the later states are reached by PUT. */
export const CREATABLE_STATUSES = ['draft', 'published'] as const;

/** DESIGN.md §4: a company's answer status for a conference (server/lib/conference-rules.ts). */
export const ANSWER_STATUSES = ['unanswered', 'partial', 'answered', 'closed'] as const;
export const AnswerStatusSchema = Type.Enum(ANSWER_STATUSES);
/** conference_company.answer_content: the company-level summary (null = nobody answered yet). */
export const CompanySummarySchema = Nullable(Type.Enum(['answered', 'partial']));

/**
 * Years 1900–2999 only: a conference outside them is a typo, and year 0000 (which PostgreSQL does
 * not have) would otherwise fail in SQL instead of as a 400.
 */
const YEAR = '^(19|2[0-9])[0-9]{2}-';
const DateTime = Type.String({ format: 'date-time', pattern: YEAR });
/** `YYYY-MM-DD`: an Asia/Tokyo calendar day. */
export const Day = Type.String({ format: 'date', pattern: YEAR });
/** Free text; PostgreSQL text cannot hold U+0000, so it is refused here rather than failing in SQL. */
export const Text = (opts: { minLength?: number; maxLength: number }) => Type.String({ ...opts, pattern: '^[^\\u0000]*$' });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

const AttachmentSchema = Type.Object(
  {
    key: Text({ minLength: 1, maxLength: 500 }),
    name: RequiredText(255),
    size: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  },
  { additionalProperties: false },
);
export const Attachments = Type.Array(AttachmentSchema, { maxItems: 20 });

/**
 * DESIGN.md §11.2: business days before the deadline on which reminders go out; empty = none.
 * Default [3, 1] (the column's).
 */
const ReminderDays = Type.Array(Type.Integer({ minimum: 1, maximum: 30 }), { maxItems: 5, uniqueItems: true });

/** DESIGN.md §11.3: the 定足数 an assembly counts; null (the default) = none. The chamber's only. */
const Quorum = Nullable(QuorumSettingsSchema);

export const ConferenceSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  parent_id: Nullable(Type.Integer()),
  template_id: Nullable(Type.Integer()),
  name: Type.String(),
  event_date: DateTime,
  end_at: Nullable(DateTime),
  place: Nullable(Type.String()),
  answer_deadline: Nullable(DateTime),
  status: ConferenceStatusSchema,
  description: Nullable(Type.String()),
  allow_delegate: Type.Boolean(),
  attachments: Attachments,
  reminder_days: ReminderDays,
  quorum: Quorum,
  version: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Conference = Static<typeof ConferenceSchema>;

/** One conference as the chamber reads and writes it: with its sub-conferences (event order). */
export const ConferenceDetailSchema = Type.Object({
  ...ConferenceSchema.properties,
  sub_conferences: Type.Array(ConferenceSchema),
});
export type ConferenceDetail = Static<typeof ConferenceDetailSchema>;

/**
 * What staff should know after a write (DESIGN.md §11.2): `sub_conference_without_invitees` names
 * a published sub-conference of the family that nobody is invited to.
 */
export const ConferenceWarningSchema = Type.Object({
  code: Type.Literal('sub_conference_without_invitees'),
  conference_id: Type.Integer(),
  name: Type.String(),
});
export type ConferenceWarning = Static<typeof ConferenceWarningSchema>;

/** POST and PUT of a conference answer with the detail and `warnings` (always present, maybe empty). */
export const ConferenceWriteResultSchema = Type.Object({
  ...ConferenceDetailSchema.properties,
  warnings: Type.Array(ConferenceWarningSchema),
  /** POST from a template: the members its invitee rules invited, per conference created (issue 18 item 1) */
  invited: Type.Optional(Type.Array(Type.Object({ conference_id: Type.Integer(), count: Type.Integer() }))),
});
export type ConferenceWriteResult = Static<typeof ConferenceWriteResultSchema>;

/**
 * `event_date`: a date-time with offset, or a bare `YYYY-MM-DD` whose time comes from the template's
 * start_time (00:00 Asia/Tokyo without a template).
 */
const EventDate = Type.Union([DateTime, Day]);

const editable = {
  name: RequiredText(200),
  end_at: Nullable(DateTime),
  place: Nullable(Text({ maxLength: 300 })),
  answer_deadline: Nullable(DateTime),
  description: Nullable(Text({ maxLength: 10_000 })),
  allow_delegate: Type.Boolean(),
  attachments: Attachments,
  reminder_days: ReminderDays,
  quorum: Quorum,
};
/**
 * Publishing with a deadline already past is refused (422 answer_deadline_past) unless the staff
 * confirmed it with `allow_past_deadline: true` (DESIGN.md §11.2); not stored.
 */
const AllowPastDeadline = Type.Optional(Type.Boolean());

/** A sub-conference created together with its parent: it takes the parent's status and, if absent, deadline. */
export const SubConferenceCreateSchema = Type.Object(
  {
    name: editable.name,
    event_date: DateTime,
    end_at: Type.Optional(editable.end_at),
    place: Type.Optional(editable.place),
    answer_deadline: Type.Optional(editable.answer_deadline),
    description: Type.Optional(editable.description),
    allow_delegate: Type.Optional(editable.allow_delegate),
    attachments: Type.Optional(editable.attachments),
    reminder_days: Type.Optional(editable.reminder_days),
    quorum: Type.Optional(editable.quorum),
  },
  { additionalProperties: false },
);
export type SubConferenceCreate = Static<typeof SubConferenceCreateSchema>;

/**
 * POST /v1/cci/admin/master/conferences. With `template_id`, absent fields come from the template
 * body and its sub-conferences are created too (unless `sub_conferences` is given: explicit wins).
 * `name` may then be omitted (the template's name is used).
 */
export const ConferenceCreateSchema = Type.Object(
  {
    ...SubConferenceCreateSchema.properties,
    name: Type.Optional(editable.name),
    event_date: EventDate,
    status: Type.Optional(Type.Enum(CREATABLE_STATUSES)),
    parent_id: Type.Optional(Id),
    template_id: Type.Optional(Id),
    sub_conferences: Type.Optional(Type.Array(SubConferenceCreateSchema, { maxItems: 20 })),
    allow_past_deadline: AllowPastDeadline,
  },
  { additionalProperties: false },
);
export type ConferenceCreate = Static<typeof ConferenceCreateSchema>;

/** PUT /v1/cci/admin/master/conferences/{id}: absent fields are left unchanged; parent and template are fixed. */
export const ConferenceUpdateSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    name: Type.Optional(editable.name),
    event_date: Type.Optional(DateTime),
    end_at: Type.Optional(editable.end_at),
    place: Type.Optional(editable.place),
    answer_deadline: Type.Optional(editable.answer_deadline),
    status: Type.Optional(ConferenceStatusSchema),
    description: Type.Optional(editable.description),
    allow_delegate: Type.Optional(editable.allow_delegate),
    attachments: Type.Optional(editable.attachments),
    reminder_days: Type.Optional(editable.reminder_days),
    quorum: Type.Optional(editable.quorum),
    allow_past_deadline: AllowPastDeadline,
  },
  { additionalProperties: false },
);
export type ConferenceUpdate = Static<typeof ConferenceUpdateSchema>;

/**
 * POST .../conferences/{id}/mail_preview (issue 33): the fields of a save that decide its mail; the
 * answer says which message it sends and to how many companies (the confirmation dialogs).
 */
export const MailPreviewBodySchema = Type.Object(
  {
    event_date: Type.Optional(DateTime),
    end_at: Type.Optional(editable.end_at),
    place: Type.Optional(editable.place),
    answer_deadline: Type.Optional(editable.answer_deadline),
    status: Type.Optional(ConferenceStatusSchema),
  },
  { additionalProperties: false },
);
export type MailPreviewBody = Static<typeof MailPreviewBodySchema>;

export const MailPreviewSchema = Type.Object({
  kind: Nullable(Type.Union([Type.Literal('invitation'), Type.Literal('change'), Type.Literal('cancel')])),
  /** every invited company, or (reopening) only those with 未回答 invitees */
  recipients: Nullable(Type.Union([Type.Literal('invited'), Type.Literal('unanswered')])),
  companies: Type.Integer(),
});
export type MailPreview = Static<typeof MailPreviewSchema>;

/** PUT .../reset_sort_members takes no body (or `{}`). */
export const EmptyBodySchema = Type.Union([Type.Null(), Type.Object({}, { additionalProperties: false })]);

export const ResetSortResultSchema = Type.Object({
  /** rows whose sort changed */
  updated: Type.Integer(),
  /** every conference member of the conference, in the new order */
  data: Type.Array(
    Type.Object({ id: Type.Integer(), member_id: Type.Integer(), company_id: Type.Integer(), sort: Type.Integer() }),
  ),
});
export type ResetSortResult = Static<typeof ResetSortResultSchema>;

/** An invitee of the caller's company, as `GET /v1/company/conferences/{id}?expand=members` shows it. */
export const CompanyInviteeSchema = Type.Object({
  id: Type.Integer(),
  conference_id: Type.Integer(),
  company_id: Type.Integer(),
  member_id: Type.Integer(),
  category: Type.Enum(CONFERENCE_MEMBER_CATEGORIES),
  answer_content: Nullable(Type.Enum(ANSWER_CONTENTS)),
  proxy_name: Nullable(Type.String()),
  proxy_title: Nullable(Type.String()),
  /** 委任状 (DESIGN.md §12.1): the invitee delegated to, null for the chair (or no 委任状) */
  delegate_to: Type.Optional(Nullable(Type.Integer())),
  sort: Type.Integer(),
  answered_at: Nullable(DateTime),
  /** DESIGN.md §11.2: anything but `portal` is 会議所が受付（FAX…） */
  answer_channel: Nullable(Type.Enum(ANSWER_CHANNELS)),
  answer_received_at: Nullable(DateTime),
  answered_late: Type.Boolean(),
  version: Type.Integer(),
  member: Type.Object({ name: Type.String(), name_kana: Nullable(Type.String()), title: Nullable(Type.String()) }),
});
export type CompanyInvitee = Static<typeof CompanyInviteeSchema>;

/**
 * A conference as a company sees it (attachments only with expand=attachments; not the chamber's
 * reminder_days and quorum).
 */
const { reminder_days: _chamberOnly, quorum: _chamberQuorum, ...sharedConferenceFields } = ConferenceSchema.properties;
const companyConferenceFields = {
  ...sharedConferenceFields,
  attachments: Type.Optional(Attachments),
  answer_status: AnswerStatusSchema,
  answer_content: CompanySummarySchema,
};
export const CompanySubConferenceSchema = Type.Object(companyConferenceFields);
export const CompanyConferenceSchema = Type.Object({
  ...companyConferenceFields,
  sub_conferences: Type.Optional(Type.Array(CompanySubConferenceSchema)),
  members: Type.Optional(Type.Array(CompanyInviteeSchema)),
});
export type CompanyConference = Static<typeof CompanyConferenceSchema>;
export type CompanySubConference = Static<typeof CompanySubConferenceSchema>;

/** `expand=a,b`: a comma list of the given names. */
export function expandSchema(names: readonly string[]): TSchema {
  const one = `(${names.join('|')})`;
  return Type.String({ pattern: `^${one}(,${one})*$`, maxLength: 100 });
}
export const expandsOf = (expand: unknown): Set<string> => new Set(typeof expand === 'string' ? expand.split(',') : []);

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ConferenceListSchema = listOf(Type.Partial(ConferenceSchema));

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const CompanyConferenceListSchema = listOf(Type.Partial(CompanyConferenceSchema));

/** What GET /v1/company/conferences/{id} may expand. */
export const COMPANY_CONFERENCE_EXPANDS = ['sub_conferences', 'members', 'attachments'] as const;
export const CompanyConferenceQuerySchema = Type.Object(
  { expand: Type.Optional(expandSchema(COMPANY_CONFERENCE_EXPANDS)), cci_code: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
