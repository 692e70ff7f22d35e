/**
 * The room's own state (issue 12, DESIGN.md §11.1): status, agenda, online URL, panels and the
 * stopwatch, kept in PostgreSQL so any API process serves any client. Each change is one
 * transaction with its event and its audit row.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Attachment } from '../db/schema.ts';
import type { StorageDriver } from '../storage/driver.ts';
import type { Room, RoomUpdate, Stopwatch } from '../schemas/room.ts';
import { Problem } from '../lib/problem.ts';
import { versionConflict } from '../lib/db-errors.ts';
import type { RoomViewer } from '../lib/room/viewers.ts';
import { addEvent, auditRoom, inTransaction, lockRoom, type RoomRow } from './room-db.ts';

/** Attachment links in the info panel stay valid this long (the page reloads them with the room). */
const ATTACHMENT_URL_SECONDS = 15 * 60;

interface ConferenceFacts {
  id: number;
  name: string;
  event_date: Date;
  end_at: Date | null;
  place: string | null;
  description: string | null;
  attachments: Attachment[];
}

/** The running stretch added to elapsed_ms, and stopped (a stopped watch is left as it is). */
const PAUSE_STOPWATCH = `stopwatch_elapsed_ms = stopwatch_elapsed_ms + case when stopwatch_running
     then (extract(epoch from now() - stopwatch_started_at) * 1000)::bigint else 0 end,
   stopwatch_running = false, stopwatch_started_at = null`;

/** The stopwatch as clients compute it; `server_now` is stamped when sent. */
export function stopwatchOf(row: RoomRow): Omit<Stopwatch, 'server_now'> {
  return {
    running: row.stopwatch_running,
    elapsed_ms: Number(row.stopwatch_elapsed_ms),
    started_at: row.stopwatch_started_at ? row.stopwatch_started_at.toISOString() : null,
    label: row.stopwatch_label,
  };
}

/** The fields of a `room` event: everything of the room that is the same for every viewer. */
function sharedState(row: RoomRow) {
  return {
    status: row.status,
    online_url: row.online_url,
    panels: row.panels,
    agenda: row.agenda,
    current_agenda: row.current_agenda,
    version: row.version,
  };
}

