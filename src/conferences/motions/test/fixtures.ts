/** Test data of 議案 and 採決 (shapes of server/schemas/motion.ts, poll.ts) and an MSW server that keeps them. */
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';
import { ROOM, room } from '../../room/test/fixtures';
import type { Motion, Poll, PollCounts, PollVoter } from '../types';

export const MOTIONS = '*/v1/cci/admin/master/conferences/1/motions';

export const motion = (overrides: Partial<Motion> = {}): Motion => ({
  id: 1,
  conference_id: 1,
  agenda_index: 1,
  number: '第1号議案',
  title: '令和8年度事業計画の件',
  body: null,
  attachments: [],
  rule: { basis: 'present', numerator: 1, denominator: 2, rule: 'more_than', quorum: null },
  status: 'draft',
  result: null,
  chair_decision: null,
  version: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  created_by: 'staff',
  updated_at: '2026-11-01T00:00:00.000Z',
  updated_by: 'staff',
  ...overrides,
});

export const poll = (overrides: Partial<Poll> = {}): Poll => ({
  id: 10,
  motion_id: 1,
  method: 'roll_call',
  status: 'open',
  // 2026/11/21 14:30 in Tokyo
  opened_at: '2026-11-21T05:30:00.000Z',
  opened_by: 'staff',
  closed_at: null,
  closed_by: null,
  entitled: { total: 10, present: 6, written: 2, delegated: 1 },
  hand_counts: null,
  counts: null,
  show_counts_live: false,
  override_reason: null,
  version: 1,
  ...overrides,
});

export const counts = (overrides: Partial<PollCounts> = {}): PollCounts => ({
  yes: 5,
  no: 2,
  abstain: 1,
  not_voted: 1,
  written: 2,
  delegated: 1,
  ...overrides,
});

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Reply = (sent: Sent) => Response | undefined;

/** What GET …/polls/{poll_id} adds to the poll: how many voted, the live tally, the voters. */
export interface ProgressFixture {
  voted: number;
  live_counts: PollCounts | null;
  voters: PollVoter[];
}

export const voter = (overrides: Partial<PollVoter> = {}): PollVoter => ({
  conference_member_id: 101,
  name: '山田 太郎',
  company_name: '山田商事株式会社',
  kind: 'present',
  delegate_to: null,
  delegate_name: null,
  voted: false,
  channel: null,
  choice: null,
  ...overrides,
});

/**
 * Serves GET …/room (its agenda) and …/motions; `reply` answers a write (undefined: 500), every
 * write is recorded in `sent`. GET …/motions/{id} answers the 議案 with `polls`, GET …/polls/{id}
 * the poll with `state.progress` of its id (none voted, no voters, unless given).
 */
export const serveMotions = (motions: Motion[], polls: Poll[] = [], reply: Reply = () => undefined) => {
  const sent: Sent[] = [];
  const state = { motions, polls, progress: {} as Record<number, ProgressFixture> };
  const write = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname.replace('/v1/cci/admin/master/conferences/1/motions', '');
    const text = await request.text();
    const entry = { method: request.method, path, body: text ? JSON.parse(text) : null };
    sent.push(entry);
    return reply(entry) ?? HttpResponse.json({ code: 'internal' }, { status: 500 });
  };
  server.use(
    http.get(ROOM, () => HttpResponse.json(room())),
    http.get(MOTIONS, () => HttpResponse.json({ data: state.motions, meta: { total: state.motions.length } })),
    http.get(`${MOTIONS}/:motion_id`, ({ params }) => {
      const found = state.motions.find((m) => m.id === Number(params.motion_id));
      if (!found) return HttpResponse.json({ code: 'not_found' }, { status: 404 });
      return HttpResponse.json({ ...found, polls: state.polls.filter((p) => p.motion_id === found.id) });
    }),
    http.get(`${MOTIONS}/:motion_id/polls/:poll_id`, ({ params }) => {
      const found = state.polls.find((p) => p.id === Number(params.poll_id));
      const owner = state.motions.find((m) => m.id === Number(params.motion_id));
      if (!found || !owner) return HttpResponse.json({ code: 'not_found' }, { status: 404 });
      const progress = state.progress[found.id] ?? { voted: 0, live_counts: null, voters: [] };
      return HttpResponse.json({ poll: found, motion: owner, ...progress });
    }),
    http.post(MOTIONS, write),
    http.post(`${MOTIONS}/*`, write),
    http.put(`${MOTIONS}/*`, write),
    http.delete(`${MOTIONS}/*`, write),
  );
  return { sent, state };
};

export const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json(
    { status, code, detail: 'サーバーの説明', errors: [], ...extra },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
