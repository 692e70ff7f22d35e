/**
 * 席次 (protocol order) of a conference's invitees moved in one request (issue 15 item 1): the
 * moved invitee takes place N, the ones between shift by one, and the order comes out dense
 * (1..n) and unique. Spec §7 and DESIGN §4 fix no swap, only "an ordering that can be reset", so
 * the PUT's `sort` means "move to place N"; a move to a neighbour's place is the old swap.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { conference, conference_member as cm } from '../db/schema.ts';
import type { Executor } from './audit.ts';
import { Problem, notFound } from './problem.ts';

type Row = typeof cm.$inferSelect;

/** The rows in protocol order (sort, then id: the list's order). */
export const inProtocolOrder = <T extends { id: number; sort: number }>(rows: T[]): T[] =>
  [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);

/**
 * Whether a PUT's `sort` moves the row at all. Sending back the sort a row already has is not a
 * move (a client may PUT back the record it read, even one left outside 1..n by a removal), unless
 * it is in range and names another place (sorts 1, 2, 4 left by a removal: 4 moves the third to place 4).
 */
export function isMove(ordered: Array<{ id: number; sort: number }>, id: number, place: number): boolean {
  const current = ordered.findIndex((r) => r.id === id) + 1;
  const row = ordered[current - 1];
  if (place !== row.sort) return true;
  return place >= 1 && place <= ordered.length && place !== current;
}

/** The new sort of every row of `ordered` (in protocol order) once `id` is moved to `place` (1-based). */
export function movedSorts(ordered: Array<{ id: number }>, id: number, place: number): Map<number, number> {
  const rest = ordered.filter((r) => r.id !== id);
  rest.splice(
    place - 1,
    0,
    ordered.find((r) => r.id === id)!,
  );
  return new Map(rest.map((r, i) => [r.id, i + 1]));
}

/** 422 for a place outside 1..n (n: the conference's invitees), with n for the client. */
export const sortOutOfRange = (max: number) =>
  new Problem(
    422,
    'sort_out_of_range',
    `移動先の順番は1から${max}までの数で指定してください。`,
    [{ field: 'body.sort', code: 'sort_out_of_range', message: `1から${max}まで` }],
    { max },
  );

/**
 * Every invitee row of the conference, locked. The conference row first (FOR NO KEY UPDATE, as an
 * invite takes it: moves queue behind invites, resets and each other, so places cannot be
 * duplicated or lost), then the invitees in id order like every other multi-row lock of
 * conference_member (answers, removals), so a move and a bulk answer queue instead of deadlocking.
 */
export async function lockSeatOrder(tx: Executor, cciCode: string, conferenceId: number): Promise<Row[]> {
  const [found] = await tx
    .select({ id: conference.id })
    .from(conference)
    .where(and(eq(conference.cci_code, cciCode), eq(conference.id, conferenceId)))
    .for('no key update');
  if (!found) throw notFound();
  return tx.select().from(cm).where(eq(cm.conference_id, conferenceId)).orderBy(asc(cm.id)).for('update');
}

/**
 * Gives the other rows whose place changed their new sort (version bumped, like the swap did) in
 * one statement, and returns each as it was and as it is now, for the audit.
 */
export async function shiftOthers(
  tx: Executor,
  rows: Row[],
  sorts: Map<number, number>,
  movedId: number,
  actor: string,
  now: Date,
): Promise<Array<{ before: Row; after: Row }>> {
  const changed = rows.filter((r) => r.id !== movedId && sorts.get(r.id) !== r.sort);
  if (changed.length === 0) return [];
  await tx.execute(sql`
    update conference_member c
       set sort = v.sort, version = c.version + 1, updated_at = ${now}, updated_by = ${actor}
      from unnest(${sql.param(changed.map((r) => r.id))}::int[], ${sql.param(changed.map((r) => sorts.get(r.id)!))}::int[]) as v(id, sort)
     where c.id = v.id`);
  return changed.map((before) => ({
    before,
    after: { ...before, sort: sorts.get(before.id)!, version: before.version + 1, updated_at: now, updated_by: actor },
  }));
}
