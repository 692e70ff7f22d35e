/**
 * 採決 of a 議案 (DESIGN.md §12.1, issue 34): open a poll, enter the 挙手 counts, close it (the tally
 * from the rows, server/lib/votes/tally.ts) and declare the result. Tenant: a motion of a conference
 * of the caller's chamber (404 otherwise). Each write is one transaction that first locks the motion
 * row, with its audit row and the room's staff `poll` event.
 *
 * Opening freezes who votes (poll_voter): every invited principal checked in (present, in person or
 * through the 代理出席 substitute), else with a written vote on the motion (書面), else with a 委任状
 * (delegated; to the invitee named if that invitee is checked in at opening, else to the chair —
 * decision 0026). A principal checked in has their written vote set aside (kept, marked superseded).
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Motion as MotionRow, Poll as PollRow, PollEntitled, VoterKind } from '../db/schema.ts';
import { versionConflict } from '../lib/db-errors.ts';
import { basisCount, motionQuorum, outcomeOf } from '../lib/votes/rule.ts';
import { progressOf } from '../lib/votes/progress.ts';
import { tallyOf } from '../lib/votes/tally.ts';
import {
  ballotsNotForMethod,
  ballotsRefused,
  chairDecisionNotTied,
  chairDecisionRequired,
  countsExceedVoters,
  countsMissing,
  countsNotForMethod,
  motionDeclared,
  motionNotFound,
  pollAlreadyOpen,
  pollClosed,
  pollNotClosed,
  pollNotFound,
  pollNotLatest,
  quorumNotMet,
  votingClosed,
} from '../lib/votes/problems.ts';
import type { PollCreate, PollDeclare, PollProgress, PollResult, PollUpdate } from '../schemas/poll.ts';

type BallotInput = NonNullable<PollUpdate['ballots']>[number];
import { quorumOf } from './reception-state.ts';
import { readPollProgress } from './poll-progress.ts';
import type { VoteEvent } from '../schemas/ballot.ts';
import { addEvent, auditRoom, inTransaction, lockRoom } from './room-db.ts';
import type { Staff } from './motions.ts';
import { toMotion, toPoll } from './vote-rows.ts';

type MotionInConference = MotionRow & { conference_status: string };

/** The motion of a conference of the caller's chamber, locked until the transaction ends. */
async function lockMotion(client: pg.ClientBase, staff: Staff, conferenceId: number, motionId: number) {
  const { rows } = await client.query<MotionInConference>(
    `select m.*, c.status as conference_status from motion m join conference c on c.id = m.conference_id
      where m.id = $1 and m.conference_id = $2 and m.cci_code = $3 for update of m`,
    [motionId, conferenceId, staff.cciCode],
  );
  if (!rows[0]) throw motionNotFound();
  return rows[0];
}

async function lockPoll(client: pg.ClientBase, motionId: number, pollId: number): Promise<PollRow> {
  const { rows } = await client.query<PollRow>('select * from poll where id = $1 and motion_id = $2 for update', [
    pollId,
    motionId,
  ]);
  if (!rows[0]) throw pollNotFound();
  return rows[0];
}

async function setMotion(client: pg.ClientBase, staff: Staff, motionId: number, fields: Partial<MotionRow>): Promise<MotionRow> {
  const keys = Object.keys(fields) as Array<keyof MotionRow>;
  const { rows } = await client.query<MotionRow>(
    `update motion set ${keys.map((k, i) => `${k} = $${i + 3}`).join(', ')},
            version = version + 1, updated_at = now(), updated_by = $2
      where id = $1 returning *`,
    [motionId, staff.username, ...keys.map((k) => fields[k])],
  );
  return rows[0];
}

interface Voter {
  id: number;
  kind: VoterKind;
  delegate_to: number | null;
}

