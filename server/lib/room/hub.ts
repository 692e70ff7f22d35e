/**
 * Fan-out of room events to this process's SSE clients (issue 12, DESIGN.md §11.1).
 *
 * Every write that makes an event inserts it in `room_event` (numbered per room) and NOTIFYs
 * `kaigi_room` with `{conference_id}:{seq}` in the same transaction: PostgreSQL carries ids only,
 * between any number of API processes. Each process holds one LISTEN connection; on a notice for
 * a room some of its clients watch, it reads that room's events after the last it read (one query
 * for all of them) and writes each to its clients. Rows, not notices, are the truth: a notice lost
 * while the LISTEN connection reconnects is caught up by reading from the last number read.
 *
 * A client that joins reads its backlog (events after its Last-Event-ID) from the database, in
 * turn with the room's live reads, while live events for it are held back, then gets the held ones
 * it had not yet seen: nothing lost, nothing doubled. Staff-only events (comments) are skipped for other viewers, but for a comment's
 * own author (its `sender_key`), who follows its status (decision 0022).
 *
 * Who may enter can change under an open stream (issue 29): at `access_changed` each viewer but
 * staff is checked again, its later events held meanwhile; one still allowed goes on, one no longer
 * allowed gets `access_revoked` with the event's id and its stream ends, as does a revoked link's
 * (`link_revoked`). So every event that ends a stream carries its id, and no client resumes from
 * before it to be ended again (SERVER_EVENT_KINDS, server/schemas/room.ts).
 */
import pg from 'pg';

export const ROOM_CHANNEL = 'kaigi_room';
/** DESIGN.md §11.1: a comment line every 15 s keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** A client whose socket holds more unsent bytes than this is closed; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1 << 20;
const BACKLOG_LIMIT = 5_000;
const RECONNECT_MS = 1_000;

export interface RoomEvent {
  seq: number;
  kind: string;
  audience: 'all' | 'staff';
  payload: Record<string, unknown>;
}

export interface RoomClient {
  /** sees staff-only events */
  readonly staff: boolean;
  /** chat messages with this sender_key are the client's own (`own: true`); one link, one key */
  readonly senderKey: string;
  /** whether the viewer may still enter (rejects when that cannot be known now) */
  mayEnter(): Promise<boolean>;
  /** the socket's writes; false once it is gone */
  write(chunk: string): void;
  writableLength(): number;
  end(): void;
}

interface Subscription {
  client: RoomClient;
  lastSent: number;
  /** live events that arrived while the backlog was being read or access checked again */
  held: RoomEvent[] | null;
  ended: boolean;
}

