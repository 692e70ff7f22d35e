/**
 * 回答受付のお知らせ (issue 13): after every answer that changed something, one receipt per company
 * and per conference, listing every invitee of that company there as recorded, who recorded it (the
 * company in the portal, or the chamber and through which channel) and when. Nothing for a
 * conference the company cannot see (a draft, or under one) or that was cancelled. Each invitee's row
 * id goes into the payload: the mail shows the 受付票 of those attending (issue 14, tickets.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { company, conference, conference_member, member, notification, type AnswerChannel } from '../../db/schema.ts';
import { companyAddresses } from './recipients.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';
import type { Executor } from '../audit.ts';
import type { ReceiptPayload } from './payload.ts';
import { SKIP, type ConferenceRow } from './outbox.ts';
import { subjectOf } from './subject.ts';
import { namedStatement } from '../../db/prepared.ts';

export interface AnswerSource {
  cciCode: string;
  companyId: number;
  /** the conferences in which this submission changed an answer */
  conferenceIds: number[];
  recordedBy: ReceiptPayload['recorded_by'];
  /** null: staff cleared the answer (未回答に戻す); no channel applies */
  channel: AnswerChannel | null;
  receivedAt: Date;
  actor: string;
}

/**
 * The receipt's outbox row in one statement (issue 16: one round trip per answer instead of a read
 * and an insert): the company's invitees as recorded, in their order (ReceiptPayload['answers']),
 * and the company's addresses; without one the row is `skipped` / `no_address` as in outboxRows.
 * Also bench/api-scenarios.ts (the answer's SQL floor).
 */
export const RECEIPT_INSERT = namedStatement<{ id: number; status: string }>('receipt_insert', () => {
  const cm = conference_member;
  const [conferenceId, companyId] = [sql.placeholder('conference'), sql.placeholder('company')];
  const receipt = sql`select
      coalesce((select json_agg(json_build_object(
                  'conference_member_id', ${cm.id}, 'member_name', ${member.name}, 'member_title', ${member.title},
                  'answer_content', ${cm.answer_content}, 'proxy_name', ${cm.proxy_name}, 'proxy_title', ${cm.proxy_title},
                  'answer_channel', ${cm.answer_channel}, 'answered_late', ${cm.answered_late},
                  'delegate_name', case when ${cm.answer_content} = 'delegate' then coalesce(
                    (select dm.name from conference_member d join member dm on dm.id = d.member_id where d.id = ${cm.delegate_to}),
                    '議長') end)
                  order by ${cm.sort}, ${cm.id})
                  from ${cm} join ${member} on ${member.id} = ${cm.member_id}
                 where ${cm.conference_id} = ${conferenceId} and ${cm.company_id} = ${companyId}), '[]'::json) as answers,
      -- 書面議決 (issue 34): as recorded, those set aside (voted in person) left out
      coalesce((select json_agg(json_build_object('member_name', wm.name, 'member_title', wm.title, 'number', mo.number,
                  'title', mo.title, 'choice', w.choice) order by wc.sort, wc.id, mo.id)
                  from written_vote w join motion mo on mo.id = w.motion_id
                  join conference_member wc on wc.id = w.conference_member_id join member wm on wm.id = wc.member_id
                 where wc.conference_id = ${conferenceId} and wc.company_id = ${companyId} and not w.superseded), '[]'::json)
        as written_votes,
      (select ${companyAddresses} from ${company} where ${company.id} = ${companyId}) as "to"`;
  return sql`insert into ${notification} ("cci_code", "conference_id", "company_id", "kind", "to", "subject", "payload", "status", "error", "created_by")
    select ${sql.placeholder('cci')}, ${conferenceId}, ${companyId}, 'receipt', r."to", ${sql.placeholder('subject')},
           jsonb_build_object('answers', r.answers, 'written_votes', r.written_votes, 'recorded_by', ${sql.placeholder('recorded_by')}::text,
                              'channel', ${sql.placeholder('channel')}::text, 'received_at', ${sql.placeholder('received_at')}::text),
           case when r."to" is null then 'skipped' else 'queued' end,
           case when r."to" is null then ${SKIP.noAddress} end,
           ${sql.placeholder('actor')}
      from (${receipt}) r
    returning "id", "status"`;
});

