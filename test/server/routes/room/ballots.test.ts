/**
 * The voter's 採決 through a personal room link (issue 34, DESIGN.md §12.1, decision 0028):
 * `GET /v1/room/{token}/polls/current` and `PUT /v1/room/{token}/polls/{poll_id}/ballot`. Only while
 * the poll is open, only the votes frozen onto the link's invitee; 記名 changes until close, 無記名
 * one ballot each; 200 ballots at once counted exactly; and 無記名's secrecy tried against the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { tokenOf } from '../../../helpers/fixtures.ts';
import { insertLink } from '../../../helpers/room-fixtures.ts';
import { VoteFixtures } from '../../../helpers/vote-fixtures.ts';

let app: FastifyInstance;
let f: VoteFixtures;

beforeAll(async () => {
  app = await buildTestApp({ app: { room: { limits: { linkWritesPerIp: { max: 10_000, timeWindowMs: 60_000 } } } } });
  f = new VoteFixtures(app, caller(app, tokenOf));
});
afterAll(async () => {
  await f.cleanUp();
  await app.close();
});

const linkOf = async (conference: number, member: number) =>
  (await insertLink(app.pool, conference, { kind: 'user', name: '議員', conferenceMemberId: member })).token;
const current = (token: string) => app.inject({ method: 'GET', url: `/v1/room/${token}/polls/current` });
const vote = (token: string, poll: number, body: object) =>
  app.inject({ method: 'PUT', url: `/v1/room/${token}/polls/${poll}/ballot`, payload: body });

/** A conference of `n` principals all checked in, a 議案, a poll of `method` open, and a link each. */
async function openWith(n: number, method: string, options: object = {}) {
  const { conference, principals } = await f.assembly(Array.from({ length: n }, () => 'attend' as const));
  await f.checkIn(...principals);
  const motion = await f.motion(conference);
  const { poll } = await f.open(conference, motion.id, { method, ...options });
  const links = await Promise.all(principals.map((p) => linkOf(conference, p)));
  return { conference, principals, motion, poll, links };
}

describe('GET /v1/room/{token}/polls/current', () => {
  it('no open poll: null; an open one: the 議案, the voter’s own vote and the votes they carry', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'delegate', 'delegate', 'absent']);
    await f.checkIn(p[0]);
    await f.delegate(p[1], p[0]);
    await f.delegate(p[2], null);
    const motion = await f.motion(conference, { number: '第2号議案', title: '予算承認の件' });
    const token = await linkOf(conference, p[0]);
    expect((await current(token)).json()).toEqual({ poll: null });

    const { poll } = await f.open(conference, motion.id, { method: 'roll_call' });
    const res = await current(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.poll).toMatchObject({
      id: poll.id,
      method: 'roll_call',
      status: 'open',
      motion: { number: '第2号議案', title: '予算承認の件' },
    });
    expect(body.poll.own).toMatchObject({ conference_member_id: p[0], may_vote: true, voted: false, choice: null });
    expect(body.poll.carried.map((c: { conference_member_id: number }) => c.conference_member_id)).toEqual([p[1]]);

    // the chair's 委任 (p2) and an absent invitee (p3) vote through no link
    for (const other of [p[2], p[3]]) {
      const mine = (await current(await linkOf(conference, other))).json();
      expect(mine.poll.own).toBeNull();
      expect(mine.poll.carried).toEqual([]);
    }
    // a guest's link sees the poll but has no vote
    const guest = (await insertLink(app.pool, conference)).token;
    expect((await current(guest)).json().poll.own).toBeNull();
    expect((await vote(guest, poll.id, { choice: 'yes' })).json().code).toBe('not_a_voter');
  });
});

