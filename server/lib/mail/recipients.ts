/**
 * Who a company's mail goes to (issue 13 "each invited company's admin e-mail"): the e-mails of its
 * enabled COMPANY_ADMIN users, else the company's own e-mail (company.attributes.email). A company
 * with neither gets its rows written as `skipped` / `no_address`, listed to staff as 送付不可.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import { company, conference, conference_member, users } from '../../db/schema.ts';
import type { Executor } from '../audit.ts';

/**
 * SQL: the addresses of the company row in scope (`company`), or null (送付不可): its enabled
 * admins' distinct e-mails in order, else the company's own.
 */
export const companyAddresses = sql<string | null>`coalesce(
  (select string_agg(a.email, ', ' order by a.email) from (
     select distinct ${users.email} as email from ${users}
      where ${users.company_id} = ${company.id} and ${users.user_type} = 'COMPANY_ADMIN'
        and ${users.enabled} and ${users.email} is not null and ${users.email} <> '') a),
  nullif(trim(${company.attributes} ->> 'email'), ''))`;

/**
 * company id → comma-separated addresses, or null (送付不可); every id of `companyIds` is a key.
 * One statement (issue 16: one round trip less per answer).
 */
export async function addressesOf(tx: Executor, companyIds: number[]): Promise<Map<number, string | null>> {
  const result = new Map<number, string | null>(companyIds.map((id) => [id, null]));
  if (companyIds.length === 0) return result;
  const rows = await tx.select({ id: company.id, to: companyAddresses }).from(company).where(inArray(company.id, companyIds));
  for (const c of rows) result.set(c.id, c.to);
  return result;
}

/** SQL `(ids)`: the conference, and with `withSubs` its sub-conferences. */
const familyIds = (conferenceId: number, withSubs: boolean) =>
  withSubs
    ? sql`(select ${conference.id} from ${conference} where ${conference.id} = ${conferenceId} or ${conference.parent_id} = ${conferenceId})`
    : sql`(${conferenceId})`;

/**
 * Companies with invitees in the conference; for a parent (`withSubs`), also those invited only to
 * one of its sub-conferences: they get the parent's mail, which lists their sub-conferences.
 */
export async function invitedCompanies(tx: Executor, conferenceId: number, withSubs: boolean): Promise<number[]> {
  const conferences = familyIds(conferenceId, withSubs);
  const rows = await tx
    .select({ company_id: conference_member.company_id })
    .from(conference_member)
    .where(sql`${conference_member.conference_id} in ${conferences}`)
    .groupBy(conference_member.company_id)
    .orderBy(asc(conference_member.company_id));
  return rows.map((r) => r.company_id);
}

/** The subset of `companyIds` with at least one 未回答 invitee in the conference (and its subs for a parent). */
export async function companiesWithUnanswered(
  tx: Executor,
  conferenceId: number,
  withSubs: boolean,
  companyIds?: number[],
): Promise<number[]> {
  if (companyIds?.length === 0) return [];
  const conferences = familyIds(conferenceId, withSubs);
  const rows = await tx
    .select({ company_id: conference_member.company_id })
    .from(conference_member)
    .where(
      and(
        sql`${conference_member.conference_id} in ${conferences}`,
        sql`${conference_member.answer_content} is null`,
        companyIds ? inArray(conference_member.company_id, companyIds) : undefined,
      ),
    )
    .groupBy(conference_member.company_id)
    .orderBy(asc(conference_member.company_id));
  return rows.map((r) => r.company_id);
}
