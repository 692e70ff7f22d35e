/**
 * "Invite by rule" (issue 3, DESIGN.md §1): everyone who holds a position of the given types
 * and/or departments on the conference's event date, and whose membership is current then.
 * Reusable by whoever invites from a template's invitee rules.
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { member, position } from '../db/schema.ts';
import type { Executor } from './audit.ts';
import type { InviteRule } from '../schemas/conference-member.ts';
import type { InviteeRule } from '../db/schema.ts';
import { jstDayOf } from './conference-dates.ts';

/** A date column's period [start, end] contains `day`; null bounds are open. */
const covers = (start: AnyPgColumn, end: AnyPgColumn, day: string) =>
  and(or(isNull(start), lte(start, day)), or(isNull(end), gte(end, day)));

export interface RuleCandidate {
  id: number;
  company_id: number;
}

/**
 * The members of the chamber holding, on `eventDate`, a position that meets `positionCondition`, in
 * protocol order: best (smallest) rank among the matching positions, then kana (ja-x-icu 五十音順),
 * then id. Membership and position must both be current on the event's calendar day in Asia/Tokyo
 * (DESIGN.md §4).
 */
function membersHolding(
  tx: Executor,
  cciCode: string,
  eventDate: Date,
  positionCondition: SQL | undefined,
): Promise<RuleCandidate[]> {
  const day = jstDayOf(eventDate);
  return tx
    .select({ id: member.id, company_id: member.company_id })
    .from(member)
    .innerJoin(position, eq(position.member_id, member.id))
    .where(
      and(
        eq(member.cci_code, cciCode),
        eq(position.cci_code, cciCode),
        positionCondition,
        covers(position.start_at, position.end_at, day),
        covers(member.start_at, member.end_at, day),
      ),
    )
    .groupBy(member.id)
    .orderBy(sql`min(${position.rank})`, asc(member.name_kana), asc(member.id));
}

/** The members matching `rule` (invite by rule) on `eventDate`, in protocol order. */
export function membersMatchingRule(tx: Executor, cciCode: string, eventDate: Date, rule: InviteRule): Promise<RuleCandidate[]> {
  return membersHolding(
    tx,
    cciCode,
    eventDate,
    and(
      rule.position_types ? inArray(position.position_type, rule.position_types) : undefined,
      rule.department_names ? inArray(position.department_name, rule.department_names) : undefined,
    ),
  );
}

/**
 * The members a conference template's invitee rules select on `eventDate` (issue 18 item 1): a
 * member matches when one of its positions current on that day matches any rule (its type, and the
 * rule's department and position names where given). Protocol order as membersMatchingRule.
 */
export async function membersMatchingTemplateRules(
  tx: Executor,
  cciCode: string,
  eventDate: Date,
  rules: InviteeRule[],
): Promise<RuleCandidate[]> {
  if (rules.length === 0) return [];
  const anyRule = or(
    ...rules.map((rule) =>
      and(
        eq(position.position_type, rule.position_type),
        rule.department_name !== undefined ? eq(position.department_name, rule.department_name) : undefined,
        rule.position_names?.length ? inArray(position.position_name, rule.position_names) : undefined,
      ),
    ),
  );
  return membersHolding(tx, cciCode, eventDate, anyRule);
}
