/**
 * Rows the 議案・採決 tests (issue 34) make for themselves: a company of the demo chamber with
 * principals invited to a conference of their own (ReceptionFixtures), a 議案, and the rows the
 * voter and written-vote endpoints will write (check-ins, written votes, ballots, secret ballots),
 * written here directly. Every figure a test reads back comes through the API.
 */
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { caller } from './app.ts';
import { DEMO } from './fixtures.ts';
import { ReceptionFixtures, type Invitee } from './reception-fixtures.ts';

export const motionsUrl = (conference: number, rest = '') => `/v1/cci/admin/master/conferences/${conference}/motions${rest}`;
export const pollsUrl = (conference: number, motion: number, rest = '') => motionsUrl(conference, `/${motion}/polls${rest}`);

type Call = ReturnType<typeof caller>;

export interface Assembly {
  conference: number;
  /** the conference member ids of the principals, in the order given */
  principals: number[];
}

export class VoteFixtures extends ReceptionFixtures {
  constructor(
    private readonly app: FastifyInstance,
    private readonly call: Call,
  ) {
    super(app.pool);
  }

  /** A published conference inviting `answers.length` principals of one company (a new one unless given), answered as given. */
  async assembly(
    answers: Invitee['answer'][],
    opts: { quorum?: object; status?: 'draft' | 'published'; companyId?: number; answerDeadline?: Date } = {},
  ): Promise<Assembly> {
    const companyId = opts.companyId ?? (await this.company(`${Math.floor(Math.random() * 1e6)}`, '採決テスト商事')).id;
    const members: number[] = [];
    for (const [i] of answers.entries()) members.push(await this.member(companyId, `議員 ${i + 1}`, `ギイン ${i + 1}`));
    const conference = await this.conference({ status: opts.status ?? 'published', answerDeadline: opts.answerDeadline });
    if (opts.quorum) await this.app.pool.query('update conference set quorum = $2 where id = $1', [conference, opts.quorum]);
    const principals = await this.invite(
      conference,
      members.map((memberId, i) => ({ memberId, answer: answers[i] })),
    );
    return { conference, principals };
  }

  async motion(conference: number, body: object = {}): Promise<{ id: number; version: number }> {
    const res = await this.call('POST', motionsUrl(conference), DEMO.staff, {
      number: '第1号議案',
      title: '事業計画承認の件',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async checkIn(...conferenceMembers: number[]): Promise<void> {
    await this.app.pool.query(
      `update conference_member set checked_in_at = now(), checked_in_by = 'test' where id = any($1::int[])`,
      [conferenceMembers],
    );
  }

  async delegate(conferenceMember: number, to: number | null): Promise<void> {
    await this.app.pool.query(`update conference_member set answer_content = 'delegate', delegate_to = $2 where id = $1`, [
      conferenceMember,
      to,
    ]);
  }

  async writtenVote(conferenceMember: number, motion: number, choice: string): Promise<void> {
    await this.app.pool.query(
      `insert into written_vote (cci_code, conference_member_id, motion_id, choice, channel, recorded_by) values ('demo', $1, $2, $3, 'paper', 'test')`,
      [conferenceMember, motion, choice],
    );
  }

  async ballot(poll: number, conferenceMember: number, choice: string): Promise<void> {
    await this.app.pool.query(`insert into ballot (poll_id, conference_member_id, choice, cast_by) values ($1, $2, $3, 'test')`, [
      poll,
      conferenceMember,
      choice,
    ]);
  }

  /** 無記名: the participation on the voter's row, the choice in a row of its own. */
  async secretBallot(poll: number, conferenceMember: number, choice: string): Promise<void> {
    await this.app.pool.query('update poll_voter set voted = true where poll_id = $1 and conference_member_id = $2', [
      poll,
      conferenceMember,
    ]);
    await this.app.pool.query('insert into secret_ballot (poll_id, choice) values ($1, $2)', [poll, choice]);
  }

  async open(conference: number, motion: number, body: object) {
    const res = await this.call('POST', pollsUrl(conference, motion), DEMO.staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      poll: { id: number; version: number; entitled: object; override_reason: string | null };
      motion: { status: string };
    };
  }

  async put(conference: number, motion: number, poll: number, body: object) {
    return this.call('PUT', pollsUrl(conference, motion, `/${poll}`), DEMO.staff, body);
  }

  async close(conference: number, motion: number, poll: { id: number; version: number }) {
    const res = await this.put(conference, motion, poll.id, { version: poll.version, status: 'closed' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  declare(conference: number, motion: number, poll: number, body: object = {}) {
    return this.call('POST', pollsUrl(conference, motion, `/${poll}/declare`), DEMO.admin, body);
  }
}

/** poll_voter rows of a poll: kind and delegate per conference member. */
export async function votersOf(pool: pg.Pool, poll: number) {
  const { rows } = await pool.query<{ conference_member_id: number; kind: string; delegate_to: number | null }>(
    'select conference_member_id, kind, delegate_to from poll_voter where poll_id = $1 order by conference_member_id',
    [poll],
  );
  return rows;
}
