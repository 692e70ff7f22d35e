/**
 * Shared plumbing of the room repositories (issue 12): transactions on the pool, the room row lock,
 * and the event insert that numbers, stores and announces an event in the writer's transaction.
 */
import type pg from 'pg';
import { ROOM_CHANNEL } from '../lib/room/hub.ts';
import type { RoomEventKind } from '../schemas/room.ts';

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export interface RoomRow {
  conference_id: number;
  cci_code: string;
  status: 'waiting' | 'open' | 'ended';
  agenda: { title: string; presenter: string | null; minutes: number | null }[];
  current_agenda: number | null;
  online_url: string | null;
  panels: { chat: boolean; comment: boolean };
  stopwatch_running: boolean;
  stopwatch_elapsed_ms: string;
  stopwatch_started_at: Date | null;
  stopwatch_label: 'speaking' | 'elapsed';
  event_seq: string;
  version: number;
}

/**
 * The room row (created with its defaults on first use), locked until the transaction ends: writes
 * of one room, and their events, take turns.
 */
export async function lockRoom(client: pg.ClientBase, conferenceId: number): Promise<RoomRow> {
  await client.query(
    `insert into room (conference_id, cci_code) select id, cci_code from conference where id = $1
     on conflict (conference_id) do nothing`,
    [conferenceId],
  );
  const { rows } = await client.query<RoomRow>('select * from room where conference_id = $1 for update', [conferenceId]);
  return rows[0];
}

/**
 * Appends an event to the room and NOTIFYs its number (delivered at commit, DESIGN.md §11.1). The
 * number comes from the room row, so events commit in number order and a resume misses nothing.
 */
export async function addEvent(
  client: pg.ClientBase,
  conferenceId: number,
  kind: RoomEventKind,
  payload: object,
  audience: 'all' | 'staff' = 'all',
): Promise<number> {
  const { rows } = await client.query<{ seq: string }>(
    `with s as (update room set event_seq = event_seq + 1 where conference_id = $1 returning event_seq),
          e as (insert into room_event (conference_id, seq, kind, audience, payload)
                select $1, event_seq, $2, $3, $4 from s returning seq)
     select seq, pg_notify('${ROOM_CHANNEL}', $1::text || ':' || seq) from e`,
    [conferenceId, kind, audience, JSON.stringify(payload)],
  );
  return Number(rows[0].seq);
}

/** DESIGN.md §4: every write leaves an audit row, in the transaction of the change. */
export async function auditRoom(
  client: pg.ClientBase,
  entry: {
    cciCode: string;
    actor: string;
    action: string;
    entity: string;
    entityId: string | number;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await client.query(
    'insert into audit_log (cci_code, actor, action, entity, entity_id, before, after) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      entry.cciCode,
      entry.actor,
      entry.action,
      entry.entity,
      String(entry.entityId),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
