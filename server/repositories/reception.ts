/**
 * The reception desk (受付, issue 14, DESIGN.md §11.3): the list, check-in by ticket or by row, undo
 * and walk-ins. Each write is one transaction with its audit row and the room's staff events
 * (`announceReception`), so every desk and board of the conference sees it at once.
 *
 * A check-in is idempotent: `… where checked_in_at is null` lets exactly one of two desks that scan
 * the same ticket at the same moment write it; the other waits for the row, finds it checked in and
 * answers `already: true` (the same check-in, not a second one).
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { ConferenceStatus } from '../db/schema.ts';
import * as schema from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import { signTicket, verifyTicket } from '../lib/reception/ticket.ts';
import {
  RECEPTION_CLOSED,
  notAttending,
  notCheckedIn,
  notExpected,
  receptionClosed,
  ticketInvalid,
  ticketOtherConference,
} from '../lib/reception/problems.ts';
import type { Quorum, ReceptionCounts, ReceptionRow } from '../schemas/reception.ts';
import { notUnderDraft } from './company-visibility.ts';
import { auditRoom, inTransaction } from './room-db.ts';
import { EXPECTED_SQL, announceReception, quorumOf, receptionCounts } from './reception-state.ts';
import { receptionList, receptionRow, type ReceptionList, type ReceptionListQuery } from './reception-rows.ts';
import { walkIn, type WalkIn } from './reception-walk-ins.ts';
import { answersRecorded, chamberAnswerSource } from '../lib/mail/receipts.ts';
import type { MailQueue } from '../jobs/mail-queue.ts';

/** Who works the desk: the chamber (tenant) and the staff username recorded as checked_in_by / answered_by. */
export interface Desk {
  cciCode: string;
  username: string;
}

export interface ReceptionConference {
  id: number;
  name: string;
  status: ConferenceStatus;
  answer_deadline: Date | null;
}

export type CheckIn = ({ qr: string } | { conference_member_id: number }) & { confirm?: boolean };

export interface CheckInResult {
  row: ReceptionRow;
  already: boolean;
  counts: ReceptionCounts;
}

/** The conference of the caller's chamber (404 otherwise); `open`: 422 unless it takes check-ins. */
export async function receptionConference(
  client: pg.ClientBase,
  desk: Desk,
  conferenceId: number,
  open: boolean,
): Promise<ReceptionConference> {
  const { rows } = await client.query<ReceptionConference>(
    'select id, name, status, answer_deadline from conference where id = $1 and cci_code = $2',
    [conferenceId, desk.cciCode],
  );
  const found = rows[0];
  if (!found) throw notFound('指定された会議が見つかりません。');
  if (open && RECEPTION_CLOSED.includes(found.status)) throw receptionClosed(found.status);
  return found;
}

/** The conference member a scanned ticket names, if it is an invitee of this conference. */
async function ticketHolder(client: pg.ClientBase, secret: Buffer, desk: Desk, conferenceId: number, qr: string) {
  const id = verifyTicket(secret, qr);
  if (id === null) throw ticketInvalid();
  const { rows } = await client.query<{ conference_id: number; cci_code: string; name: string }>(
    `select cm.conference_id, c.cci_code, c.name
       from conference_member cm join conference c on c.id = cm.conference_id where cm.id = $1`,
    [id],
  );
  const holder = rows[0];
  // a row removed since, or another chamber's (the key is shared): not a ticket of this chamber
  if (!holder || holder.cci_code !== desk.cciCode) throw ticketInvalid();
  if (holder.conference_id !== conferenceId) throw ticketOtherConference(holder.name);
  return id;
}

