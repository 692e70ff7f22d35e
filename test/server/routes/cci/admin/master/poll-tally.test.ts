/**
 * Who votes and how the tally is taken (issue 34 "Rules", DESIGN.md §12.1): the voters frozen at
 * opening, 書面 set aside by a check-in, 委任 to an invitee or the chair, 記名 and 無記名 tallies,
 * and — last — every closed poll in the database recomputed from its rows by a count written here
 * independently of the SQL (server/lib/votes/tally.ts). Rows: this file's own, removed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { tokenOf } from '../../../../../helpers/fixtures.ts';
import { VoteFixtures, votersOf } from '../../../../../helpers/vote-fixtures.ts';

let app: FastifyInstance;
let f: VoteFixtures;

beforeAll(async () => {
  app = await buildTestApp();
  f = new VoteFixtures(app, caller(app, tokenOf));
});
afterAll(async () => {
  await f.cleanUp();
  await app.close();
});

describe('the voters of a poll', () => {
  it('書面 then check-in: the principal votes in person, the written vote is kept and marked superseded', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'absent']);
    const motion = await f.motion(conference);
    await f.writtenVote(p[0], motion.id, 'no');
    await f.writtenVote(p[1], motion.id, 'no');
    await f.checkIn(p[0]);
    const { poll } = await f.open(conference, motion.id, { method: 'roll_call' });
    expect(await votersOf(app.pool, poll.id)).toEqual([
      { conference_member_id: p[0], kind: 'present', delegate_to: null },
      { conference_member_id: p[1], kind: 'written', delegate_to: null },
    ]);
    const { rows } = await app.pool.query(
      'select conference_member_id, choice, superseded from written_vote where motion_id = $1 order by conference_member_id',
      [motion.id],
    );
    expect(rows).toEqual([
      { conference_member_id: p[0], choice: 'no', superseded: true },
      { conference_member_id: p[1], choice: 'no', superseded: false },
    ]);
    await f.ballot(poll.id, p[0], 'yes');
    const closed = await f.close(conference, motion.id, poll);
    // one vote per principal: p0 in person (yes), p1 in writing (no) — p0's written no is not counted
    expect(closed.poll.counts).toEqual({ yes: 1, no: 1, abstain: 0, not_voted: 0, written: 1, delegated: 0 });
  });

  it('委任 goes to the invitee named when checked in at opening, else to the chair; a check-in after opening changes nothing', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'delegate', 'delegate', 'delegate', 'absent']);
    const motion = await f.motion(conference);
    await f.checkIn(p[0]);
    await f.delegate(p[2], p[0]); // to a present invitee
    await f.delegate(p[3], p[1]); // to an invitee who has not arrived: the chair
    await f.delegate(p[4], null); // to the chair
    const { poll } = await f.open(conference, motion.id, { method: 'roll_call' });
    expect(poll.entitled).toEqual({ total: 6, present: 1, written: 0, delegated: 3 });
    expect(await votersOf(app.pool, poll.id)).toEqual([
      { conference_member_id: p[0], kind: 'present', delegate_to: null },
      { conference_member_id: p[2], kind: 'delegated', delegate_to: p[0] },
      { conference_member_id: p[3], kind: 'delegated', delegate_to: null },
      { conference_member_id: p[4], kind: 'delegated', delegate_to: null },
    ]);
    await f.checkIn(p[1], p[5]);
    expect((await votersOf(app.pool, poll.id)).length).toBe(4);
    // the delegate votes for themselves and for the principal they carry; the chair's 委任 one by one
    await f.ballot(poll.id, p[0], 'no');
    await f.ballot(poll.id, p[2], 'yes');
    await f.ballot(poll.id, p[3], 'yes');
    // a ballot of someone who was no voter at opening is not counted
    await f.ballot(poll.id, p[1], 'yes');
    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toEqual({ yes: 2, no: 1, abstain: 0, not_voted: 1, written: 0, delegated: 2 });
  });

  it('無記名: the choices come from the secret ballots, the delegated from their participation', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'attend', 'delegate', 'absent']);
    const motion = await f.motion(conference);
    await f.checkIn(p[0], p[1], p[2]);
    await f.writtenVote(p[4], motion.id, 'abstain');
    const { poll } = await f.open(conference, motion.id, { method: 'secret' });
    await f.secretBallot(poll.id, p[0], 'no');
    await f.secretBallot(poll.id, p[1], 'yes');
    await f.secretBallot(poll.id, p[3], 'yes');
    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toEqual({ yes: 2, no: 1, abstain: 1, not_voted: 1, written: 1, delegated: 1 });
    // 2 賛成 of 5 present (書面・委任 included): 否決
    expect((await f.declare(conference, motion.id, poll.id)).json().motion.result).toBe('rejected');
  });
});

interface Counts {
  yes: number;
  no: number;
  abstain: number;
  not_voted: number;
  written: number;
  delegated: number;
}

/** A closed poll's counts from its rows, counted one voter at a time in JavaScript. */
async function recount(pollId: number): Promise<Counts> {
  const q = async <T>(text: string) => (await app.pool.query<T & Record<string, unknown>>(text, [pollId])).rows;
  const [poll] = await q<{ method: string; motion_id: number; hand_counts: Record<string, number> | null }>(
    'select method, motion_id, hand_counts from poll where id = $1',
  );
  const voters = await q<{ conference_member_id: number; kind: string; voted: boolean }>(
    'select conference_member_id, kind, voted from poll_voter where poll_id = $1',
  );
  const written = new Map(
    (
      await q<{ conference_member_id: number; choice: string }>(
        'select w.conference_member_id, w.choice from written_vote w join poll p on p.motion_id = w.motion_id where p.id = $1',
      )
    ).map((r) => [r.conference_member_id, r.choice]),
  );
  const ballots = new Map(
    (
      await q<{ conference_member_id: number; choice: string }>(
        'select conference_member_id, choice from ballot where poll_id = $1',
      )
    ).map((r) => [r.conference_member_id, r.choice]),
  );
  const counts: Counts = { yes: 0, no: 0, abstain: 0, not_voted: 0, written: 0, delegated: 0 };
  const add = (choice: string | undefined) => {
    if (choice === 'yes' || choice === 'no' || choice === 'abstain') counts[choice] += 1;
  };
  for (const v of voters) {
    if (v.kind === 'written') {
      add(written.get(v.conference_member_id));
      counts.written += 1;
    } else if (poll.method === 'secret') {
      if (v.kind === 'delegated' && v.voted) counts.delegated += 1;
    } else if (v.kind === 'delegated' || poll.method === 'roll_call') {
      const choice = ballots.get(v.conference_member_id);
      add(choice);
      if (choice && v.kind === 'delegated') counts.delegated += 1;
    }
  }
  if (poll.method === 'secret')
    for (const s of await q<{ choice: string }>('select choice from secret_ballot where poll_id = $1')) add(s.choice);
  if (poll.method === 'show_of_hands' && poll.hand_counts) {
    counts.yes += poll.hand_counts.yes;
    counts.no += poll.hand_counts.no;
    counts.abstain += poll.hand_counts.abstain;
  }
  counts.not_voted = voters.length - counts.yes - counts.no - counts.abstain;
  return counts;
}

describe('every closed poll, recomputed from its rows', () => {
  it('has the counts stored at close (this file’s polls and any other in the database)', async () => {
    const { rows } = await app.pool.query<{ id: number; counts: Counts }>(
      "select id, counts from poll where status = 'closed' order by id",
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const recounted: Array<{ id: number; counts: Counts }> = [];
    for (const row of rows) recounted.push({ id: row.id, counts: await recount(row.id) });
    expect(recounted).toEqual(rows);
  });
});
