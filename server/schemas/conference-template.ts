import { Type, type Static } from 'typebox';
import { ANSWER_CONTENTS, POSITION_TYPES } from '../db/schema.ts';
import { listOf, RequiredText, RowId, Version } from './common.ts';
import { CciCodeParam } from './master-data.ts';
import { MotionTemplateSchema } from './motion.ts';

/** 'HH:mm', local time Asia/Tokyo (DESIGN.md §4). */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 });
const Text = (maxLength: number) => Type.String({ maxLength });
const MINUTES_PER_WEEK = 7 * 24 * 60;

/** Who is invited: holders of a position of this type (spec §3), optionally one department / position names. */
export const InviteeRuleSchema = Type.Object(
  {
    position_type: Type.Enum(POSITION_TYPES),
    department_name: Type.Optional(RequiredText(100)),
    position_names: Type.Optional(Type.Array(RequiredText(100), { maxItems: 50, uniqueItems: true })),
  },
  { additionalProperties: false },
);

/** A sub-conference created with the parent (e.g. 懇親会 after a 総会, DESIGN.md §1). */
export const SubConferenceTemplateSchema = Type.Object(
  {
    name: RequiredText(200),
    place: Type.Optional(Text(200)),
    /** minutes after the parent's start; a sub-conference may also start before it (e.g. 受付) */
    start_offset_minutes: Type.Optional(Type.Integer({ minimum: -MINUTES_PER_WEEK, maximum: MINUTES_PER_WEEK })),
    duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 60 })),
    description: Type.Optional(Text(5000)),
    /** its own invitees (issue 18 item 1); absent or empty: the parent template's rules */
    invitee_rules: Type.Optional(Type.Array(InviteeRuleSchema, { maxItems: 50 })),
  },
  { additionalProperties: false },
);

/** The defaults a conference created from the template starts with (db/schema.ts ConferenceTemplateBody). */
export const ConferenceTemplateBodySchema = Type.Object(
  {
    place: Type.Optional(Text(200)),
    start_time: Type.Optional(TimeOfDay),
    end_time: Type.Optional(TimeOfDay),
    answer_deadline_days_before: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
    description: Type.Optional(Text(5000)),
    answer_choices: Type.Optional(Type.Array(Type.Enum(ANSWER_CONTENTS), { minItems: 1, maxItems: 4, uniqueItems: true })),
    allow_delegate: Type.Optional(Type.Boolean()),
    sub_conferences: Type.Optional(Type.Array(SubConferenceTemplateSchema, { maxItems: 20 })),
    invitee_rules: Type.Optional(Type.Array(InviteeRuleSchema, { maxItems: 50 })),
    /** 議案 created as drafts of a conference made from the template (issue 34) */
    motions: Type.Optional(Type.Array(MotionTemplateSchema, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type ConferenceTemplateBodyInput = Static<typeof ConferenceTemplateBodySchema>;

/** Conference template (spec §3: id, name, conference_template_code; master type CCI_CONFERENCE_TEMPLATE). */
export const ConferenceTemplateSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  conference_template_code: Type.String(),
  name: Type.String(),
  body: ConferenceTemplateBodySchema,
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type ConferenceTemplate = Static<typeof ConferenceTemplateSchema>;

const TemplateCode = Type.String({ minLength: 1, maxLength: 50, pattern: '^[0-9A-Za-z_-]+$' });
const TemplateName = RequiredText(200);

export const ConferenceTemplateCreateSchema = Type.Object(
  { conference_template_code: TemplateCode, name: TemplateName, body: Type.Optional(ConferenceTemplateBodySchema) },
  { additionalProperties: false },
);
export type ConferenceTemplateCreate = Static<typeof ConferenceTemplateCreateSchema>;

/** Partial update: what is sent replaces the stored value (`body` as a whole). */
export const ConferenceTemplateUpdateSchema = Type.Object(
  {
    version: Version,
    conference_template_code: Type.Optional(TemplateCode),
    name: Type.Optional(TemplateName),
    body: Type.Optional(ConferenceTemplateBodySchema),
  },
  { additionalProperties: false },
);
export type ConferenceTemplateUpdate = Static<typeof ConferenceTemplateUpdateSchema>;

export const ConferenceTemplateParams = Type.Object({ cci_code: CciCodeParam, id: RowId }, { additionalProperties: false });

/** DELETE ?version=: optional optimistic check; without it the template is deleted as it is. */
export const ConferenceTemplateDeleteQuery = Type.Object({ version: Type.Optional(Version) }, { additionalProperties: false });

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ConferenceTemplateListSchema = listOf(Type.Partial(ConferenceTemplateSchema));
