/**
 * 議案 (motions, DESIGN.md §12.1, issue 34): request and response shapes of
 * `GET|POST /v1/cci/admin/master/conferences/{id}/motions` and `GET|PUT|DELETE …/motions/{motion_id}`.
 */
import { Type, type Static } from 'typebox';
import { MOTION_RESULTS, MOTION_STATUSES } from '../db/schema.ts';
import { Nullable, RequiredText, RowId, Version, listOf } from './common.ts';
import { Attachments, Text } from './conference.ts';

const DateTime = Type.String({ format: 'date-time' });
const Fraction = {
  numerator: Type.Integer({ minimum: 1, maximum: 100 }),
  denominator: Type.Integer({ minimum: 1, maximum: 100 }),
};
const Threshold = Type.Enum(['more_than', 'at_least']);

/**
 * The rule of a 議案: 賛成 must pass numerator/denominator (`more_than` 過半数, `at_least` 3分の2以上)
 * of the voters present or of every vote there is; `quorum` its own 定足数 (`rule` default
 * at_least), or null for the conference's. Default: 普通決議, more than half of those present.
 */
export const MotionRuleSchema = Type.Object(
  {
    basis: Type.Enum(['present', 'entitled']),
    ...Fraction,
    rule: Threshold,
    quorum: Nullable(Type.Object({ ...Fraction, rule: Type.Optional(Threshold) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const MotionStatusSchema = Type.Enum(MOTION_STATUSES);
const MotionResultSchema = Type.Enum(MOTION_RESULTS);

export const MotionSchema = Type.Object({
  id: Type.Integer(),
  conference_id: Type.Integer(),
  /** the room's agenda item (index) it belongs to */
  agenda_index: Nullable(Type.Integer()),
  /** 「第1号議案」 */
  number: Type.String(),
  title: Type.String(),
  body: Nullable(Type.String()),
  attachments: Attachments,
  rule: MotionRuleSchema,
  status: MotionStatusSchema,
  result: Nullable(MotionResultSchema),
  chair_decision: Nullable(MotionResultSchema),
  version: Type.Integer(),
  created_at: DateTime,
  created_by: Type.String(),
  updated_at: DateTime,
  updated_by: Type.String(),
});
export type Motion = Static<typeof MotionSchema>;

/** `fields=` may leave any field out (the query: MotionListQuery, repositories/motions.ts). */
export const MotionListSchema = listOf(Type.Partial(MotionSchema));

const editable = {
  agenda_index: Nullable(Type.Integer({ minimum: 0, maximum: 999 })),
  number: RequiredText(50),
  title: RequiredText(200),
  body: Nullable(Text({ maxLength: 20_000 })),
  attachments: Attachments,
  rule: MotionRuleSchema,
};

/**
 * A 議案 a conference template carries (DESIGN.md §12.1: a 総会 template's 第1号〜第5号議案); a
 * conference created from the template gets it as a draft 議案. No agenda item and no attachments:
 * the new conference has no agenda yet, and a template holds no uploads (decision 0040).
 */
export const MotionTemplateSchema = Type.Object(
  {
    number: editable.number,
    title: editable.title,
    body: Type.Optional(editable.body),
    rule: Type.Optional(editable.rule),
  },
  { additionalProperties: false },
);
export type MotionTemplate = Static<typeof MotionTemplateSchema>;

/** POST: number and title required; the rule defaults to 普通決議, the status is `draft`. */
export const MotionCreateSchema = Type.Object(
  {
    number: editable.number,
    title: editable.title,
    agenda_index: Type.Optional(editable.agenda_index),
    body: Type.Optional(editable.body),
    attachments: Type.Optional(editable.attachments),
    rule: Type.Optional(editable.rule),
  },
  { additionalProperties: false },
);
export type MotionCreate = Static<typeof MotionCreateSchema>;

/** PUT: absent fields are left as they are; status and result move through polls only. */
export const MotionUpdateSchema = Type.Object(
  {
    version: Version,
    number: Type.Optional(editable.number),
    title: Type.Optional(editable.title),
    agenda_index: Type.Optional(editable.agenda_index),
    body: Type.Optional(editable.body),
    attachments: Type.Optional(editable.attachments),
    rule: Type.Optional(editable.rule),
  },
  { additionalProperties: false },
);
export type MotionUpdate = Static<typeof MotionUpdateSchema>;

export const MotionParams = Type.Object({ id: RowId, motion_id: RowId }, { additionalProperties: false });
