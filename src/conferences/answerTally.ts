/**
 * Answers of invitees (DESIGN.md §4 conference member): 出席 / 欠席 / 代理出席 / 委任状 / 未回答,
 * and the tallies the answers tab shows for a conference and each of its sub-conferences.
 * Pure functions: the tab feeds them the conference's conference_members rows.
 */
import { ANSWER_CHANNELS } from './channels';
import type { AnswerChannel, AnswerContent, ConferenceMember } from './types';

export const ANSWER_CONTENTS = ['attend', 'absent', 'proxy_attend', 'delegate'] as const satisfies readonly AnswerContent[];
/** The tally keys: the four answers and `none` (未回答, answer_content null). */
export const ANSWER_KEYS = [...ANSWER_CONTENTS, 'none'] as const;
export type AnswerKey = (typeof ANSWER_KEYS)[number];

export const MEMBER_CATEGORIES = ['principal', 'substitute', 'companion'] as const;

export const answerKeyOf = (answer: string | null | undefined): AnswerKey =>
  answer && (ANSWER_CONTENTS as readonly string[]).includes(answer) ? (answer as AnswerKey) : 'none';

export const answerLabelKey = (answer: string | null | undefined) => `kaigi.conferences.answer.${answerKeyOf(answer)}`;

export const ANSWER_COLORS: Readonly<Record<AnswerKey, 'success' | 'default' | 'info' | 'secondary' | 'warning'>> = {
  attend: 'success',
  absent: 'default',
  proxy_attend: 'info',
  delegate: 'secondary',
  none: 'warning',
};

/** The company-level summary (server/lib/attendance-summary.ts): every invitee answered, some, none. */
export type CompanySummary = 'answered' | 'partial' | 'none';

export const companySummaryOf = (total: number, answered: number): CompanySummary =>
  answered === 0 ? 'none' : answered === total ? 'answered' : 'partial';

export const companySummaryKey = (summary: string | null | undefined): CompanySummary =>
  summary === 'answered' || summary === 'partial' ? summary : 'none';

export type TallyRow = Pick<ConferenceMember, 'company_id' | 'answer_content' | 'answer_channel'>;

export interface Rate {
  answered: number;
  invited: number;
  /** 0–1; null without invitees. */
  ratio: number | null;
}

export interface ConferenceTally {
  byAnswer: Record<AnswerKey, number>;
  /** People who answered / people invited. */
  people: Rate;
  /** Companies whose every invitee answered / companies invited (a company with any invitee). */
  companies: Rate;
  /** Companies with some but not all of their invitees answered. */
  partialCompanies: number;
  /** Answered invitees by how the answer came in (DESIGN.md §11.2); an answer without a channel is not counted here. */
  byChannel: Record<AnswerChannel, number>;
}

const rate = (answered: number, invited: number): Rate => ({
  answered,
  invited,
  ratio: invited === 0 ? null : answered / invited,
});

/** Tallies one conference's invitees. */
export const tallyConference = (rows: readonly TallyRow[]): ConferenceTally => {
  const byAnswer = Object.fromEntries(ANSWER_KEYS.map((k) => [k, 0])) as Record<AnswerKey, number>;
  const byChannel = Object.fromEntries(ANSWER_CHANNELS.map((c) => [c, 0])) as Record<AnswerChannel, number>;
  const perCompany = new Map<number, { total: number; answered: number }>();
  for (const row of rows) {
    const key = answerKeyOf(row.answer_content);
    byAnswer[key] += 1;
    if (key !== 'none' && row.answer_channel) byChannel[row.answer_channel] += 1;
    const company = perCompany.get(row.company_id) ?? { total: 0, answered: 0 };
    company.total += 1;
    if (key !== 'none') company.answered += 1;
    perCompany.set(row.company_id, company);
  }
  let answeredCompanies = 0;
  let partialCompanies = 0;
  for (const { total, answered } of perCompany.values()) {
    const summary = companySummaryOf(total, answered);
    if (summary === 'answered') answeredCompanies += 1;
    if (summary === 'partial') partialCompanies += 1;
  }
  return {
    byAnswer,
    people: rate(rows.length - byAnswer.none, rows.length),
    companies: rate(answeredCompanies, perCompany.size),
    partialCompanies,
    byChannel,
  };
};

/** 87.5% → '87.5%'; whole numbers without decimals. */
export const formatPercent = (ratio: number | null): string => {
  if (ratio === null) return '—';
  const value = Math.round(ratio * 1000) / 10;
  return `${value}%`;
};

export interface CompanyGroup<T extends TallyRow> {
  companyId: number;
  rows: T[];
  answered: number;
  summary: CompanySummary;
}

/** Groups invitees by company, keeping the protocol order of each company's first invitee. */
export const groupByCompany = <T extends TallyRow>(rows: readonly T[]): CompanyGroup<T>[] => {
  const groups = new Map<number, CompanyGroup<T>>();
  for (const row of rows) {
    let group = groups.get(row.company_id);
    if (!group) {
      group = { companyId: row.company_id, rows: [], answered: 0, summary: 'none' };
      groups.set(row.company_id, group);
    }
    group.rows.push(row);
    if (answerKeyOf(row.answer_content) !== 'none') group.answered += 1;
  }
  return [...groups.values()].map((g) => ({ ...g, summary: companySummaryOf(g.rows.length, g.answered) }));
};
