/**
 * What the reception desk and the 定足数 board show (issue 14, DESIGN.md §11.3), read in the
 * transaction of the check-in that changes it, and announced to the room's staff streams as the
 * `reception` and `quorum` events (server/lib/room/hub.ts carries them to every desk and board).
 */
import type pg from 'pg';
import type { QuorumSettings } from '../db/schema.ts';
import { evaluateQuorum } from '../lib/quorum.ts';
import type { Quorum, ReceptionCounts, ReceptionRow } from '../schemas/reception.ts';
import { addEvent, lockRoom } from './room-db.ts';

/** 出席・代理出席 (a walk-in is answered 出席 at the counter). */
export const EXPECTED_SQL = `cm.answer_content in ('attend', 'proxy_attend')`;

export async function receptionCounts(client: pg.ClientBase, conferenceId: number): Promise<ReceptionCounts> {
  const { rows } = await client.query<ReceptionCounts>(
    // 予定 counts who came without being expected (checked in with confirm) too: 受付済 ≤ 予定 always
    `select count(*) filter (where ${EXPECTED_SQL} or cm.checked_in_at is not null)::int as expected,
            count(*) filter (where cm.checked_in_at is not null)::int as checked_in,
            count(*) filter (where ${EXPECTED_SQL} and cm.checked_in_at is null)::int as not_arrived
       from conference_member cm where cm.conference_id = $1`,
    [conferenceId],
  );
  return rows[0];
}

/**
 * The 定足数 as of now. Only principals (本人 rows; a 代理出席 is its principal's row) count:
 * present = checked in, delegated = answered 委任状 and not checked in.
 */
export async function quorumOf(client: pg.ClientBase, conferenceId: number): Promise<Quorum> {
  const { rows } = await client.query<{
    quorum: QuorumSettings | null;
    principals: number;
    present: number;
    delegated: number;
    as_of: Date;
  }>(
    `select c.quorum,
            count(cm.id) filter (where cm.category = 'principal')::int as principals,
            count(cm.id) filter (where cm.category = 'principal' and cm.checked_in_at is not null)::int as present,
            count(cm.id) filter (where cm.category = 'principal' and cm.answer_content = 'delegate'
                                   and cm.checked_in_at is null)::int as delegated,
            clock_timestamp() as as_of
       from conference c left join conference_member cm on cm.conference_id = c.id
      where c.id = $1
      group by c.id`,
    [conferenceId],
  );
  const r = rows[0];
  const base = { conference_id: conferenceId, present: r.present, delegated: r.delegated, as_of: r.as_of.toISOString() };
  if (!r.quorum) return { ...base, settings: null, total: null, required: null, counted: null, met: null, margin: null };
  const figures = evaluateQuorum(r.quorum, { invitedPrincipals: r.principals, present: r.present, delegated: r.delegated });
  return { ...base, settings: r.quorum, ...figures };
}

/**
 * In the transaction of a check-in, undo or walk-in: the changed row and the counters go to the
 * room's staff as `reception`, the quorum (when one is set) as `quorum`. The room row is locked
 * first, so two desks' check-ins of one conference take turns and their events stay in order.
 */
export async function announceReception(
  client: pg.ClientBase,
  conferenceId: number,
  row: ReceptionRow,
): Promise<{ counts: ReceptionCounts; quorum: Quorum }> {
  await lockRoom(client, conferenceId);
  const counts = await receptionCounts(client, conferenceId);
  await addEvent(client, conferenceId, 'reception', { row, counts }, 'staff');
  const quorum = await quorumOf(client, conferenceId);
  if (quorum.settings) await addEvent(client, conferenceId, 'quorum', quorum, 'staff');
  return { counts, quorum };
}