export class ReceptionRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly ticketSecret: Buffer,
    private readonly mailQueue: MailQueue,
  ) {}

  /** The 受付票 of the company's own invitee (404 for anyone else's or a conference it may not see). */
  async ticket(cciCode: string, companyId: number, id: number): Promise<{ qr: string }> {
    const result = (await this.db.execute(sql`
      select cm.answer_content, c.status
        from conference_member cm join conference c on c.id = cm.conference_id
       where cm.id = ${id} and cm.cci_code = ${cciCode} and cm.company_id = ${companyId} and ${notUnderDraft('c')}`)) as unknown as {
      rows: { answer_content: string | null; status: ConferenceStatus }[];
    };
    const found = result.rows[0];
    if (!found) throw notFound();
    if (RECEPTION_CLOSED.includes(found.status)) throw receptionClosed(found.status);
    if (found.answer_content !== 'attend' && found.answer_content !== 'proxy_attend') throw notAttending();
    return { qr: signTicket(this.ticketSecret, id) };
  }

  /** The 定足数 as of now (GET …/conferences/{id}/quorum) of a conference of the chamber (404 otherwise). */
  quorum(cciCode: string, conferenceId: number): Promise<Quorum> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query('select 1 from conference where id = $1 and cci_code = $2', [
        conferenceId,
        cciCode,
      ]);
      if (rowCount === 0) throw notFound();
      return quorumOf(client, conferenceId);
    });
  }

  async list(desk: Desk, conferenceId: number, query: ReceptionListQuery): Promise<ReceptionList> {
    const client = await this.pool.connect();
    try {
      await receptionConference(client, desk, conferenceId, false);
      return await receptionList(client, conferenceId, query);
    } finally {
      client.release();
    }
  }

  checkIn(desk: Desk, conferenceId: number, input: CheckIn): Promise<CheckInResult> {
    return inTransaction(this.pool, async (client) => {
      await receptionConference(client, desk, conferenceId, true);
      const id =
        'qr' in input ? await ticketHolder(client, this.ticketSecret, desk, conferenceId, input.qr) : input.conference_member_id;
      // attended_by: the member, or the substitute named in a 代理出席 answer
      const { rowCount } = await client.query(
        `update conference_member cm
            set checked_in_at = now(), checked_in_by = $3,
                attended_by = case when cm.answer_content = 'proxy_attend' then coalesce(cm.proxy_name, member.name)
                                   else member.name end,
                version = cm.version + 1, updated_at = now(), updated_by = $3
           from member
          where member.id = cm.member_id and cm.id = $1 and cm.conference_id = $2 and cm.checked_in_at is null
            and (coalesce(${EXPECTED_SQL}, false) or $4)`,
        [id, conferenceId, desk.username, input.confirm === true],
      );
      const row = await receptionRow(client, conferenceId, id);
      if (!row) throw notFound('指定された招待者が見つかりません。');
      if (rowCount === 0) {
        if (row.checked_in_at === null) throw notExpected(row.answer_content, row.id);
        return { row, already: true, counts: await receptionCounts(client, conferenceId) };
      }
      await auditRoom(client, {
        cciCode: desk.cciCode,
        actor: desk.username,
        action: 'check_in',
        entity: 'conference_member',
        entityId: id,
        after: { checked_in_at: row.checked_in_at, checked_in_by: row.checked_in_by, attended_by: row.attended_by },
      });
      const { counts } = await announceReception(client, conferenceId, row);
      return { row, already: false, counts };
    });
  }

  /** Undo a check-in (a wrong tap): the row stays an invitee, not yet arrived; 409 when it was not checked in. */
  undo(desk: Desk, conferenceId: number, id: number): Promise<{ row: ReceptionRow; counts: ReceptionCounts }> {
    return inTransaction(this.pool, async (client) => {
      await receptionConference(client, desk, conferenceId, true);
      const { rows } = await client.query<{
        checked_in_at: Date | null;
        checked_in_by: string | null;
        attended_by: string | null;
      }>(
        `select checked_in_at, checked_in_by, attended_by from conference_member
          where id = $1 and conference_id = $2 for update`,
        [id, conferenceId],
      );
      const before = rows[0];
      if (!before) throw notFound('指定された招待者が見つかりません。');
      if (before.checked_in_at === null) throw notCheckedIn();
      await client.query(
        `update conference_member
            set checked_in_at = null, checked_in_by = null, attended_by = null,
                version = version + 1, updated_at = now(), updated_by = $2
          where id = $1`,
        [id, desk.username],
      );
      const row = (await receptionRow(client, conferenceId, id))!;
      await auditRoom(client, {
        cciCode: desk.cciCode,
        actor: desk.username,
        action: 'undo_check_in',
        entity: 'conference_member',
        entityId: id,
        before: { ...before, checked_in_at: before.checked_in_at.toISOString() },
      });
      const { counts } = await announceReception(client, conferenceId, row);
      return { row, counts };
    });
  }

  walkIn(desk: Desk, conferenceId: number, input: WalkIn): Promise<CheckInResult> {
    return inTransaction(this.pool, async (client) => {
      const target = await receptionConference(client, desk, conferenceId, true);
      const tx: Db = drizzle(client, { schema });
      const id = await walkIn(client, tx, desk, target, input);
      const row = (await receptionRow(client, conferenceId, id))!;
      // an answer the chamber recorded at the counter: the company gets its receipt (issue 13)
      const now = new Date();
      await answersRecorded(
        tx,
        this.mailQueue,
        chamberAnswerSource(
          {
            cci_code: desk.cciCode,
            company_id: row.company_id,
            conference_id: conferenceId,
            answer_channel: 'counter',
            answer_received_at: now,
          },
          desk.username,
          now,
        ),
      );
      const { counts } = await announceReception(client, conferenceId, row);
      return { row, already: false, counts };
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reception: ReceptionRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('reception', new ReceptionRepository(app.pool, app.db, app.roomLinkSecret, app.mailQueue));
  },
  { name: 'reception-repository', dependencies: ['database', 'room-link-secret'] },
);
