/**
 * The positions each member holds on a day (DESIGN.md §4 periods, open ends allowed), as one SQL
 * CTE `held` aggregated once for the chamber and hash-joined, rather than looked up per member:
 * `positions` (部会 役職, joined by ／ in protocol order), `best_type` and `best_rank` (for sorting).
 * Used by 会員一覧 (its 基準日) and 出欠一覧 (the conference's day, issue 15 item 6).
 */
import { POSITION_TYPES } from '../../db/schema.ts';

/** `(alias.start_at … alias.end_at)` covers the day in parameter `day` (e.g. '$2'). */
export const activeOnDay = (alias: string, day: string) =>
  `(${alias}.start_at is null or ${alias}.start_at <= ${day}::date) and (${alias}.end_at is null or ${alias}.end_at >= ${day}::date)`;

/** Parameter placeholders: the chamber, the day, the position types (pass POSITION_TYPE_ORDER). */
export function heldPositionsCte(p: { cci: string; day: string; types: string }): string {
  return `held as (
    select q.member_id,
           string_agg(concat_ws(' ', nullif(q.department_name, ''), q.position_name), '／'
                      order by array_position(${p.types}::text[], q.position_type), q.rank, q.id) as positions,
           min(array_position(${p.types}::text[], q.position_type)) as best_type,
           (array_agg(q.rank order by array_position(${p.types}::text[], q.position_type), q.rank))[1] as best_rank
      from position q
     where q.cci_code = ${p.cci} and ${activeOnDay('q', p.day)}
     group by q.member_id)`;
}

/** The value of the `types` parameter: position types in spec §3 order. */
export const POSITION_TYPE_ORDER: string[] = [...POSITION_TYPES];
