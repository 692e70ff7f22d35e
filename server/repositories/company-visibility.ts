/**
 * Which conferences a company admin may see (DESIGN.md §4, §6): never a draft, and never one under
 * a draft — a sub-conference published while its parent is still a draft stays hidden until the
 * parent is published (issue 11). Its paths answer 404, as for any conference the company is not
 * invited to, and lists leave its rows out (a filter naming it finds nothing).
 *
 * The API nests one level (a sub-conference cannot have sub-conferences), but the table lets
 * parent_id point anywhere, so the ancestors are walked to the top. The walk starts only for rows
 * that have a parent: top-level conferences, most of any list, cost nothing more than the status check.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The conference row `alias` (an SQL alias or table name in scope, e.g. 'c' or 'conference') is
 * visible to companies. UNION, not UNION ALL: a parent_id cycle, impossible through the API, still ends.
 */
export function notUnderDraft(alias: string): SQL {
  const row = sql.raw(`"${alias}"`);
  return sql`(${row}.status <> 'draft' and (${row}.parent_id is null or not exists (
    with recursive ancestor(id, parent_id, status) as (
      select a.id, a.parent_id, a.status from conference a where a.id = ${row}.parent_id
      union
      select p.id, p.parent_id, p.status from conference p join ancestor on p.id = ancestor.parent_id)
    select 1 from ancestor where ancestor.status = 'draft')))`;
}

/**
 * The rule of GET /v1/company/conferences/{id} for the conference row `alias`: visible
 * (notUnderDraft) and the company is invited to it directly or through a visible sub-conference.
 */
export function visibleToCompany(alias: string, companyId: number | Placeholder): SQL {
  const row = sql.raw(`"${alias}"`);
  return sql`(${notUnderDraft(alias)}
    and (exists (select 1 from conference_company cc where cc.conference_id = ${row}.id and cc.company_id = ${companyId})
         or exists (select 1 from conference sub join conference_company cc on cc.conference_id = sub.id and cc.company_id = ${companyId}
                     where sub.parent_id = ${row}.id and sub.status <> 'draft')))`;
}
