/**
 * 議事録 (minutes, DESIGN.md §12.2, issue 35): request and response shapes of
 * `GET|PUT /v1/cci/admin/master/conferences/{id}/minutes`, `POST …/minutes/finalise`,
 * `POST …/minutes/publish`, `GET …/minutes/versions` and `GET /v1/company/conferences/{id}/minutes`.
 */
import { Type, type Static } from 'typebox';
import { MINUTES_STATUSES } from '../db/schema.ts';
import { Nullable, RowId } from './common.ts';
import { Text } from './conference.ts';

const DateTime = Type.String({ format: 'date-time' });

/** A figure's value: a count, a time (ISO 8601), a text (場所), a yes/no (定足数 met), or none. */
export const FigureValueSchema = Type.Union([
  Type.Null(),
  Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  Type.String({ maxLength: 200 }),
  Type.Boolean(),
]);
export type FigureValue = Static<typeof FigureValueSchema>;

/** A figure taken from the record; `reason` set: staff corrected it (`value` ≠ `derived`). */
export const FigureSchema = Type.Object({
  value: FigureValueSchema,
  derived: FigureValueSchema,
  reason: Nullable(Type.String()),
  corrected_by: Nullable(Type.String()),
  corrected_at: Nullable(DateTime),
});
export type Figure = Static<typeof FigureSchema>;

/** An attendee named in the minutes (議長, 議事録署名人). */
export const MinutesPersonSchema = Type.Object({
  conference_member_id: Type.Integer(),
  name: Type.String(),
  company_name: Nullable(Type.String()),
});
export type MinutesPerson = Static<typeof MinutesPersonSchema>;

/**
 * The structured sections. `figures` keys: opened_at, closed_at, place, members_total,
 * present_principal, present_proxy, written, delegated, present_total, quorum_required,
 * quorum_counted, quorum_met, agenda.{i}.at, motion.{id}.{yes|no|abstain|result|chair_decision}.
 * `prose` keys: opening, agenda.{i}, motion.{id}, closing (議事の経過の要領, typed by staff).
 */
export const MinutesContentSchema = Type.Object({
  conference: Type.Object({ id: Type.Integer(), name: Type.String(), event_date: DateTime }),
  figures: Type.Record(Type.String(), FigureSchema),
  agenda: Type.Array(Type.Object({ title: Type.String(), presenter: Nullable(Type.String()) })),
  motions: Type.Array(Type.Object({ id: Type.Integer(), number: Type.String(), title: Type.String() })),
  chair: Nullable(MinutesPersonSchema),
  signatories: Type.Array(MinutesPersonSchema),
  prose: Type.Record(Type.String(), Type.String()),
});
export type MinutesContent = Static<typeof MinutesContentSchema>;

export const MinutesSchema = Type.Object({
  /** null: nothing saved yet, this is the draft as the record gives it now */
  id: Nullable(Type.Integer()),
  conference_id: Type.Integer(),
  /** 第n版 */
  version: Type.Integer(),
  status: Type.Enum(MINUTES_STATUSES),
  /** a draft's edit lock: send it back with PUT (0 before the first save) */
  revision: Type.Integer(),
  content: MinutesContentSchema,
  finalised_at: Nullable(DateTime),
  finalised_by: Nullable(Type.String()),
  sha256: Nullable(Type.String()),
  published: Type.Boolean(),
  published_at: Nullable(DateTime),
  updated_at: Nullable(DateTime),
  updated_by: Nullable(Type.String()),
});
export type Minutes = Static<typeof MinutesSchema>;

/** GET (staff): the latest version, and the attendees the 議長 and 署名人 are chosen from. */
export const MinutesViewSchema = Type.Object({
  minutes: MinutesSchema,
  attendees: Type.Array(MinutesPersonSchema),
});
export type MinutesView = Static<typeof MinutesViewSchema>;

/**
 * PUT: edits of the latest draft. `regenerate` takes the figures from the record again (prose,
 * corrections and signatories stay); `new_version` starts 第n+1版 from the latest final version
 * (else a final version answers 409). A figure's `value` other than the record's needs a `reason`.
 */
export const MinutesUpdateSchema = Type.Object(
  {
    revision: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    regenerate: Type.Optional(Type.Boolean()),
    new_version: Type.Optional(Type.Boolean()),
    prose: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Text({ maxLength: 20_000 }), { maxProperties: 500 })),
    figures: Type.Optional(
      Type.Record(
        Type.String({ maxLength: 40 }),
        Type.Object(
          { value: FigureValueSchema, reason: Type.Optional(Nullable(Text({ maxLength: 500 }))) },
          { additionalProperties: false },
        ),
        { maxProperties: 500 },
      ),
    ),
    chair_id: Type.Optional(Nullable(RowId)),
    signatory_ids: Type.Optional(Type.Array(RowId, { maxItems: 2, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type MinutesUpdate = Static<typeof MinutesUpdateSchema>;

/** One line of a readable diff between two versions' text. */
export const DiffLineSchema = Type.Object({ op: Type.Enum(['same', 'added', 'removed']), text: Type.String() });
export type DiffLine = Static<typeof DiffLineSchema>;

export const MinutesVersionSchema = Type.Object({
  version: Type.Integer(),
  status: Type.Enum(MINUTES_STATUSES),
  finalised_at: Nullable(DateTime),
  finalised_by: Nullable(Type.String()),
  sha256: Nullable(Type.String()),
  published: Type.Boolean(),
  published_at: Nullable(DateTime),
  updated_at: DateTime,
  updated_by: Type.String(),
  /** against the version before it (null for 第1版) */
  diff: Nullable(Type.Array(DiffLineSchema)),
});
export const MinutesVersionsSchema = Type.Object({ data: Type.Array(MinutesVersionSchema) });

/** The company portal: the latest published final version. */
export const CompanyMinutesSchema = Type.Object({
  conference_id: Type.Integer(),
  version: Type.Integer(),
  finalised_at: DateTime,
  sha256: Type.String(),
  content: MinutesContentSchema,
});

/** POST …/finalise: the draft's revision as the clerk saw it (a later edit by someone else: 409). */
export const MinutesFinaliseSchema = Type.Object(
  { revision: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
/** POST …/publish: the final version (第n版) to publish; it must be the latest final version. */
export const MinutesPublishSchema = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
export type MinutesVersions = Static<typeof MinutesVersionsSchema>;
export type CompanyMinutes = Static<typeof CompanyMinutesSchema>;