describe('PUT /v1/room/{token}/polls/{poll_id}/ballot', () => {
  it('記名: the choice changes until close, the delegate casts the vote carried, the tally counts them; a closed poll refuses', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'delegate']);
    await f.checkIn(p[0], p[1]);
    await f.delegate(p[2], p[0]);
    const motion = await f.motion(conference);
    const { poll } = await f.open(conference, motion.id, { method: 'roll_call', show_counts_live: true });
    const [t0, t1] = [await linkOf(conference, p[0]), await linkOf(conference, p[1])];

    expect((await vote(t0, poll.id, { choice: 'no' })).statusCode).toBe(200);
    const changed = await vote(t0, poll.id, { choice: 'yes' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().poll.own).toMatchObject({ voted: true, choice: 'yes' });
    const carried = await vote(t0, poll.id, { choice: 'abstain', conference_member_id: p[2] });
    expect(carried.json().poll.carried).toEqual([expect.objectContaining({ conference_member_id: p[2], choice: 'abstain' })]);
    // only for themselves: not another present voter's vote, nor a vote carried by someone else
    const notMine = await vote(t1, poll.id, { choice: 'no', conference_member_id: p[0] });
    expect([notMine.statusCode, notMine.json().code]).toEqual([422, 'not_a_voter']);
    expect((await vote(t1, poll.id, { choice: 'no', conference_member_id: p[2] })).json().code).toBe('not_a_voter');
    expect((await vote(t1, poll.id, { choice: 'no' })).statusCode).toBe(200);

    const { rows: events } = await app.pool.query(
      `select payload, audience from room_event where conference_id = $1 and kind = 'poll' order by seq desc limit 1`,
      [conference],
    );
    expect(events[0]).toMatchObject({
      audience: 'staff',
      payload: { voted: 3, poll: { id: poll.id }, live_counts: { yes: 1, no: 1, abstain: 1, not_voted: 0 } },
    });

    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toEqual({ yes: 1, no: 1, abstain: 1, not_voted: 0, written: 0, delegated: 1 });
    const late = await vote(t1, poll.id, { choice: 'yes' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'poll_closed']);
    expect((await current(t0)).json()).toEqual({ poll: null });
  });

  it('a poll of another conference is a 404; 挙手 takes no ballot from a link', async () => {
    const a = await openWith(1, 'show_of_hands');
    const b = await openWith(1, 'roll_call');
    expect((await vote(a.links[0], b.poll.id, { choice: 'yes' })).statusCode).toBe(404);
    expect((await vote(a.links[0], a.poll.id, { choice: 'yes' })).json().code).toBe('not_a_voter');
    expect((await current(a.links[0])).json().poll.own.may_vote).toBe(false);
  });

  it('a body that is no ballot is a 400', async () => {
    const { poll, links } = await openWith(1, 'roll_call');
    expect((await vote(links[0], poll.id, { choice: 'maybe' })).statusCode).toBe(400);
    expect((await vote(links[0], poll.id, { choice: 'yes', extra: 1 })).statusCode).toBe(400);
  });

  it('200 ballots at once over 200 links are counted exactly', async () => {
    const { conference, motion, poll, links } = await openWith(200, 'roll_call');
    const choices = links.map((_, i) => (['yes', 'no', 'abstain'] as const)[i % 3]);
    const results = await Promise.all(links.map((t, i) => vote(t, poll.id, { choice: choices[i] })));
    expect(results.map((r) => r.statusCode)).toEqual(links.map(() => 200));
    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toEqual({
      yes: choices.filter((c) => c === 'yes').length,
      no: choices.filter((c) => c === 'no').length,
      abstain: choices.filter((c) => c === 'abstain').length,
      not_voted: 0,
      written: 0,
      delegated: 0,
    });
  });
});

