/**
 * Rooms the room tests create for themselves (issue 12): a conference of the demo chamber to which
 * company C0001 (the demo COMPANY_ADMIN's) is invited with one member, and an SSE reader.
 */
import type pg from 'pg';
import { loadLinkSecret, signLink } from '../../server/lib/room/link-token.ts';
import { buildTestApp, caller } from './app.ts';
import { companyIdOf, tokenOf } from './fixtures.ts';
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

/**
 * A link row written straight to the database and its token, signed with the key the database
 * keeps (an app built without `room.linkSecret` uses it): for fixtures that need a holder without
 * going through the staff API.
 */
export async function insertLink(
  pool: pg.Pool,
  conferenceId: number,
  opts: { cciCode?: string; kind?: 'guest' | 'user'; name?: string; conferenceMemberId?: number } = {},
): Promise<{ id: number; token: string }> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into room_link (cci_code, conference_id, kind, name, conference_member_id, created_by)
     values ($1, $2, $3, $4, $5, 'fixture') returning id`,
    [opts.cciCode ?? 'demo', conferenceId, opts.kind ?? 'guest', opts.name ?? '来賓 一郎', opts.conferenceMemberId ?? null],
  );
  return { id: rows[0].id, token: signLink(await loadLinkSecret(pool), conferenceId, rows[0].id) };
}

/** The token at the end of a link's url ({origin}/room/{token}). */
export const tokenOfUrl = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

export interface SseEvent {
  id: number | null;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** comment lines (`: heartbeat`), without the colon */
  comments: string[];
  /** resolves with the events once `count` have arrived (all kinds, or of `kind`) */
  waitFor(count: number, kind?: string): Promise<SseEvent[]>;
  /** resolves once `count` comment lines have arrived */
  waitForComments(count: number): Promise<string[]>;
  /** resolves when the server ends the stream (not when close() aborts it) */
  ended: Promise<void>;
  close(): void;
}

const WAIT_MS = 10_000;

/**
 * Opens an event stream with fetch and parses it as EventSource would (id, event, data lines;
 * comment lines counted apart). A refused stream (not 200) has its status and no events.
 */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let endedBy: () => void = () => {};
  const ended = new Promise<void>((resolve) => (endedBy = resolve));
  const waitUntil = <T>(ready: () => T | null, what: () => string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = ready();
        if (value === null) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what()}; got ${JSON.stringify(events)}`));
      }, WAIT_MS);
      waiters.add(check);
      check();
    });
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    waitFor: (count, kind) =>
      waitUntil(
        () => {
          const matching = kind ? events.filter((e) => e.event === kind) : events;
          return matching.length >= count ? matching : null;
        },
        () => `${count} ${kind ?? ''} events`,
      ),
    waitForComments: (count) =>
      waitUntil(
        () => (comments.length >= count ? comments : null),
        () => `${count} comment lines`,
      ),
    ended,
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    endedBy();
    return stream;
  }
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
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
          }
          if (fields.data !== undefined) {
            events.push({
              id: fields.id ? Number(fields.id) : null,
              event: fields.event ?? 'message',
              data: JSON.parse(fields.data),
            });
          }
          for (const w of [...waiters]) w();
        }
      }
      endedBy();
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

/** The room paths of the three audiences (DESIGN.md §11.1). */
export const staffRoom = (conferenceId: number, rest = '') => `/v1/cci/admin/master/conferences/${conferenceId}/room${rest}`;
export const companyRoom = (conferenceId: number, rest = '') => `/v1/company/conferences/${conferenceId}/room${rest}`;
export const linkRoom = (token: string, rest = '') => `/v1/room/${token}${rest}`;

/** The app listening on a free port (event streams need a real socket), with its base URL and a signed-in caller. */
export async function listeningApp(opts: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp(opts);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base, call: caller(app, tokenOf) };
}
