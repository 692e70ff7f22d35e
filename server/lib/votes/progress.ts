/**
 * A poll's progress as staff see it (DESIGN.md §12.1 "the quorum board shows the open poll (hidden
 * counts until close, or live, per poll)"; decision 0038): how many of its voters have voted, and
 * the tally so far only in a 記名 poll whose counts staff chose to show live. Never in 無記名,
 * where each count beside the audit's who-took-part would tell a voter's choice. One rule for the
 * staff stream's `poll` event after a ballot and for the staff read of a poll opened mid-vote.
 */
import type pg from 'pg';
import type { Poll as PollRow, PollCounts } from '../../db/schema.ts';
import { tallyOf } from './tally.ts';

export interface PollProgressCounts {
  voted: number;
  /** null unless 記名, open and live */
  live_counts: PollCounts | null;
}

export async function progressOf(client: pg.ClientBase | pg.Pool, poll: PollRow): Promise<PollProgressCounts> {
  const { rows } = await client.query<{ voted: number }>(
    `select count(*)::int as voted from poll_voter v where v.poll_id = $1
        and (v.voted or exists (select 1 from ballot b where b.poll_id = v.poll_id and b.conference_member_id = v.conference_member_id))`,
    [poll.id],
  );
  const live = poll.status === 'open' && poll.method === 'roll_call' && poll.show_counts_live;
  return { voted: rows[0].voted, live_counts: live ? await tallyOf(client, poll.id) : null };
}