/** RECEIPT_INSERT's values for one conference of a submission. */
export function receiptValues(target: Pick<ConferenceRow, 'id' | 'cci_code' | 'name' | 'event_date'>, source: AnswerSource) {
  return {
    cci: target.cci_code,
    conference: target.id,
    company: source.companyId,
    subject: subjectOf('receipt', target),
    recorded_by: source.recordedBy,
    channel: source.channel,
    received_at: source.receivedAt.toISOString(),
    actor: source.actor,
  };
}

/** A conference of a receipt and its parent's status (null for a top-level conference). */
export type ReceiptTarget = Pick<ConferenceRow, 'id' | 'cci_code' | 'parent_id' | 'status' | 'name' | 'event_date'> & {
  parent_status: string | null;
};

/**
 * Writes the receipts of one submission (portal) or one staff-recorded answer. `loaded`: the
 * conferences the caller already read in this transaction (the portal's answer locks them), which
 * saves reading them again (issue 16: fewer round trips per answer).
 */
export async function answersRecorded(
  tx: Executor,
  queue: MailQueue,
  source: AnswerSource,
  loaded?: ReceiptTarget[],
): Promise<void> {
  if (source.conferenceIds.length === 0) return;
  const targets = loaded
    ? loaded
        .filter((c) => c.cci_code === source.cciCode && source.conferenceIds.includes(c.id))
        .sort((x, y) => x.id - y.id)
        .map((c) => ({ row: c, parentStatus: c.parent_id === null ? c.status : c.parent_status }))
    : await targetsOf(tx, source);
  for (const { row, parentStatus } of targets) {
    if (row.status === 'draft' || row.status === 'cancelled' || parentStatus === 'draft') continue;
    const { rows } = await RECEIPT_INSERT.run(tx, receiptValues(row, source));
    await queue.enqueue(
      tx,
      rows.filter((r) => r.status === 'queued').map((r) => r.id),
    );
  }
}

async function targetsOf(tx: Executor, source: AnswerSource) {
  const targets = await tx
    .select({ row: conference })
    .from(conference)
    .where(and(eq(conference.cci_code, source.cciCode), inArray(conference.id, source.conferenceIds)))
    .orderBy(asc(conference.id));
  const parents = new Map(
    (
      await tx
        .select({ id: conference.id, status: conference.status })
        .from(conference)
        .where(
          inArray(
            conference.id,
            targets.map((t) => t.row.parent_id ?? t.row.id),
          ),
        )
    ).map((p) => [p.id, p.status]),
  );
  return targets.map(({ row }) => ({ row, parentStatus: row.parent_id === null ? row.status : parents.get(row.parent_id) }));
}

/** The receipt of a company's own answers in the portal (POST /v1/company/conference_members/answer). */
export function portalAnswerSource(
  cciCode: string,
  companyId: number,
  actor: string,
  conferenceIds: number[],
  at: Date,
): AnswerSource {
  return { cciCode, companyId, conferenceIds, recordedBy: 'company', channel: 'portal', receivedAt: at, actor };
}

/** The receipt of an answer staff recorded (PUT …/conference_members/{id}): its channel and reception time. */
export function chamberAnswerSource(
  row: {
    cci_code: string;
    company_id: number;
    conference_id: number;
    answer_channel?: AnswerChannel | null;
    answer_received_at?: Date | null;
  },
  actor: string,
  at: Date,
): AnswerSource {
  return {
    cciCode: row.cci_code,
    companyId: row.company_id,
    conferenceIds: [row.conference_id],
    recordedBy: 'chamber',
    // staff name the channel of every answer they record; a cleared answer has none
    channel: row.answer_channel ?? null,
    receivedAt: row.answer_received_at ?? at,
    actor,
  };
}
