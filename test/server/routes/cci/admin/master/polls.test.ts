/**
 * 採決 (issue 34, DESIGN.md §12.1): `POST …/motions/{motion_id}/polls`, `PUT …/polls/{poll_id}` and
 * `POST …/polls/{poll_id}/declare` — a 挙手 from opening to 可決, the quorum at opening and its
 * override, 可否同数 and the chair, 再採決, and every refusal a closed poll or a declared 議案 gives.
 * The tally itself: poll-tally.test.ts. Rows: this file's own, removed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { VoteFixtures, motionsUrl, pollsUrl } from '../../../../../helpers/vote-fixtures.ts';

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

const MAJORITY_QUORUM = { basis: 'invited_principals', numerator: 1, denominator: 2, rule: 'more_than', count_delegates: false };

const auditActions = async (conference: number) =>
  (
    await app.pool.query<{ action: string; entity: string; after: { override_reason?: string } | null }>(
      `select a.action, a.entity, a.after from audit_log a
        where (a.entity = 'poll' and a.entity_id in (select p.id::text from poll p join motion m on m.id = p.motion_id where m.conference_id = $1))
           or (a.entity = 'motion' and a.entity_id in (select id::text from motion where conference_id = $1))
        order by a.id`,
      [conference],
    )
  ).rows;

describe('a 挙手 from opening to 可決', () => {
  it('freezes the voters, takes the counted hands, adds 書面 and 委任, closes, declares — audited and announced', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'proxy_attend', 'absent', 'delegate', 'absent']);
    const motion = await f.motion(conference);
    await f.checkIn(p[0], p[1], p[2]);
    await f.writtenVote(p[3], motion.id, 'yes');

    const opened = await f.open(conference, motion.id, { method: 'show_of_hands' });
    expect(opened.poll).toMatchObject({
      method: 'show_of_hands',
      status: 'open',
      entitled: { total: 6, present: 3, written: 1, delegated: 1 },
      counts: null,
      show_counts_live: false,
      override_reason: null,
    });
    expect(opened.motion).toMatchObject({ status: 'open', version: 2 });

    const counted = await f.put(conference, motion.id, opened.poll.id, { version: 1, counts: { yes: 2, no: 1, abstain: 0 } });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().poll).toMatchObject({ hand_counts: { yes: 2, no: 1, abstain: 0 }, status: 'open', version: 2 });
    // the chair's 委任: staff record it as a ballot for that principal
    const recorded = await f.put(conference, motion.id, opened.poll.id, {
      version: 2,
      ballots: [{ conference_member_id: p[4], choice: 'yes' }],
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const closed = await f.close(conference, motion.id, recorded.json().poll);
    expect(closed.poll).toMatchObject({
      status: 'closed',
      counts: { yes: 4, no: 1, abstain: 0, not_voted: 0, written: 1, delegated: 1 },
    });
    expect(closed.poll.closed_at).not.toBeNull();
    expect(closed.motion.status).toBe('closed');

    const declared = await f.declare(conference, motion.id, opened.poll.id);
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().motion).toMatchObject({ status: 'declared', result: 'adopted', chair_decision: null });
    expect((await call('GET', motionsUrl(conference, `/${motion.id}`), DEMO.staff)).json()).toMatchObject({
      status: 'declared',
      result: 'adopted',
    });

    expect((await auditActions(conference)).map((a) => `${a.entity}:${a.action}`)).toEqual([
      'motion:create',
      'poll:open_poll',
      'poll:update',
      'poll:update',
      'poll:close_poll',
      'motion:declare',
    ]);
    const { rows: events } = await app.pool.query<{ payload: { poll: { status: string }; motion: { status: string } } }>(
      `select payload from room_event where conference_id = $1 and kind = 'poll' and audience = 'staff' order by seq`,
      [conference],
    );
    expect(events.map((e) => `${e.payload.poll.status}/${e.payload.motion.status}`)).toEqual([
      'open/open',
      'open/open',
      'open/open',
      'closed/closed',
      'closed/declared',
    ]);
    // everyone's `vote` event (the voters' screens, decision 0034): the state, never a count
    const { rows: votes } = await app.pool.query<{ audience: string; payload: Record<string, unknown> }>(
      `select audience, payload from room_event where conference_id = $1 and kind = 'vote' order by seq`,
      [conference],
    );
    expect(votes).toHaveLength(5);
    expect(votes.every((v) => v.audience === 'all')).toBe(true);
    expect(votes.at(-1)?.payload).toEqual({
      poll: { id: expect.any(Number), method: expect.any(String), status: 'closed' },
      motion: {
        id: expect.any(Number),
        number: expect.any(String),
        title: expect.any(String),
        status: 'declared',
        result: 'adopted',
      },
    });
    expect(JSON.stringify(votes)).not.toMatch(/counts|yes|voted/);
  });

  it('under 3分の2以上 of every vote (議決権総数), 4 賛成 of 6 present but 7 invited is 否決', async () => {
    const { conference, principals: p } = await f.assembly([
      'attend',
      'attend',
      'attend',
      'attend',
      'attend',
      'attend',
      'absent',
    ]);
    const motion = await f.motion(conference, {
      rule: { basis: 'entitled', numerator: 2, denominator: 3, rule: 'at_least', quorum: null },
    });
    await f.checkIn(...p.slice(0, 6));
    const { poll } = await f.open(conference, motion.id, { method: 'show_of_hands' });
    await f.put(conference, motion.id, poll.id, { version: 1, counts: { yes: 4, no: 2, abstain: 0 } });
    await f.close(conference, motion.id, { id: poll.id, version: 2 });
    expect((await f.declare(conference, motion.id, poll.id)).json().motion).toMatchObject({ result: 'rejected' });
  });
});

describe('the quorum at opening', () => {
  it('the conference’s 定足数 not met is a 422 quorum_not_met; with a reason the poll opens and the reason is audited', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'attend', 'attend'], { quorum: MAJORITY_QUORUM });
    const motion = await f.motion(conference);
    await f.checkIn(p[0], p[1]);
    const refused = await call('POST', pollsUrl(conference, motion.id), DEMO.staff, { method: 'roll_call' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'quorum_not_met', quorum: 'conference', required: 3, counted: 2 });
    expect((await call('GET', motionsUrl(conference, `/${motion.id}`), DEMO.staff)).json().status).toBe('draft');

    const opened = await f.open(conference, motion.id, { method: 'roll_call', override_reason: '議長判断により続行' });
    expect(opened.poll.override_reason).toBe('議長判断により続行');
    const open = (await auditActions(conference)).find((a) => a.action === 'open_poll');
    expect(open?.after?.override_reason).toBe('議長判断により続行');
  });

  it('the 議案’s own quorum (3分の2以上の出席, 書面・委任 counted present) is checked too', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'delegate', 'absent', 'absent', 'absent']);
    const motion = await f.motion(conference, {
      rule: { basis: 'present', numerator: 2, denominator: 3, rule: 'at_least', quorum: { numerator: 2, denominator: 3 } },
    });
    await f.checkIn(p[0], p[1]);
    const refused = await call('POST', pollsUrl(conference, motion.id), DEMO.staff, { method: 'show_of_hands' });
    expect(refused.json()).toMatchObject({ code: 'quorum_not_met', quorum: 'motion', required: 4, counted: 3 });
    await f.writtenVote(p[3], motion.id, 'no');
    expect((await f.open(conference, motion.id, { method: 'show_of_hands' })).poll.entitled).toEqual({
      total: 6,
      present: 2,
      written: 1,
      delegated: 1,
    });
  });
});

describe('可否同数 and 再採決', () => {
  it('a tie asks the chair: 422 chair_decision_required, then the chair’s decision is the result; no chair decision without a tie', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'attend', 'attend']);
    const motion = await f.motion(conference);
    await f.checkIn(...p);
    const { poll } = await f.open(conference, motion.id, { method: 'show_of_hands' });
    await f.put(conference, motion.id, poll.id, { version: 1, counts: { yes: 2, no: 2, abstain: 0 } });
    await f.close(conference, motion.id, { id: poll.id, version: 2 });
    const asked = await f.declare(conference, motion.id, poll.id);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({ code: 'chair_decision_required', errors: [{ field: 'body.chair_decision' }] });
    const decided = await f.declare(conference, motion.id, poll.id, { chair_decision: 'rejected' });
    expect(decided.json().motion).toMatchObject({ status: 'declared', result: 'rejected', chair_decision: 'rejected' });

    const other = await f.assembly(['attend', 'attend', 'attend']);
    const m2 = await f.motion(other.conference);
    await f.checkIn(...other.principals);
    const { poll: p2 } = await f.open(other.conference, m2.id, { method: 'show_of_hands' });
    await f.put(other.conference, m2.id, p2.id, { version: 1, counts: { yes: 2, no: 1, abstain: 0 } });
    await f.close(other.conference, m2.id, { id: p2.id, version: 2 });
    const notTied = await f.declare(other.conference, m2.id, p2.id, { chair_decision: 'rejected' });
    expect(notTied.json().code).toBe('chair_decision_not_tied');
  });

  it('再採決 keeps the first poll as it closed; only the newest poll declares (409 poll_not_latest)', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'attend']);
    const motion = await f.motion(conference);
    await f.checkIn(...p);
    const first = await f.open(conference, motion.id, { method: 'show_of_hands' });
    await f.put(conference, motion.id, first.poll.id, { version: 1, counts: { yes: 1, no: 1, abstain: 1 } });
    const firstClosed = await f.close(conference, motion.id, { id: first.poll.id, version: 2 });
    const second = await f.open(conference, motion.id, { method: 'roll_call' });
    expect(second.poll.id).not.toBe(first.poll.id);
    expect((await f.declare(conference, motion.id, first.poll.id)).json().code).toBe('poll_not_latest');
    const detail = (await call('GET', motionsUrl(conference, `/${motion.id}`), DEMO.staff)).json();
    expect(detail.polls.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([
      [first.poll.id, 'closed'],
      [second.poll.id, 'open'],
    ]);
    expect(detail.polls[0].counts).toEqual(firstClosed.poll.counts);
  });
});

describe('votes staff record', () => {
  it('記名: for any voter present or delegated, replacing a ballot cast; 挙手: the delegated only; 無記名: never; audited', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'delegate', 'absent']);
    const roll = await f.motion(conference);
    const hands = await f.motion(conference, { number: '第2号議案' });
    const secret = await f.motion(conference, { number: '第3号議案' });
    await f.checkIn(p[0], p[1]);
    const r = await f.open(conference, roll.id, { method: 'roll_call' });
    await f.ballot(r.poll.id, p[0], 'no');
    const ok = await f.put(conference, roll.id, r.poll.id, {
      version: 1,
      ballots: [
        { conference_member_id: p[0], choice: 'yes' },
        { conference_member_id: p[2], choice: 'abstain' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const closed = await f.close(conference, roll.id, ok.json().poll);
    expect(closed.poll.counts).toEqual({ yes: 1, no: 0, abstain: 1, not_voted: 1, written: 0, delegated: 1 });
    const audited = await app.pool.query<{ after: { recorded_ballots: unknown } }>(
      `select after from audit_log where entity = 'poll' and entity_id = $1 and action = 'update'`,
      [String(r.poll.id)],
    );
    expect(audited.rows[0].after.recorded_ballots).toEqual([
      { conference_member_id: p[0], choice: 'yes' },
      { conference_member_id: p[2], choice: 'abstain' },
    ]);

    const h = await f.open(conference, hands.id, { method: 'show_of_hands' });
    const refused = await f.put(conference, hands.id, h.poll.id, {
      version: 1,
      ballots: [
        { conference_member_id: p[2], choice: 'yes' },
        { conference_member_id: p[0], choice: 'yes' },
        { conference_member_id: p[3], choice: 'yes' },
        { conference_member_id: p[2], choice: 'no' },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: 'body.ballots.1.conference_member_id', code: 'not_a_voter' }),
      expect.objectContaining({ field: 'body.ballots.2.conference_member_id', code: 'not_a_voter' }),
      expect.objectContaining({ field: 'body.ballots.3.conference_member_id', code: 'duplicate_ballot' }),
    ]);
    const { rows } = await app.pool.query('select count(*)::int as n from ballot where poll_id = $1', [h.poll.id]);
    expect(rows[0].n).toBe(0);

    const s = await f.open(conference, secret.id, { method: 'secret' });
    const none = await f.put(conference, secret.id, s.poll.id, {
      version: 1,
      ballots: [{ conference_member_id: p[0], choice: 'yes' }],
    });
    expect(none.json()).toMatchObject({ status: 422, code: 'ballots_not_for_method' });
  });
});

describe('what cannot be done', () => {
  it('a second open poll (409), counts on a 記名 poll or above those present (422), closing 挙手 without counts (422), a stale version (409), declaring while open (422)', async () => {
    const { conference, principals: p } = await f.assembly(['attend', 'attend', 'attend']);
    const motion = await f.motion(conference);
    const other = await f.motion(conference, { number: '第2号議案' });
    await f.checkIn(p[0], p[1]);
    const hands = await f.open(conference, motion.id, { method: 'show_of_hands' });
    expect((await call('POST', pollsUrl(conference, motion.id), DEMO.staff, { method: 'roll_call' })).json().code).toBe(
      'poll_already_open',
    );
    const over = await f.put(conference, motion.id, hands.poll.id, { version: 1, counts: { yes: 2, no: 1, abstain: 0 } });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'counts_exceed_voters', present: 2 });
    const missing = await f.put(conference, motion.id, hands.poll.id, { version: 1, status: 'closed' });
    expect(missing.json().code).toBe('counts_missing');
    expect((await f.declare(conference, motion.id, hands.poll.id)).json().code).toBe('poll_not_closed');
    const stale = await f.put(conference, motion.id, hands.poll.id, { version: 5, counts: { yes: 1, no: 0, abstain: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 1 });

    const roll = await f.open(conference, other.id, { method: 'roll_call' });
    const counts = await f.put(conference, other.id, roll.poll.id, { version: 1, counts: { yes: 1, no: 0, abstain: 0 } });
    expect(counts.json().code).toBe('counts_not_for_method');
    // another motion's poll under this motion's path is no poll of it
    expect((await f.put(conference, motion.id, roll.poll.id, { version: 1, status: 'closed' })).statusCode).toBe(404);
  });

  it('a closed poll cannot change (409 poll_closed); a declared 議案 opens no new poll (409 motion_declared)', async () => {
    const { conference, principals: p } = await f.assembly(['attend']);
    const motion = await f.motion(conference);
    await f.checkIn(p[0]);
    const { poll } = await f.open(conference, motion.id, { method: 'roll_call' });
    await f.ballot(poll.id, p[0], 'yes');
    const closed = await f.close(conference, motion.id, poll);
    expect(closed.poll.counts).toMatchObject({ yes: 1, not_voted: 0 });
    const again = await f.put(conference, motion.id, poll.id, { version: closed.poll.version, show_counts_live: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('poll_closed');
    expect((await f.declare(conference, motion.id, poll.id)).json().motion.result).toBe('adopted');
    const reopen = await call('POST', pollsUrl(conference, motion.id), DEMO.staff, { method: 'roll_call' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('motion_declared');
    expect((await f.declare(conference, motion.id, poll.id)).json().code).toBe('motion_declared');
  });

  it('a draft conference takes no vote (422 voting_closed); malformed bodies are a 400', async () => {
    const { conference } = await f.assembly(['attend'], { status: 'draft' });
    const motion = await f.motion(conference);
    const res = await call('POST', pollsUrl(conference, motion.id), DEMO.staff, { method: 'show_of_hands' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'voting_closed', conference_status: 'draft' });
    for (const body of [{ method: 'raise_hands' }, { method: 'secret', override_reason: '　' }, { method: 'secret', extra: 1 }]) {
      expect((await call('POST', pollsUrl(conference, motion.id), DEMO.staff, body)).statusCode).toBe(400);
    }
  });
});
