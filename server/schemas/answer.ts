import { Type, type Static } from 'typebox';
import { AnswerContentSchema, ConferenceMemberSchema, ProxyName, ProxyTitle } from './conference-member.ts';
import { Nullable, RowId } from './common.ts';

/** Enough for every invitee of a company across a conference and its sub-conferences. */
export const MAX_ANSWERS = 500;

/**
 * One person's answer; `id` is the conference_member id. proxy_* are kept only for proxy_attend.
 * `version`, when sent, is the row's version the answer was based on: a stale one is a 409 unless
 * the row already holds this very answer (a repeated submission).
 */
export const AnswerItemSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    answer_content: Nullable(AnswerContentSchema),
    proxy_name: Type.Optional(Nullable(ProxyName)),
    proxy_title: Type.Optional(Nullable(ProxyTitle)),
    /** 委任状 (DESIGN.md §12.1): the invitee delegated to, null for the chair; left out keeps the one recorded */
    delegate_to: Type.Optional(Nullable(RowId)),
  },
  { additionalProperties: false },
);
export type AnswerItem = Static<typeof AnswerItemSchema>;

/** POST /v1/company/conference_members/answer (spec §7): one transaction, safe to repeat (DESIGN.md §10). */
export const AnswerBodySchema = Type.Object(
  { answers: Type.Array(AnswerItemSchema, { minItems: 1, maxItems: MAX_ANSWERS }) },
  { additionalProperties: false },
);
export type AnswerBody = Static<typeof AnswerBodySchema>;

/** The company-level summary kept in conference_company (DESIGN.md §4). */
export const ConferenceCompanySummarySchema = Type.Object({
  conference_id: Type.Integer(),
  company_id: Type.Integer(),
  answer_content: Nullable(Type.Enum(['answered', 'partial'])),
  answered_at: Nullable(Type.String({ format: 'date-time' })),
  answered_by: Nullable(Type.String()),
});
export type ConferenceCompanySummary = Static<typeof ConferenceCompanySummarySchema>;

export const AnswerResultSchema = Type.Object({
  data: Type.Array(ConferenceMemberSchema),
  conference_companies: Type.Array(ConferenceCompanySummarySchema),
});
export type AnswerResult = Static<typeof AnswerResultSchema>;
