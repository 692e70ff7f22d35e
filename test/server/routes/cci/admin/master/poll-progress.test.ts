/**
 * `GET …/motions/{motion_id}/polls/{poll_id}` (decision 0038): a panel or board opened mid-vote sees
 * how many voted, the tally so far only under the stream's rule (記名 with live counts, while open),
 * and the voters staff may record for; staff recording a vote (`ballots` on the PUT) shows there with
 * the channel staff and reaches the staff stream's progress. 無記名 names no choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { insertLink } from '../../../../../helpers/room-fixtures.ts';
import { VoteFixtures, pollsUrl } from '../../../../../helpers/vote-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let f: VoteFixtures;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  f = new VoteFixtures(app, call);
});
afterAll(async () => {
  await f.cleanUp();
  await app.close();
});

const vote = async (conference: number, member: number, poll: number, body: object) => {
  const { token } = await insertLink(app.pool, conference, { kind: 'user', name: '議員', conferenceMemberId: member });
  const res = await app.inject({ method: 'PUT', url: `/v1/room/${token}/polls/${poll}/ballot`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
};

const progress = async (conference: number, motion: number, poll: number) => {
  const res = await call('GET', pollsUrl(conference, motion, `/${poll}`), DEMO.staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const lastStaffPollEvent = async (conference: number) =>
  (
    await app.pool.query(`select payload from room_event where conference_id = $1 and kind = 'poll' order by seq desc limit 1`, [
      conference,
    ])
  ).rows[0].payload;

describe('GET …/polls/{poll_id}', () => {
  it('記名 mid-vote: how many voted, each voter with the channel, the choice only where staff recorded it; counts only once live', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'delegate', 'delegate', 'absent']);
    await f.checkIn(p[0], p[1]);
    await f.delegate(p[2], p[0]);
    await f.delegate(p[3], null);
    const motion = await f.motion(conference);
    await f.writtenVote(p[4], motion.id, 'abstain');
    const { poll } = await f.open(conference, motion.id, { method: 'roll_call' });

    await vote(conference, p[0], poll.id, { choice: 'yes' });
    // the chair's 委任: staff record it
    const recorded = await f.put(conference, motion.id, poll.id, {
      version: poll.version,
      ballots: [{ conference_member_id: p[3], choice: 'no' }],
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await lastStaffPollEvent(conference)).toMatchObject({ voted: 2, poll: { id: poll.id } });
    expect(await lastStaffPollEvent(conference)).not.toHaveProperty('live_counts');

    const read = await progress(conference, motion.id, poll.id);
    expect(read).toMatchObject({ poll: { id: poll.id, status: 'open' }, motion: { id: motion.id, status: 'open' } });
    expect(read.voted).toBe(2);
    expect(read.live_counts).toBeNull();
    const byId = (id: number) => read.voters.find((v: { conference_member_id: number }) => v.conference_member_id === id);
    expect(read.voters).toHaveLength(5);
    expect(byId(p[0])).toMatchObject({ kind: 'present', voted: true, channel: 'link', choice: null, name: '議員 1' });
    expect(byId(p[1])).toMatchObject({ kind: 'present', voted: false, channel: null, choice: null });
    expect(byId(p[2])).toMatchObject({ kind: 'delegated', delegate_to: p[0], delegate_name: '議員 1', voted: false });
    expect(byId(p[3])).toMatchObject({ kind: 'delegated', delegate_to: null, voted: true, channel: 'staff', choice: 'no' });
    expect(byId(p[4])).toMatchObject({ kind: 'written', voted: true, channel: 'written', choice: null });

    // staff choose live counts: the read shows the tally so far, as the stream then does
    const live = await f.put(conference, motion.id, poll.id, { version: recorded.json().poll.version, show_counts_live: true });
    expect(live.statusCode, live.body).toBe(200);
    const counts = { yes: 1, no: 1, abstain: 1, not_voted: 2, written: 1, delegated: 1 };
    expect((await progress(conference, motion.id, poll.id)).live_counts).toEqual(counts);
    expect(await lastStaffPollEvent(conference)).toMatchObject({ voted: 2, live_counts: counts });

    // closed: the counts are the poll's own, nothing live
    await f.close(conference, motion.id, live.json().poll);
    const closed = await progress(conference, motion.id, poll.id);
    expect(closed.live_counts).toBeNull();
    expect(closed.poll.counts).toEqual(counts);
  });

  it('無記名: who took part, never a choice nor counts, even with live counts asked for', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend']);
    await f.checkIn(p[0], p[1]);
    const motion = await f.motion(conference);
    const { poll } = await f.open(conference, motion.id, { method: 'secret', show_counts_live: true });
    await vote(conference, p[0], poll.id, { choice: 'no' });

    const read = await progress(conference, motion.id, poll.id);
    expect(read.voted).toBe(1);
    expect(read.live_counts).toBeNull();
    expect(JSON.stringify(read)).not.toMatch(/"no"/);
    expect(
      read.voters.map((v: { voted: boolean; channel: string | null; choice: null }) => [v.voted, v.channel, v.choice]),
    ).toEqual([
      [true, 'link', null],
      [false, null, null],
    ]);
  });

  it('a poll of another 議案 or conference is a 404', async () => {
    const a = await f.assembly(['attend']);
    const b = await f.assembly(['attend']);
    await f.checkIn(a.principals[0], b.principals[0]);
    const [ma, mb] = [await f.motion(a.conference), await f.motion(b.conference)];
    const { poll } = await f.open(b.conference, mb.id, { method: 'roll_call' });
    expect((await call('GET', pollsUrl(a.conference, ma.id, `/${poll.id}`), DEMO.staff)).statusCode).toBe(404);
    expect((await call('GET', pollsUrl(a.conference, mb.id, `/${poll.id}`), DEMO.staff)).statusCode).toBe(404);
    expect((await call('GET', pollsUrl(b.conference, mb.id, `/${poll.id}`), DEMO.staff)).statusCode).toBe(200);
  });
});