describe('無記名', () => {
  it('one ballot each, no change; 200 at once counted exactly', async () => {
    const { conference, motion, poll, links } = await openWith(200, 'secret');
    const choices = links.map((_, i) => (i % 4 === 0 ? 'no' : 'yes'));
    const results = await Promise.all(links.map((t, i) => vote(t, poll.id, { choice: choices[i] })));
    expect(results.map((r) => r.statusCode)).toEqual(links.map(() => 200));
    const again = await vote(links[0], poll.id, { choice: 'yes' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_voted']);
    expect((await current(links[0])).json().poll.own).toMatchObject({ voted: true, may_vote: false, choice: null });
    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toEqual({ yes: 150, no: 50, abstain: 0, not_voted: 0, written: 0, delegated: 0 });
  });

  it('a delegate casts one secret ballot per vote carried; the tally counts the 委任 that took part', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'delegate', 'delegate']);
    await f.checkIn(p[0]);
    await f.delegate(p[1], p[0]);
    await f.delegate(p[2], p[0]);
    const motion = await f.motion(conference);
    const { poll } = await f.open(conference, motion.id, { method: 'secret' });
    const token = await linkOf(conference, p[0]);
    expect((await vote(token, poll.id, { choice: 'yes' })).statusCode).toBe(200);
    const carried = await vote(token, poll.id, { choice: 'no', conference_member_id: p[1] });
    expect(carried.json().poll.carried).toEqual([
      expect.objectContaining({ conference_member_id: p[1], voted: true, may_vote: false, choice: null }),
      expect.objectContaining({ conference_member_id: p[2], voted: false, may_vote: true }),
    ]);
    expect((await vote(token, poll.id, { choice: 'yes', conference_member_id: p[1] })).json().code).toBe('already_voted');
    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toEqual({ yes: 1, no: 1, abstain: 0, not_voted: 1, written: 0, delegated: 1 });
  });

  it('secrecy, tried: after the poll no row, order, transaction id, audit row or event ties a voter to a choice', async () => {
    // staff asked for live counts: 無記名 never gives them
    const { conference, principals, motion, poll, links } = await openWith(6, 'secret', { show_counts_live: true });
    // the first two say no, the rest yes
    for (const [i, t] of links.entries()) expect((await vote(t, poll.id, { choice: i < 2 ? 'no' : 'yes' })).statusCode).toBe(200);
    await f.close(conference, motion.id, poll);

    // the ballot table names no one and no time
    const { rows: columns } = await app.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'secret_ballot' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['choice', 'id', 'poll_id']);

    // transaction ids: a ballot and its voter's participation were written together (same xmin);
    // after close every ballot and every voter row was last written by the closing transaction, and the
    // ballots were re-inserted in random order, so neither xmin nor place (ctid) follows a voter
    const { rows: ballotTx } = await app.pool.query<{ xmin: string }>(
      'select distinct xmin::text from secret_ballot where poll_id = $1',
      [poll.id],
    );
    const { rows: voterTx } = await app.pool.query<{ xmin: string }>(
      'select distinct xmin::text from poll_voter where poll_id = $1',
      [poll.id],
    );
    expect(ballotTx).toHaveLength(1);
    expect(voterTx).toEqual(ballotTx);

    // the audit says who took part, never the choice
    const { rows: audit } = await app.pool.query<{ after: Record<string, unknown> }>(
      `select after from audit_log where entity = 'poll' and entity_id = $1 and action = 'vote' order by id`,
      [String(poll.id)],
    );
    expect(audit.map((a) => a.after.conference_member_id).sort()).toEqual([...principals].sort());
    for (const row of audit) expect(Object.keys(row.after).sort()).toEqual(['conference_member_id', 'voted']);

    // the staff events neither name a choice nor give counts that change with each ballot
    const { rows: events } = await app.pool.query<{ payload: object }>(
      `select payload from room_event where conference_id = $1 and kind = 'poll'`,
      [conference],
    );
    expect(events.length).toBeGreaterThan(6);
    for (const e of events) expect(JSON.stringify(e.payload)).not.toMatch(/"choice"|"live_counts"/);

    // what is kept of the choices is their count
    const { rows: kept } = await app.pool.query(
      'select choice, count(*)::int as n from secret_ballot where poll_id = $1 group by choice order by choice',
      [poll.id],
    );
    expect(kept).toEqual([
      { choice: 'no', n: 2 },
      { choice: 'yes', n: 4 },
    ]);
  });
});
