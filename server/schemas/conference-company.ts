import { Type, type Static } from 'typebox';
import { listOf, Nullable } from './common.ts';
import { AnswerStatusSchema, CompanySummarySchema } from './conference.ts';

/** `expand=company`: the invited company. */
const ExpandedCompany = Type.Object({
  company_code: Type.String(),
  name1: Type.String(),
  name_kana: Nullable(Type.String()),
});

/** DESIGN.md §4: (conference_id, company_id) with the company-level answer summary. */
const fields = {
  id: Type.Integer(),
  cci_code: Type.String(),
  conference_id: Type.Integer(),
  company_id: Type.Integer(),
  answer_content: CompanySummarySchema,
  answered_at: Nullable(Type.String({ format: 'date-time' })),
  answered_by: Nullable(Type.String()),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};
export const ConferenceCompanyRow = Type.Object({ ...fields, company: Type.Optional(ExpandedCompany) });
export type ConferenceCompany = Static<typeof ConferenceCompanyRow>;

/** The company's own row, with its answer status for that conference (conference-rules.ts). */
export const OwnConferenceCompanyRow = Type.Object({ ...fields, answer_status: AnswerStatusSchema });
export type OwnConferenceCompany = Static<typeof OwnConferenceCompanyRow>;

/** `answer_content` filter: a summary, or `none` for companies nobody answered for yet (null). */
export const SummaryFilter = Type.Enum(['answered', 'partial', 'none']);

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ConferenceCompanyListSchema = listOf(Type.Partial(ConferenceCompanyRow));

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const OwnConferenceCompanyListSchema = listOf(Type.Partial(OwnConferenceCompanyRow));
