/**
 * The company-level summary of a conference (DESIGN.md §4 "conference company"): a
 * conference_company row exists while the company has at least one invitee in the conference, and
 * its answer_content is 'answered' when every invitee has an answer, 'partial' when some do, null
 * when none. Kept in the transaction of every invite, removal and answer.
 *
 * Lock order everywhere in this area: conference → conference_member → conference_company, each
 * set in id order, so concurrent invites, answers and removals never deadlock.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { conference_company, conference_member } from '../db/schema.ts';
import type { Executor } from './audit.ts';

export type AnswerSummary = 'answered' | 'partial' | null;

export interface CompanyInConference {
  cciCode: string;
  conferenceId: number;
  companyId: number;
}

export function summaryOf(total: number, answered: number): AnswerSummary {
  if (answered === 0) return null;
  return answered === total ? 'answered' : 'partial';
}

/**
 * Recomputes one (conference, company) summary, creating the row for a first invitee and deleting
 * it after the last removal. `answered` (a real answer change) also stamps answered_at/by. The row
 * is locked before counting: two answers of the same company committing at once would otherwise
 * each count without the other's change and leave a stale summary.
 */
export async function refreshCompanySummary(
  tx: Executor,
  key: CompanyInConference,
  actor: string,
  answered?: { at: Date; by: string },
): Promise<void> {
  const where = and(eq(conference_company.conference_id, key.conferenceId), eq(conference_company.company_id, key.companyId));
  await tx
    .insert(conference_company)
    .values({
      cci_code: key.cciCode,
      conference_id: key.conferenceId,
      company_id: key.companyId,
      created_by: actor,
      updated_by: actor,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(conference_company).where(where).for('update');

  const [{ total, done }] = await tx
    .select({ total: count(), done: count(conference_member.answer_content) })
    .from(conference_member)
    .where(and(eq(conference_member.conference_id, key.conferenceId), eq(conference_member.company_id, key.companyId)));
  if (total === 0) {
    await tx.delete(conference_company).where(eq(conference_company.id, row.id));
    return;
  }
  const summary = summaryOf(total, done);
  if (summary === row.answer_content && !answered) return;
  await tx
    .update(conference_company)
    .set({
      answer_content: summary,
      ...(answered ? { answered_at: answered.at, answered_by: answered.by } : {}),
      version: sql`${conference_company.version} + 1`,
      updated_at: new Date(),
      updated_by: actor,
    })
    .where(eq(conference_company.id, row.id));
}

/** Recomputes several (conference, company) summaries, in (conference, company) order so that concurrent callers lock alike. */
export async function refreshSummaries(
  tx: Executor,
  cciCode: string,
  pairs: Array<{ conference_id: number; company_id: number }>,
  actor: string,
  answered?: { at: Date; by: string },
): Promise<void> {
  const unique = new Map(pairs.map((p) => [`${p.conference_id}:${p.company_id}`, p]));
  const ordered = [...unique.values()].sort((a, b) => a.conference_id - b.conference_id || a.company_id - b.company_id);
  for (const p of ordered) {
    await refreshCompanySummary(tx, { cciCode, conferenceId: p.conference_id, companyId: p.company_id }, actor, answered);
  }
}