/** Who votes, as of now (see the file's comment); the principals with no way to vote are left out. */
async function votersNow(client: pg.ClientBase, conferenceId: number, motionId: number): Promise<Voter[]> {
  const { rows } = await client.query<Voter>(
    `with principals as (
       select cm.id, cm.delegate_to,
              case when cm.checked_in_at is not null then 'present'
                   when w.id is not null then 'written'
                   when cm.answer_content = 'delegate' then 'delegated' end as kind
         from conference_member cm
         left join written_vote w on w.conference_member_id = cm.id and w.motion_id = $2
        where cm.conference_id = $1 and cm.category = 'principal')
     select p.id, p.kind,
            case when p.kind = 'delegated'
                  and exists (select 1 from principals t where t.id = p.delegate_to and t.kind = 'present')
                 then p.delegate_to end as delegate_to
       from principals p where p.kind is not null order by p.id`,
    [conferenceId, motionId],
  );
  return rows;
}

async function principalsOf(client: pg.ClientBase, conferenceId: number): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from conference_member where conference_id = $1 and category = 'principal'`,
    [conferenceId],
  );
  return rows[0].n;
}

/**
 * Staff record votes for voters of the poll (DESIGN.md §12.1 "staff may record a voter's choice"):
 * in 記名 any voter present or delegated, in 挙手 the delegated only (the present are the hands
 * counted); never in 無記名, whose ballots name no one. A ballot already cast is replaced.
 */
async function recordBallots(client: pg.ClientBase, poll: PollRow, ballots: BallotInput[], staff: string): Promise<void> {
  if (poll.method === 'secret') throw ballotsNotForMethod();
  const ids = ballots.map((b) => b.conference_member_id);
  const { rows } = await client.query<{ conference_member_id: number; kind: VoterKind }>(
    'select conference_member_id, kind from poll_voter where poll_id = $1 and conference_member_id = any($2::int[])',
    [poll.id, ids],
  );
  const kinds = new Map(rows.map((r) => [r.conference_member_id, r.kind]));
  const castable: VoterKind[] = poll.method === 'roll_call' ? ['present', 'delegated'] : ['delegated'];
  const bad = ballots.flatMap((b, i) => {
    const kind = kinds.get(b.conference_member_id);
    if (ids.indexOf(b.conference_member_id) !== i) return [{ i, code: 'duplicate_ballot' }];
    return kind && castable.includes(kind) ? [] : [{ i, code: 'not_a_voter' }];
  });
  if (bad.length > 0) throw ballotsRefused(bad);
  await client.query(
    `insert into ballot (poll_id, conference_member_id, choice, cast_by)
     select $1, * , $4 from unnest($2::int[], $3::text[])
     on conflict (poll_id, conference_member_id) do update set choice = excluded.choice, cast_at = now(), cast_by = excluded.cast_by`,
    [poll.id, ids, ballots.map((b) => b.choice), staff],
  );
}

/**
 * 無記名 at close (DESIGN.md §12.1 "no link between them"): a ballot and its voter's participation
 * were written in one transaction, so they share a transaction id (xmin), and the ballots lie in
 * the order cast. The poll's ballots are re-inserted in random order and every voter row rewritten,
 * all in the closing transaction: afterwards no row's place or transaction id tells who cast which.
 */
async function unlinkSecretBallots(client: pg.ClientBase, pollId: number): Promise<void> {
  await client.query(
    `with cast_ballots as (delete from secret_ballot where poll_id = $1 returning choice)
     insert into secret_ballot (poll_id, choice) select $1, choice from cast_ballots order by random()`,
    [pollId],
  );
  await client.query('update poll_voter set voted = voted where poll_id = $1', [pollId]);
}

/** 出席とみなす: in person, 書面 and 委任状 all count as present for the rule and the motion's quorum. */
const counted = (e: PollEntitled) => e.present + e.written + e.delegated;

export class PollsRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** Staff read of one poll: its progress and voters (poll-progress.ts). */
  progress(staff: Staff, conferenceId: number, motionId: number, pollId: number): Promise<PollProgress> {
    return readPollProgress(this.pool, staff, conferenceId, motionId, pollId);
  }

  open(staff: Staff, conferenceId: number, motionId: number, input: PollCreate): Promise<PollResult> {
    return inTransaction(this.pool, async (client) => {
      const motion = await lockMotion(client, staff, conferenceId, motionId);
      if (motion.status === 'declared') throw motionDeclared();
      if (motion.conference_status === 'draft' || motion.conference_status === 'cancelled') {
        throw votingClosed(motion.conference_status);
      }
      const { rows: open } = await client.query('select 1 from poll where motion_id = $1 and status = $2', [motionId, 'open']);
      if (open.length > 0) throw pollAlreadyOpen();
      // check-ins of this conference lock the room row too: who is present stays put until commit
      await lockRoom(client, conferenceId);

      const voters = await votersNow(client, conferenceId, motionId);
      const entitled: PollEntitled = {
        total: await principalsOf(client, conferenceId),
        present: voters.filter((v) => v.kind === 'present').length,
        written: voters.filter((v) => v.kind === 'written').length,
        delegated: voters.filter((v) => v.kind === 'delegated').length,
      };
      if (!input.override_reason) {
        const quorum = await quorumOf(client, conferenceId);
        if (quorum.settings && quorum.met === false) throw quorumNotMet('conference', quorum.required!, quorum.counted!);
        const own = motionQuorum(motion.rule, { entitled: entitled.total, present: counted(entitled) });
        if (own && !own.met) throw quorumNotMet('motion', own.required, counted(entitled));
      }

      await client.query(
        `update written_vote w set superseded = true, superseded_at = now()
           from conference_member cm
          where cm.id = w.conference_member_id and w.motion_id = $1 and cm.checked_in_at is not null and not w.superseded`,
        [motionId],
      );
      const { rows } = await client.query<PollRow>(
        `insert into poll (cci_code, motion_id, method, opened_by, entitled, show_counts_live, override_reason, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $4, $4) returning *`,
        [
          staff.cciCode,
          motionId,
          input.method,
          staff.username,
          JSON.stringify(entitled),
          input.show_counts_live ?? false,
          input.override_reason ?? null,
        ],
      );
      const poll = rows[0];
      await client.query(
        `insert into poll_voter (poll_id, conference_member_id, kind, delegate_to)
         select $1, * from unnest($2::int[], $3::text[], $4::int[])`,
        [poll.id, voters.map((v) => v.id), voters.map((v) => v.kind), voters.map((v) => v.delegate_to)],
      );
      const updated = await setMotion(client, staff, motionId, { status: 'open' });
      return this.written(client, staff, conferenceId, { action: 'open_poll', poll, motion: updated });
    });
  }

  update(staff: Staff, conferenceId: number, motionId: number, pollId: number, input: PollUpdate): Promise<PollResult> {
    return inTransaction(this.pool, async (client) => {
      const motion = await lockMotion(client, staff, conferenceId, motionId);
      const current = await lockPoll(client, motionId, pollId);
      if (current.status === 'closed') throw pollClosed();
      if (current.version !== input.version) throw versionConflict(current.version);
      if (input.counts) {
        if (current.method !== 'show_of_hands') throw countsNotForMethod();
        const { yes, no, abstain } = input.counts;
        if (yes + no + abstain > current.entitled.present) throw countsExceedVoters(current.entitled.present);
      }
      if (input.ballots) await recordBallots(client, current, input.ballots, staff.username);
      const handCounts = input.counts ?? current.hand_counts;
      const closing = input.status === 'closed';
      if (closing && current.method === 'show_of_hands' && !handCounts) throw countsMissing();
      await client.query(
        `update poll set hand_counts = $2, show_counts_live = $3, version = version + 1, updated_at = now(), updated_by = $4
          where id = $1`,
        [
          pollId,
          handCounts === null ? null : JSON.stringify(handCounts),
          input.show_counts_live ?? current.show_counts_live,
          staff.username,
        ],
      );
      if (closing) {
        if (current.method === 'secret') await unlinkSecretBallots(client, pollId);
        const counts = await tallyOf(client, pollId);
        await client.query(`update poll set status = 'closed', closed_at = now(), closed_by = $2, counts = $3 where id = $1`, [
          pollId,
          staff.username,
          JSON.stringify(counts),
        ]);
      }
      const { rows } = await client.query<PollRow>('select * from poll where id = $1', [pollId]);
      const updatedMotion = closing ? await setMotion(client, staff, motionId, { status: 'closed' }) : motion;
      return this.written(client, staff, conferenceId, {
        action: closing ? 'close_poll' : 'update',
        poll: rows[0],
        motion: updatedMotion,
        before: toPoll(current),
        ...(input.ballots ? { recorded: { recorded_ballots: input.ballots } } : {}),
      });
    });
  }

  declare(staff: Staff, conferenceId: number, motionId: number, pollId: number, input: PollDeclare): Promise<PollResult> {
    return inTransaction(this.pool, async (client) => {
      const motion = await lockMotion(client, staff, conferenceId, motionId);
      const poll = await lockPoll(client, motionId, pollId);
      if (motion.status === 'declared') throw motionDeclared();
      if (poll.status !== 'closed' || !poll.counts) throw pollNotClosed();
      const { rows: newer } = await client.query('select 1 from poll where motion_id = $1 and id > $2', [motionId, pollId]);
      if (newer.length > 0) throw pollNotLatest();
      const basis = basisCount(motion.rule, { entitled: poll.entitled.total, present: counted(poll.entitled) });
      const outcome = outcomeOf(motion.rule, basis, poll.counts.yes);
      if (outcome === 'tie' && !input.chair_decision) throw chairDecisionRequired();
      if (outcome !== 'tie' && input.chair_decision) throw chairDecisionNotTied();
      const result = outcome === 'tie' ? input.chair_decision! : outcome;
      const updated = await setMotion(client, staff, motionId, {
        status: 'declared',
        result,
        chair_decision: input.chair_decision ?? null,
      });
      return this.written(client, staff, conferenceId, { action: 'declare', poll, motion: updated, before: toMotion(motion) });
    });
  }

  /**
   * The audit row and the room's staff event of a poll write; the answer. The audit names the poll,
   * or the 議案 when declaring (with the poll and its counts); `recorded` joins the poll's after.
   */
  private async written(
    client: pg.ClientBase,
    staff: Staff,
    conferenceId: number,
    w: { action: string; poll: PollRow; motion: MotionRow; before?: object; recorded?: object },
  ): Promise<PollResult> {
    const result = { poll: toPoll(w.poll), motion: toMotion(w.motion) };
    const declaring = w.action === 'declare';
    await auditRoom(client, {
      cciCode: staff.cciCode,
      actor: staff.username,
      action: w.action,
      entity: declaring ? 'motion' : 'poll',
      entityId: declaring ? w.motion.id : w.poll.id,
      before: w.before,
      after: declaring ? { ...result.motion, poll_id: w.poll.id, counts: w.poll.counts } : { ...result.poll, ...w.recorded },
    });
    await lockRoom(client, conferenceId);
    // an open poll's event carries its progress, as a ballot's does (staff record votes too)
    const progress = w.poll.status === 'open' ? await progressOf(client, w.poll) : null;
    const live = progress?.live_counts ? { live_counts: progress.live_counts } : {};
    await addEvent(client, conferenceId, 'poll', progress ? { ...result, voted: progress.voted, ...live } : result, 'staff');
    const { poll, motion } = result;
    const vote: VoteEvent = {
      poll: { id: poll.id, method: poll.method, status: poll.status },
      motion: { id: motion.id, number: motion.number, title: motion.title, status: motion.status, result: motion.result },
    };
    await addEvent(client, conferenceId, 'vote', vote);
    return result;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    polls: PollsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('polls', new PollsRepository(app.pool));
  },
  { name: 'polls-repository', dependencies: ['database'] },
);
