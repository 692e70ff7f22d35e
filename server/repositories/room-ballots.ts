/**
 * A voter's 採決 through their personal room link (DESIGN.md §12.1, issue 34; decision 0028). The
 * link's invitee votes for themselves when frozen as a present voter of the poll (in person, or
 * the 代理出席 substitute holding the principal's link), and casts the 委任状 votes frozen onto them
 * as delegate. 記名: a ballot row, changed at will until close. 無記名: the participation on the
 * voter's poll_voter row and the choice in secret_ballot, one transaction, nothing linking them:
 * a random uuid key, no time, no voter; closing re-inserts the poll's secret ballots in random
 * order (polls.ts), so neither row order nor transaction ids tie one to a voter.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Motion as MotionRow, Poll as PollRow, VoteChoice, VoterKind } from '../db/schema.ts';
import type { RoomViewer } from '../lib/room/viewers.ts';
import { ballotRefused, pollClosed, pollNotFound } from '../lib/votes/problems.ts';
import { progressOf } from '../lib/votes/progress.ts';
import type { Ballot, CurrentPoll, VoteSlot } from '../schemas/ballot.ts';
import { addEvent, auditRoom, inTransaction, lockRoom } from './room-db.ts';
import { toMotion, toPoll } from './vote-rows.ts';

interface SlotRow {
  conference_member_id: number;
  kind: VoterKind;
  delegate_to: number | null;
  voted: boolean;
  name: string;
  company_name: string | null;
  choice: VoteChoice | null;
}

/** The votes a link casts in a poll: the invitee's own row (present only) and the rows delegated to them. */
async function slotsOf(client: Db, poll: PollRow, memberId: number): Promise<SlotRow[]> {
  const { rows } = await client.query<SlotRow>(
    `select v.conference_member_id, v.kind, v.delegate_to, v.voted, m.name, co.name1 as company_name,
            case when $3 = 'roll_call' then b.choice end as choice
       from poll_voter v
       join conference_member cm on cm.id = v.conference_member_id
       join member m on m.id = cm.member_id
       join company co on co.id = cm.company_id
       left join ballot b on b.poll_id = v.poll_id and b.conference_member_id = v.conference_member_id
      where v.poll_id = $1 and ((v.conference_member_id = $2 and v.kind = 'present') or v.delegate_to = $2)
      order by v.conference_member_id = $2 desc, cm.sort, v.conference_member_id`,
    [poll.id, memberId, poll.method],
  );
  return rows;
}

const slot = (poll: PollRow, r: SlotRow): VoteSlot => {
  // 挙手: the present raise hands in the hall; their delegates' carried votes staff record
  const mayVote = poll.status === 'open' && poll.method !== 'show_of_hands' && !(poll.method === 'secret' && r.voted);
  return {
    conference_member_id: r.conference_member_id,
    name: r.name,
    company_name: r.company_name,
    may_vote: mayVote,
    voted: poll.method === 'roll_call' ? r.choice !== null : r.voted,
    choice: r.choice,
  };
};

type Db = pg.Pool | pg.ClientBase;

/** The newest open poll of the room's conference. */
async function currentPoll(db: Db, conferenceId: number): Promise<PollRow | null> {
  const { rows } = await db.query<PollRow>(
    `select p.* from poll p join motion m on m.id = p.motion_id
      where m.conference_id = $1 and p.status = 'open' order by p.opened_at desc, p.id desc limit 1`,
    [conferenceId],
  );
  return rows[0] ?? null;
}

async function motionOf(db: Db, poll: PollRow): Promise<MotionRow> {
  const { rows } = await db.query<MotionRow>('select * from motion where id = $1', [poll.motion_id]);
  return rows[0];
}

export class RoomBallotsRepository {
  constructor(private readonly pool: pg.Pool) {}

  async current(viewer: RoomViewer): Promise<CurrentPoll> {
    const poll = await currentPoll(this.pool, viewer.conferenceId);
    if (!poll) return { poll: null };
    return { poll: await this.view(this.pool, poll, await motionOf(this.pool, poll), viewer) };
  }

  cast(viewer: RoomViewer, pollId: number, input: Ballot): Promise<CurrentPoll> {
    return inTransaction(this.pool, async (client) => {
      // shared: ballots go side by side, a close (for update) waits for them and they for it
      const { rows } = await client.query<PollRow>(
        `select p.* from poll p join motion m on m.id = p.motion_id
          where p.id = $1 and m.conference_id = $2 for share of p`,
        [pollId, viewer.conferenceId],
      );
      const poll = rows[0];
      if (!poll) throw pollNotFound();
      if (poll.status !== 'open') throw pollClosed();
      const memberId = viewer.conferenceMemberId ?? null;
      const target = input.conference_member_id ?? memberId;
      const slots = memberId === null ? [] : await slotsOf(client, poll, memberId);
      const mine = slots.find((s) => s.conference_member_id === target);
      if (!mine || poll.method === 'show_of_hands') throw ballotRefused('not_a_voter');
      const motion = await motionOf(client, poll);

      if (poll.method === 'roll_call') {
        await client.query(
          `insert into ballot (poll_id, conference_member_id, choice, cast_by) values ($1, $2, $3, $4)
           on conflict (poll_id, conference_member_id) do update set choice = excluded.choice, cast_at = now(), cast_by = excluded.cast_by`,
          [poll.id, target, input.choice, viewer.actor],
        );
      } else {
        const { rowCount } = await client.query(
          'update poll_voter set voted = true where poll_id = $1 and conference_member_id = $2 and not voted',
          [poll.id, target],
        );
        if (rowCount === 0) throw ballotRefused('already_voted');
        await client.query('insert into secret_ballot (poll_id, choice) values ($1, $2)', [poll.id, input.choice]);
      }
      // 無記名: the audit and the event say who took part, never the choice
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'vote',
        entity: 'poll',
        entityId: poll.id,
        after: { conference_member_id: target, ...(poll.method === 'roll_call' ? { choice: input.choice } : { voted: true }) },
      });
      await lockRoom(client, viewer.conferenceId);
      const { voted, live_counts } = await progressOf(client, poll);
      await addEvent(
        client,
        viewer.conferenceId,
        'poll',
        { poll: toPoll(poll), motion: toMotion(motion), voted, ...(live_counts ? { live_counts } : {}) },
        'staff',
      );
      return { poll: await this.view(client, poll, motion, viewer) };
    });
  }

  private async view(client: Db, poll: PollRow, motion: MotionRow, viewer: RoomViewer): Promise<CurrentPoll['poll']> {
    const memberId = viewer.conferenceMemberId ?? null;
    const slots = memberId === null ? [] : await slotsOf(client, poll, memberId);
    const own = slots.find((s) => s.conference_member_id === memberId);
    return {
      id: poll.id,
      method: poll.method,
      status: poll.status,
      motion: { id: motion.id, number: motion.number, title: motion.title },
      own: own ? slot(poll, own) : null,
      carried: slots.filter((s) => s.delegate_to === memberId).map((s) => slot(poll, s)),
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    roomBallots: RoomBallotsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('roomBallots', new RoomBallotsRepository(app.pool));
  },
  { name: 'room-ballots-repository', dependencies: ['database'] },
);
