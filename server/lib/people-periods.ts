/**
 * Validity periods of members and positions (DESIGN.md §4: start_at / end_at, calendar days).
 * A missing start or end is open: "since always" / "until further notice".
 */
import { gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Problem } from './problem.ts';
import { Day } from '../schemas/member.ts';

/**
 * List query parameters of a period (ListSpec `extra`): `active_on` and Django-style ranges.
 * Declared here rather than as list-query 'date' filters, whose format-only schema lets years
 * PostgreSQL refuses (0000-01-01) through to a 500; `Day` bounds the year.
 */
export const PeriodQuery = {
  active_on: Day,
  start_at__gte: Day,
  start_at__lte: Day,
  end_at__gte: Day,
  end_at__lte: Day,
};

/** `active_on=YYYY-MM-DD`: the period covers that day (both ends inclusive). */
export function activeOn(start: AnyPgColumn, end: AnyPgColumn, day: string): SQL {
  return sql`(${start} is null or ${start} <= ${day}::date) and (${end} is null or ${end} >= ${day}::date)`;
}

/** The conditions of the PeriodQuery parameters present in a validated query. */
export function periodConditions(start: AnyPgColumn, end: AnyPgColumn, query: Record<string, unknown>): SQL[] {
  const day = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const conditions: SQL[] = [];
  const on = day('active_on');
  if (on) conditions.push(activeOn(start, end, on));
  for (const [column, name] of [
    [start, 'start_at'],
    [end, 'end_at'],
  ] as const) {
    const from = day(`${name}__gte`);
    const to = day(`${name}__lte`);
    if (from) conditions.push(gte(column, from));
    if (to) conditions.push(lte(column, to));
  }
  return conditions;
}

/** 400 naming `field` when the period ends before it starts ('YYYY-MM-DD' compares as text). */
export function assertPeriod(start: string | null, end: string | null, field: string): void {
  if (start !== null && end !== null && end < start) {
    throw new Problem(400, 'validation_failed', '終了日は開始日以降の日付を指定してください。', [
      { field, code: 'period', message: 'must not be before start_at' },
    ]);
  }
}
