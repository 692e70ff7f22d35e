/**
 * Staff read of one poll (DESIGN.md §12.1; decision 0038): a 採決 panel or 定足数 board opened, or
 * reloaded, mid-vote sees at once what the staff stream tells from then on — how many voted and,
 * under the stream's rule (server/lib/votes/progress.ts), the tally so far — and the panel's list
 * of voters for recording the votes nobody casts by phone (the chair's 委任, a voter without one).
 * Tenant: a poll of a 議案 of a conference of the caller's chamber (404 otherwise).
 */
import type pg from 'pg';
import type { Motion as MotionRow, Poll as PollRow } from '../db/schema.ts';
import { progressOf } from '../lib/votes/progress.ts';
import { pollNotFound } from '../lib/votes/problems.ts';
import type { PollProgress, PollVoter } from '../schemas/poll.ts';
import type { Staff } from './motions.ts';
import { toMotion, toPoll } from './vote-rows.ts';

/**
 * The voters frozen at opening with their names and votes. A ballot's channel comes from who cast
 * it: a link casts as `room_link:{id}` (the viewer's actor), staff as their username. The choice
 * is shown only where staff recorded it (they typed it); 無記名 ballots name no one, so there only
 * the participation shows.
 */
const VOTERS_SQL = `
  select v.conference_member_id, m.name, co.name1 as company_name, v.kind, v.delegate_to, dm.name as delegate_name,
         (v.kind = 'written' or v.voted or b.id is not null) as voted,
         case when v.kind = 'written' then 'written'
              when v.voted then 'link'
              when b.id is null then null
              when b.cast_by like 'room\\_link:%' then 'link'
              else 'staff' end as channel,
         case when b.cast_by not like 'room\\_link:%' then b.choice end as choice
    from poll_voter v
    join poll p on p.id = v.poll_id
    join conference_member cm on cm.id = v.conference_member_id
    join member m on m.id = cm.member_id
    join company co on co.id = cm.company_id
    left join conference_member dcm on dcm.id = v.delegate_to
    left join member dm on dm.id = dcm.member_id
    left join ballot b on b.poll_id = v.poll_id and b.conference_member_id = v.conference_member_id and p.method <> 'secret'
   where v.poll_id = $1
   order by cm.sort, v.conference_member_id`;

export async function readPollProgress(
  pool: pg.Pool,
  staff: Staff,
  conferenceId: number,
  motionId: number,
  pollId: number,
): Promise<PollProgress> {
  const { rows: motions } = await pool.query<MotionRow>(
    'select * from motion where id = $1 and conference_id = $2 and cci_code = $3',
    [motionId, conferenceId, staff.cciCode],
  );
  const { rows: polls } = await pool.query<PollRow>('select * from poll where id = $1 and motion_id = $2', [pollId, motionId]);
  const [motion, poll] = [motions[0], polls[0]];
  if (!motion || !poll) throw pollNotFound();
  const [{ voted, live_counts }, voters] = await Promise.all([
    progressOf(pool, poll),
    pool.query<PollVoter>(VOTERS_SQL, [pollId]).then((r) => r.rows),
  ]);
  return { poll: toPoll(poll), motion: toMotion(motion), voted, live_counts, voters };
}
