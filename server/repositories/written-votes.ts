/**
 * 書面議決 (DESIGN.md §12.1, issue 34): a principal's vote per 議案 given before the meeting — by
 * the company admin in the portal until the answer deadline, or recorded by staff from paper (the
 * channel as §11.2). Only until the 議案 is put to the vote: opening freezes who votes how. One
 * transaction per write with one audit row (the votes before and after) and the company's receipt
 * mail listing what is recorded (receipts.ts).
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { AnswerChannel } from '../db/schema.ts';
import { answeringClosedProblem, isAnsweringOpen } from '../lib/conference-rules.ts';
import { notAPrincipal, votingClosed, writtenVotesRefused } from '../lib/votes/problems.ts';
import { notFound } from '../lib/problem.ts';
import type { WrittenVotes, WrittenVotesPut } from '../schemas/written-vote.ts';
import type { MailQueue } from '../jobs/mail-queue.ts';
import { answersRecorded } from '../lib/mail/receipts.ts';
import { auditRoom } from './room-db.ts';
import { clientOf } from './conference-quorum.ts';
import { notUnderDraft } from './company-visibility.ts';

/** Who writes: staff (companyId null) or a company admin confined to its company. */
export interface Recorder {
  cciCode: string;
  username: string;
  companyId: number | null;
}

interface Invitee {
  id: number;
  conference_id: number;
  company_id: number;
  category: string;
  status: string;
  answer_deadline: string | null;
}

async function inviteeOf(tx: Pick<Db, 'execute'>, who: Recorder, id: number, lock: boolean): Promise<Invitee> {
  const company = who.companyId === null ? sql`true` : sql`cm.company_id = ${who.companyId} and ${notUnderDraft('c')}`;
  const result = (await tx.execute(sql`
    select cm.id, cm.conference_id, cm.company_id, cm.category, c.status, c.answer_deadline
      from conference_member cm join conference c on c.id = cm.conference_id
     where cm.id = ${id} and cm.cci_code = ${who.cciCode} and ${company}
     ${lock ? sql`for update of cm` : sql``}`)) as unknown as { rows: Invitee[] };
  if (!result.rows[0]) throw notFound('指定された招待者が見つかりません。');
  return result.rows[0];
}

async function votesOf(client: pg.ClientBase, invitee: Invitee): Promise<WrittenVotes> {
  const { rows } = await client.query<WrittenVotes['data'][number] & { recorded_at: Date | null }>(
    `select m.id as motion_id, m.number, m.title, m.attachments, m.status as motion_status, w.choice, w.channel, w.recorded_by,
            w.recorded_at, coalesce(w.superseded, false) as superseded
       from motion m left join written_vote w on w.motion_id = m.id and w.conference_member_id = $1
      where m.conference_id = $2 order by m.id`,
    [invitee.id, invitee.conference_id],
  );
  return {
    conference_member_id: invitee.id,
    data: rows.map((r) => ({ ...r, recorded_at: r.recorded_at?.toISOString() ?? null })),
  };
}

export class WrittenVotesRepository {
  constructor(
    private readonly db: Db,
    private readonly queue: MailQueue,
  ) {}

  list(who: Recorder, id: number): Promise<WrittenVotes> {
    return this.db.transaction(async (tx) => votesOf(clientOf(tx), await inviteeOf(tx, who, id, false)));
  }

  put(who: Recorder, id: number, input: WrittenVotesPut): Promise<WrittenVotes> {
    return this.db.transaction(async (tx) => {
      const client = clientOf(tx);
      const invitee = await inviteeOf(tx, who, id, true);
      if (invitee.category !== 'principal') throw notAPrincipal();
      const window = {
        status: invitee.status,
        answer_deadline: invitee.answer_deadline ? new Date(invitee.answer_deadline) : null,
      };
      if (who.companyId !== null && !isAnsweringOpen(window)) throw answeringClosedProblem(window);
      if (invitee.status === 'draft' || invitee.status === 'cancelled') throw votingClosed(invitee.status);

      const ids = input.votes.map((v) => v.motion_id);
      const { rows: motions } = await client.query<{ id: number; status: string }>(
        'select id, status from motion where conference_id = $1 and id = any($2::int[]) for share',
        [invitee.conference_id, ids],
      );
      const statusOf = new Map(motions.map((m) => [m.id, m.status]));
      const bad = input.votes.flatMap((v, i) => {
        const status = statusOf.get(v.motion_id);
        if (ids.indexOf(v.motion_id) !== i) return [{ i, code: 'duplicate_motion' }];
        if (!status) return [{ i, code: 'motion_unknown' }];
        return status === 'draft' ? [] : [{ i, code: 'motion_in_vote' }];
      });
      if (bad.length > 0) throw writtenVotesRefused(bad);

      const before = await votesOf(client, invitee);
      const channel: AnswerChannel = who.companyId === null ? (input.channel ?? 'paper') : 'portal';
      const given = input.votes.filter((v) => v.choice !== null);
      const withdrawn = input.votes.filter((v) => v.choice === null).map((v) => v.motion_id);
      await client.query('delete from written_vote where conference_member_id = $1 and motion_id = any($2::int[])', [
        id,
        withdrawn,
      ]);
      await client.query(
        `insert into written_vote (cci_code, conference_member_id, motion_id, choice, channel, recorded_by, created_by, updated_by)
         select $1, $2, m, c, $3, $4, $4, $4 from unnest($5::int[], $6::text[]) as v(m, c)
         on conflict (conference_member_id, motion_id) do update
           set choice = excluded.choice, channel = excluded.channel, recorded_by = excluded.recorded_by, recorded_at = now(),
               superseded = false, superseded_at = null, version = written_vote.version + 1, updated_at = now(),
               updated_by = excluded.updated_by`,
        [who.cciCode, id, channel, who.username, given.map((v) => v.motion_id), given.map((v) => v.choice)],
      );
      const after = await votesOf(client, invitee);
      await auditRoom(client, {
        cciCode: who.cciCode,
        actor: who.username,
        action: 'written_vote',
        entity: 'conference_member',
        entityId: id,
        before: before.data.filter((v) => ids.includes(v.motion_id)),
        after: after.data.filter((v) => ids.includes(v.motion_id)),
      });
      // the company's receipt says what was recorded (issue 34), as after an answer
      await answersRecorded(tx, this.queue, {
        cciCode: who.cciCode,
        companyId: invitee.company_id,
        conferenceIds: [invitee.conference_id],
        recordedBy: who.companyId === null ? 'chamber' : 'company',
        channel,
        receivedAt: new Date(),
        actor: who.username,
      });
      return after;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    writtenVotes: WrittenVotesRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('writtenVotes', new WrittenVotesRepository(app.db, app.mailQueue));
  },
  { name: 'written-votes-repository', dependencies: ['database'] },
);
