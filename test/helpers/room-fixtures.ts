/**
 * Rooms the room tests create for themselves (issue 12): a conference of the demo chamber to which
 * company C0001 (the demo COMPANY_ADMIN's) is invited with one member, and an SSE reader.
 */
import type pg from 'pg';
import { companyIdOf } from './fixtures.ts';
import { createConference, type ConferenceOpts } from './attendance-fixtures.ts';

export interface RoomFixture {
  conferenceId: number;
  companyId: number;
  conferenceMemberId: number;
}

export async function createRoomConference(pool: pg.Pool, opts: ConferenceOpts = {}): Promise<RoomFixture> {
  const conferenceId = await createConference(pool, { name: '会議室テスト', ...opts });
  const companyId = await companyIdOf(pool, 'C0001');
  await pool.query('insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3)', [
    opts.cciCode ?? 'demo',
    conferenceId,
    companyId,
  ]);
  const { rows } = await pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id)
     select $1, $2, $3, m.id from member m where m.company_id = $3 order by m.id limit 1 returning id`,
    [opts.cciCode ?? 'demo', conferenceId, companyId],
  );
  return { conferenceId, companyId, conferenceMemberId: rows[0].id };
}

export interface SseEvent {
  id: number | null;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  /** resolves with the events once `count` have arrived (all kinds, or of `kind`) */
  waitFor(count: number, kind?: string): Promise<SseEvent[]>;
  close(): void;
}

/** Opens an event stream with fetch and parses it as EventSource would (id, event, data lines). */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const stream: SseStream = {
    status: response.status,
    events,
    waitFor: (count, kind) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${count} ${kind ?? ''} events; got ${JSON.stringify(events)}`)),
          10_000,
        );
        const check = () => {
          const matching = kind ? events.filter((e) => e.event === kind) : events;
          if (matching.length >= count) {
            clearTimeout(timer);
            resolve(matching);
            return true;
          }
          return false;
        };
        if (!check()) waiters.push(() => void check());
      }),
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) return stream;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
          }
          if (fields.data === undefined) continue;
          events.push({
            id: fields.id ? Number(fields.id) : null,
            event: fields.event ?? 'message',
            data: JSON.parse(fields.data),
          });
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}