export class RoomRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly storage?: StorageDriver,
  ) {}

  /** The room row, created with its defaults on first use. */
  async ensure(viewer: RoomViewer): Promise<void> {
    await this.pool.query('insert into room (conference_id, cci_code) values ($1, $2) on conflict (conference_id) do nothing', [
      viewer.conferenceId,
      viewer.cciCode,
    ]);
  }

  async state(viewer: RoomViewer): Promise<Room> {
    await this.ensure(viewer);
    const [{ rows: rooms }, { rows: conferences }] = await Promise.all([
      this.pool.query<RoomRow>('select * from room where conference_id = $1', [viewer.conferenceId]),
      this.pool.query<ConferenceFacts>(
        'select id, name, event_date, end_at, place, description, attachments from conference where id = $1',
        [viewer.conferenceId],
      ),
    ]);
    const row = rooms[0];
    const conference = conferences[0];
    return {
      conference: {
        id: conference.id,
        name: conference.name,
        event_date: conference.event_date.toISOString(),
        end_at: conference.end_at ? conference.end_at.toISOString() : null,
        place: conference.place,
        description: conference.description,
        attachments: await Promise.all(
          conference.attachments.map(async (a) => ({
            name: a.name,
            size: a.size,
            url: this.storage ? (await this.storage.presignGet(a.key, { expiresInSeconds: ATTACHMENT_URL_SECONDS })).url : null,
          })),
        ),
      },
      ...sharedState(row),
      kind: viewer.kind,
      viewer_name: viewer.name,
      stopwatch: { ...stopwatchOf(row), server_now: new Date().toISOString() },
      last_event_id: Number(row.event_seq),
    };
  }

  /**
   * PUT …/room (staff): status, agenda and its current item, online URL, panels. Ending the room
   * stops a running stopwatch where it stands (issue 29 §6: nobody is measuring after 終了).
   */
  async update(viewer: RoomViewer, input: RoomUpdate): Promise<Room> {
    await inTransaction(this.pool, async (client) => {
      const before = await lockRoom(client, viewer.conferenceId);
      if (before.version !== input.version) throw versionConflict(before.version);
      const agenda = input.agenda ?? before.agenda;
      const current = input.current_agenda === undefined ? before.current_agenda : input.current_agenda;
      if (current !== null && current >= agenda.length) {
        throw new Problem(400, 'invalid_agenda_item', '現在の議題が次第にありません。', [
          { field: 'current_agenda', code: 'out_of_range', message: 'must index an agenda item' },
        ]);
      }
      const { rows } = await client.query<RoomRow>(
        `update room set status = $2, agenda = $3, current_agenda = $4, online_url = $5, panels = $6,
                version = version + 1, updated_at = now(), updated_by = $7
                ${input.status === 'ended' ? `, ${PAUSE_STOPWATCH}` : ''}
          where conference_id = $1 returning *`,
        [
          viewer.conferenceId,
          input.status ?? before.status,
          JSON.stringify(agenda),
          current,
          input.online_url === undefined ? before.online_url : input.online_url,
          JSON.stringify(input.panels ?? before.panels),
          viewer.actor,
        ],
      );
      const after = rows[0];
      const onlyAgenda =
        after.status === before.status &&
        after.online_url === before.online_url &&
        JSON.stringify(after.panels) === JSON.stringify(before.panels);
      const shared = sharedState(after);
      if (before.stopwatch_running && !after.stopwatch_running) {
        await addEvent(client, viewer.conferenceId, 'stopwatch', stopwatchOf(after));
      }
      await addEvent(
        client,
        viewer.conferenceId,
        onlyAgenda ? 'agenda' : 'room',
        onlyAgenda ? { agenda: shared.agenda, current_agenda: shared.current_agenda, version: shared.version } : shared,
      );
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'update',
        entity: 'room',
        entityId: viewer.conferenceId,
        before: sharedState(before),
        after: shared,
      });
    });
    return this.state(viewer);
  }

  /**
   * PUT …/room/stopwatch (staff). start: from now (a running watch keeps running; only its label
   * may change); pause: adds the running stretch to elapsed_ms; reset: back to zero and stopped.
   */
  async stopwatch(viewer: RoomViewer, action: 'start' | 'pause' | 'reset', label?: 'speaking' | 'elapsed'): Promise<Stopwatch> {
    const row = await inTransaction(this.pool, async (client) => {
      const before = await lockRoom(client, viewer.conferenceId);
      const set =
        action === 'start'
          ? `stopwatch_running = true, stopwatch_started_at = case when stopwatch_running then stopwatch_started_at else now() end`
          : action === 'pause'
            ? PAUSE_STOPWATCH
            : `stopwatch_running = false, stopwatch_started_at = null, stopwatch_elapsed_ms = 0`;
      const { rows } = await client.query<RoomRow>(
        `update room set ${set}, stopwatch_label = coalesce($2, stopwatch_label) where conference_id = $1 returning *`,
        [viewer.conferenceId, label ?? null],
      );
      const after = rows[0];
      await addEvent(client, viewer.conferenceId, 'stopwatch', stopwatchOf(after));
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: `stopwatch_${action}`,
        entity: 'room',
        entityId: viewer.conferenceId,
        before: stopwatchOf(before),
        after: stopwatchOf(after),
      });
      return after;
    });
    return { ...stopwatchOf(row), server_now: new Date().toISOString() };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    room: RoomRepository;
  }
}

export default fp<{ storage?: StorageDriver }>(
  async (app, opts) => {
    app.decorate('room', new RoomRepository(app.pool, opts.storage));
  },
  { name: 'room-repository', dependencies: ['database'] },
);