interface Room {
  subs: Set<Subscription>;
  /** the newest event number read for this room; null until the first subscriber's read sets it */
  lastSeq: number | null;
  /** a notice that arrived before lastSeq was known */
  pending: boolean;
  reading: Promise<void>;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class RoomHub {
  private readonly rooms = new Map<number, Room>();
  private listener: pg.Client | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: HubLog,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Number of clients connected to this process (bench, tests). */
  get clientCount(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.subs.size;
    return n;
  }

  /**
   * Streams the room's events after `lastEventId` (null: none of the past) to `client`, then live
   * ones, until `unsubscribe`.
   */
  async subscribe(conferenceId: number, client: RoomClient, lastEventId: number | null): Promise<() => void> {
    let room = this.rooms.get(conferenceId);
    if (!room) {
      room = { subs: new Set(), lastSeq: null, pending: false, reading: Promise.resolve() };
      this.rooms.set(conferenceId, room);
    }
    const sub: Subscription = { client, lastSent: lastEventId ?? 0, held: [], ended: false };
    room.subs.add(sub);
    const unsubscribe = () => {
      sub.ended = true;
      room.subs.delete(sub);
      if (room.subs.size === 0 && this.rooms.get(conferenceId) === room) this.rooms.delete(conferenceId);
    };
    let backlog: RoomEvent[];
    try {
      backlog = await this.readBacklog(conferenceId, room, sub, lastEventId);
    } catch (err) {
      unsubscribe();
      throw err;
    }
    // the live events held meanwhile follow the backlog (write skips those already sent)
    sub.held = [...backlog, ...(sub.held ?? [])];
    // "from now" is this read, later than the route's entry check: an access change in between is
    // neither in the backlog nor in that answer, so such a viewer is asked once more (issue 29)
    void this.drain(sub, lastEventId === null && !client.staff);
    return unsubscribe;
  }

  /**
   * A subscription's backlog, read in turn with the room's live reads: the room's event number is
   * then never ahead of this read, so every later event reaches the subscription live (held until
   * the backlog is written). Read beside them, a first subscriber's later read could set the room's
   * number past an event that an earlier read of another subscriber did not hold, which would never
   * reach that subscriber (an access change it would never be let go by).
   */
  private readBacklog(conferenceId: number, room: Room, sub: Subscription, lastEventId: number | null): Promise<RoomEvent[]> {
    const read = room.reading.then(async () => {
      // one statement, one snapshot: the backlog and the room's event number agree
      const { rows } = await this.pool.query<{ event_seq: string; events: RoomEvent[] }>(
        `select r.event_seq,
                coalesce((select json_agg(e order by e.seq) from (
                   select seq, kind, audience, payload from room_event
                    where conference_id = $1 and seq > coalesce($2, r.event_seq) order by seq limit ${BACKLOG_LIMIT}) e), '[]') as events
           from room r where r.conference_id = $1`,
        [conferenceId, lastEventId],
      );
      const seq = Number(rows[0]?.event_seq ?? 0);
      if (lastEventId === null) sub.lastSent = seq;
      if (room.lastSeq === null) {
        room.lastSeq = seq;
        if (room.pending) this.readNew(conferenceId, room);
      }
      return rows[0]?.events ?? [];
    });
    room.reading = read.then(
      () => {},
      () => {},
    );
    return read;
  }

  /**
   * Writes a subscription's held events in order, then lets live ones through. An access_changed
   * among them is awaited (mayEnter): the events after it stay held until the viewer is let go on.
   * `admit`: the viewer is asked first whether it may (still) enter.
   */
  private async drain(sub: Subscription, admit: boolean): Promise<void> {
    if (admit) await this.recheck([sub], null);
    const held = sub.held ?? [];
    while (held.length > 0 && !sub.ended) {
      const event = held.shift() as RoomEvent;
      if (this.mustRecheck(sub, event)) await this.recheck([sub], event);
      else this.write(sub, event, new Frames(event));
    }
    sub.held = null;
  }

  private mustRecheck(sub: Subscription, event: RoomEvent): boolean {
    return event.kind === 'access_changed' && !sub.client.staff && Number(event.seq) > sub.lastSent;
  }

  /**
   * An access_changed for these subscriptions: each viewer is asked again whether it may enter
   * (once per sender key: the many streams of one guest link cost one query). Those still allowed
   * go on past the event; the others get `access_revoked` with its id and end. When the answer
   * cannot be had (the database is away), the stream ends without the id: its reconnect from
   * before the event asks again. Without an event (a stream's start, subscribe), one refused ends
   * without an id too: its reconnect is a 404.
   */
  private async recheck(subs: Subscription[], event: RoomEvent | null): Promise<void> {
    const answers = new Map<string, Promise<boolean>>();
    const results = await Promise.allSettled(
      subs.map((sub) => {
        const key = sub.client.senderKey;
        if (!answers.has(key)) answers.set(key, sub.client.mayEnter());
        return answers.get(key) as Promise<boolean>;
      }),
    );
    subs.forEach((sub, i) => {
      const result = results[i];
      if (sub.ended) return;
      if (result.status === 'rejected') {
        this.log.warn({ err: result.reason }, 'room access check failed; stream ended');
        this.end(sub);
      } else if (!result.value) {
        if (event) this.revoke(sub, event);
        else this.end(sub);
      } else if (event) sub.lastSent = Math.max(sub.lastSent, Number(event.seq));
    });
  }

  /** The last event of a stream: `access_revoked` with the id of the event that ended it. */
  private revoke(sub: Subscription, event: RoomEvent): void {
    sub.lastSent = Number(event.seq);
    sub.client.write(`id: ${event.seq}\nevent: access_revoked\ndata: ${JSON.stringify({ reason: event.kind })}\n\n`);
    this.end(sub);
  }

  private end(sub: Subscription): void {
    sub.ended = true;
    sub.client.end();
  }

  /** Ends every stream (shutdown) and the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) for (const sub of room.subs) sub.client.end();
    this.rooms.clear();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...this.pool.options, application_name: 'kaigi-room-listen' });
    client.on('notification', (msg) => this.onNotice(msg.payload));
    const lost = (err?: Error) => {
      if (this.closed || this.listener !== client) return;
      this.listener = null;
      this.log.warn({ err }, 'room LISTEN connection lost; reconnecting');
      client.end().catch(() => {});
      setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`listen ${ROOM_CHANNEL}`);
    this.listener = client;
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen();
    } catch (err) {
      this.log.warn({ err }, 'room LISTEN reconnect failed');
      setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
      return;
    }
    // notices sent while disconnected are gone: read every watched room from where it stopped
    for (const [conferenceId, room] of this.rooms) this.readNew(conferenceId, room);
  }

  private onNotice(payload: string | undefined): void {
    const match = /^(\d+):(\d+)$/.exec(payload ?? '');
    if (!match) return;
    const conferenceId = Number(match[1]);
    const room = this.rooms.get(conferenceId);
    if (!room) return;
    if (room.lastSeq === null) room.pending = true;
    else if (Number(match[2]) > room.lastSeq) this.readNew(conferenceId, room);
  }

  /** Reads the room's events after the last read, in turn with earlier reads of the same room. */
  private readNew(conferenceId: number, room: Room): void {
    room.reading = room.reading.then(async () => {
      if (room.lastSeq === null || room.subs.size === 0) return;
      try {
        const { rows } = await this.pool.query<RoomEvent & { seq: string }>(
          `select seq, kind, audience, payload from room_event where conference_id = $1 and seq > $2 order by seq limit ${BACKLOG_LIMIT}`,
          [conferenceId, room.lastSeq],
        );
        for (const row of rows) {
          const event = { ...row, seq: Number(row.seq) };
          room.lastSeq = event.seq;
          const frames = new Frames(event);
          const recheck: Subscription[] = [];
          for (const sub of room.subs) {
            if (sub.held) sub.held.push(event);
            else if (this.mustRecheck(sub, event)) recheck.push(sub);
            else this.write(sub, event, frames);
          }
          // the room's later events wait for the answers: nobody refused sees one more
          if (recheck.length > 0) await this.recheck(recheck, event);
        }
      } catch (err) {
        this.log.error({ err, conferenceId }, 'room events read failed');
        // read again: the events are in the rows, and no later notice may come to fetch them (the
        // room's last events before everyone falls silent, a pool drained by a database restart)
        setTimeout(() => {
          if (!this.closed && this.rooms.get(conferenceId) === room) this.readNew(conferenceId, room);
        }, RECONNECT_MS).unref();
      }
    });
  }

  private write(sub: Subscription, event: RoomEvent, frames: Frames): void {
    const seq = Number(event.seq);
    if (seq <= sub.lastSent || sub.ended) return;
    // a revoked link's open streams end; its reconnect is then a 404 like any other use of it
    if (event.kind === 'link_revoked') {
      if (event.payload.sender_key === sub.client.senderKey) this.revoke(sub, event);
      else sub.lastSent = seq;
      return;
    }
    sub.lastSent = seq;
    // staff are not asked again when who may enter changes (mustRecheck); nothing to show them
    if (event.kind === 'access_changed') return;
    if (event.audience === 'staff' && !sub.client.staff && !ownComment(event, sub.client)) return;
    if (sub.client.writableLength() > MAX_BUFFERED_BYTES) {
      this.end(sub);
      return;
    }
    sub.client.write(frames.for(sub.client.senderKey));
  }

  private beat(): void {
    for (const room of this.rooms.values()) for (const sub of room.subs) if (!sub.held) sub.client.write(': heartbeat\n\n');
  }
}

const ownComment = (event: RoomEvent, client: RoomClient) =>
  event.kind === 'comment' && event.payload.sender_key === client.senderKey;

/**
 * The SSE text of one event, made once per event (and once more for the sender's own view of a chat
 * message). A stopwatch event carries `server_now` as of its writing, for the clients' clock offset.
 */
class Frames {
  private others: string | null = null;
  private own: string | null = null;

  constructor(private readonly event: RoomEvent) {}

  for(senderKey: string): string {
    const { sender_key: key } = this.event.payload;
    if (this.event.kind === 'chat' && key === senderKey) return (this.own ??= this.frame(true));
    return (this.others ??= this.frame(false));
  }

  private frame(own: boolean): string {
    const { sender_key: _key, ...payload } = this.event.payload;
    const data =
      this.event.kind === 'chat'
        ? { ...payload, own }
        : this.event.kind === 'stopwatch'
          ? { ...payload, server_now: new Date().toISOString() }
          : payload;
    return `id: ${this.event.seq}\nevent: ${this.event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
  }
}
