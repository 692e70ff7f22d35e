/**
 * The tally of a poll (DESIGN.md §12.1 "computed by SQL from ballots, written votes and
 * delegations, never a counter kept by hand, in integers"). One statement over the voters frozen at
 * opening (poll_voter):
 * - 書面 (kind written): the principal's written vote on the motion;
 * - present and 委任 (kind present / delegated): the ballot cast for that principal — in 記名 by
 *   the voter, their delegate or staff; in 挙手 the present are the hands staff counted
 *   (hand_counts) and only the delegated have ballots; in 無記名 the secret ballots, which name no one;
 * - not_voted: every voter without a vote.
 */
import type pg from 'pg';
import type { PollCounts } from '../../db/schema.ts';

export async function tallyOf(client: pg.ClientBase | pg.Pool, pollId: number): Promise<PollCounts> {
  const { rows } = await client.query<PollCounts>(
    `with p as (select id, motion_id, method, coalesce(hand_counts, '{}'::jsonb) as hands from poll where id = $1),
          voters as (select kind, conference_member_id, voted from poll_voter where poll_id = $1),
          cast_votes as (
            select v.kind as via, w.choice
              from voters v join p on true
              join written_vote w on w.conference_member_id = v.conference_member_id and w.motion_id = p.motion_id
             where v.kind = 'written'
            union all
            select v.kind, b.choice
              from voters v join p on p.method <> 'secret'
              join ballot b on b.poll_id = p.id and b.conference_member_id = v.conference_member_id
             where v.kind = 'delegated' or (v.kind = 'present' and p.method = 'roll_call')
            union all
            select 'secret', s.choice from p join secret_ballot s on s.poll_id = p.id where p.method = 'secret'
          ),
          tally as (
            select count(*) filter (where choice = 'yes')::int + coalesce((p.hands ->> 'yes')::int, 0) as yes,
                   count(*) filter (where choice = 'no')::int + coalesce((p.hands ->> 'no')::int, 0) as no,
                   count(*) filter (where choice = 'abstain')::int + coalesce((p.hands ->> 'abstain')::int, 0) as abstain,
                   count(*) filter (where via = 'written')::int as written,
                   count(*) filter (where via = 'delegated')::int as delegated
              from p left join cast_votes on true
             group by p.hands
          )
     select t.yes, t.no, t.abstain,
            (select count(*)::int from voters) - t.yes - t.no - t.abstain as not_voted,
            t.written,
            -- 無記名: a ballot names no one; the delegated who took part are counted from their participation
            t.delegated + (select count(*)::int from voters, p where p.method = 'secret' and kind = 'delegated' and voted) as delegated
       from tally t`,
    [pollId],
  );
  return rows[0];
}
