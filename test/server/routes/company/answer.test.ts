import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../helpers/fixtures.ts';
import {
  type ConferenceOpts,
  createConference,
  createMember,
  daysFromNow,
  memberIdsOf,
  summaryOf,
  usernameOf,
} from '../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const ANSWER = '/v1/company/conference_members/answer';

let ownCompany: number;
let ownMembers: number[];
let neighbourMembers: number[];
let companyUser: string;

interface Invitee {
  id: number;
  member_id: number;
  version: number;
  answer_content: string | null;
  answered_at: string | null;
}

/** A conference of this file's own with the given members invited; returns its invitee rows by member. */
async function conferenceWith(opts: ConferenceOpts, memberIds: number[]) {
  const id = await createConference(app.pool, opts);
  const res = await call('POST', '/v1/cci/admin/master/conference_members', DEMO.staff, {
    mode: 'many',
    conference_id: id,
    member_ids: memberIds,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const rows: Invitee[] = res.json().created;
  return { id, rows };
}

async function rowsOf(ids: number[]) {
  const { rows } = await app.pool.query<Invitee & { proxy_name: string | null }>(
    'select id, version, answer_content, proxy_name, answered_at from conference_member where id = any($1) order by id',
    [ids],
  );
  return rows;
}

async function auditCount(ids: number[]): Promise<number> {
  const { rows } = await app.pool.query<{ n: number }>(
    "select count(*)::int as n from audit_log where entity = 'conference_member' and action = 'answer' and entity_id = any($1)",
    [ids.map(String)],
  );
  return rows[0].n;
}

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  ownCompany = await companyIdOf(app.pool, 'C0001');
  // the demo seed's first two members of each company: other files add members to them later
  ownMembers = (await memberIdsOf(app.pool, 'C0001')).slice(0, 2);
  neighbourMembers = (await memberIdsOf(app.pool, 'C0002')).slice(0, 2);
  companyUser = await usernameOf(app.pool, DEMO.companyAdmin);
});
afterAll(() => app.close());

describe('POST /v1/company/conference_members/answer', () => {
  it('answers across a conference and its sub-conference in one call and keeps the company summaries', async () => {
    const main = await conferenceWith({ name: '回答テスト総会' }, ownMembers);
    const sub = await conferenceWith({ name: '回答テスト懇親会', parentId: main.id }, ownMembers);
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: sub.rows[0].id, answer_content: 'absent' },
        { id: main.rows[0].id, answer_content: 'attend', proxy_name: '無視される' },
        { id: main.rows[1].id, answer_content: 'proxy_attend', proxy_name: ' 代理 次郎 ', proxy_title: '課長' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, conference_companies } = res.json();
    expect(data.map((r: { id: number }) => r.id)).toEqual([main.rows[0].id, main.rows[1].id, sub.rows[0].id]);
    expect(data[0]).toMatchObject({ answer_content: 'attend', proxy_name: null, answered_by: companyUser, version: 2 });
    expect(data[1]).toMatchObject({ answer_content: 'proxy_attend', proxy_name: '代理 次郎', proxy_title: '課長' });
    expect(conference_companies).toEqual([
      expect.objectContaining({
        conference_id: main.id,
        company_id: ownCompany,
        answer_content: 'answered',
        answered_by: companyUser,
      }),
      expect.objectContaining({
        conference_id: sub.id,
        company_id: ownCompany,
        answer_content: 'partial',
        answered_by: companyUser,
      }),
    ]);

    // clearing an answer (未回答) moves the summary back
    const cleared = await call('POST', ANSWER, DEMO.companyAdmin, { answers: [{ id: sub.rows[0].id, answer_content: null }] });
    expect(cleared.statusCode).toBe(200);
    expect((await summaryOf(app.pool, sub.id, ownCompany)).answer_content).toBeNull();
  });

  it('stores each changed row as the reply shows it, with an audit entry of the row before and after', async () => {
    const conf = await conferenceWith({ name: '監査ログテスト' }, ownMembers);
    const ids = conf.rows.map((r) => r.id);
    const listed = await call('GET', `/v1/company/conference_members?conference_id=${conf.id}`, DEMO.companyAdmin);
    expect(listed.statusCode, listed.body).toBe(200);
    const before = new Map(listed.json().data.map((r: { id: number }) => [r.id, r]));
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: ids[1], answer_content: 'proxy_attend', proxy_name: '代理 花子', proxy_title: '部長' },
        { id: ids[0], answer_content: 'absent' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const replied = res.json().data;
    const reread = await call('GET', `/v1/company/conference_members?conference_id=${conf.id}`, DEMO.companyAdmin);
    expect(reread.json().data).toEqual(replied);
    expect(replied[1]).toMatchObject({
      answer_content: 'proxy_attend',
      answer_channel: 'portal',
      answered_late: false,
      version: 2,
    });

    const { rows: audits } = await app.pool.query<{ entity_id: string; actor: string; before: unknown; after: unknown }>(
      "select entity_id, actor, before, after from audit_log where entity = 'conference_member' and action = 'answer' and entity_id = any($1) order by id",
      [ids.map(String)],
    );
    expect(audits).toEqual(
      [...replied]
        .sort((x: { id: number }, y: { id: number }) => x.id - y.id)
        .map((r: { id: number }) => ({ entity_id: String(r.id), actor: companyUser, before: before.get(r.id), after: r })),
    );
  });

  it('is safe to repeat: the same body leaves the same state, versions, answered_at and audit log', async () => {
    const conf = await conferenceWith({ name: '再送テスト' }, ownMembers);
    const ids = conf.rows.map((r) => r.id);
    const body = {
      answers: [
        { id: ids[0], answer_content: 'attend' },
        { id: ids[1], answer_content: 'absent' },
      ],
    };
    expect((await call('POST', ANSWER, DEMO.companyAdmin, body)).statusCode).toBe(200);
    const first = await rowsOf(ids);
    expect(await auditCount(ids)).toBe(2);

    const again = await call('POST', ANSWER, DEMO.companyAdmin, body);
    expect(again.statusCode).toBe(200);
    expect(await rowsOf(ids)).toEqual(first);
    expect(await auditCount(ids)).toBe(2);

    // changing one row writes that row only
    const changed = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [body.answers[0], { id: ids[1], answer_content: 'attend' }],
    });
    expect(changed.statusCode).toBe(200);
    const after = await rowsOf(ids);
    expect(after[0]).toEqual(first[0]);
    expect(after[1].version).toBe(first[1].version + 1);
    expect(await auditCount(ids)).toBe(3);
  });

  it('answers to different invitees at once, by the company and by staff, leave the summary that counts them all', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `同時回答 ${i + 1}`);
    const memberIds = [];
    for (const name of names)
      memberIds.push(await createMember(app.pool, { companyId: ownCompany, name, kana: 'ドウジ カイトウ' }));
    const conf = await conferenceWith({ name: '同時回答テスト' }, memberIds);
    try {
      // each round: every invitee at once, half through the portal and half by staff (FAX)
      for (const [answer, summary] of [
        ['attend', 'answered'],
        [null, null],
        ['absent', 'answered'],
      ] as const) {
        const results = await Promise.all(
          conf.rows.map(async (row, i) => {
            if (i % 2 === 0)
              return call('POST', ANSWER, DEMO.companyAdmin, { answers: [{ id: row.id, answer_content: answer }] });
            const [{ version }] = await rowsOf([row.id]);
            return call('PUT', `/v1/cci/admin/master/conference_members/${row.id}`, DEMO.staff, {
              version,
              answer_content: answer,
              ...(answer ? { answer_channel: 'fax', answer_received_at: '2026-11-20T10:00:00+09:00' } : {}),
            });
          }),
        );
        expect(results.map((r) => r.statusCode)).toEqual(conf.rows.map(() => 200));
        expect((await summaryOf(app.pool, conf.id, ownCompany)).answer_content).toBe(summary);
      }
    } finally {
      await app.pool.query('delete from conference where id = $1', [conf.id]);
      await app.pool.query('delete from member where id = any($1)', [memberIds]);
    }
  });

  it("recreates the company's summary row of a conference when it is missing", async () => {
    const conf = await conferenceWith({ name: '集計行なしテスト' }, ownMembers);
    await app.pool.query('delete from conference_company where conference_id = $1 and company_id = $2', [conf.id, ownCompany]);
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: conf.rows.map((r) => ({ id: r.id, answer_content: 'attend' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conference_companies).toEqual([
      expect.objectContaining({ conference_id: conf.id, company_id: ownCompany, answer_content: 'answered' }),
    ]);
    expect(await summaryOf(app.pool, conf.id, ownCompany)).toEqual({ answer_content: 'answered', answered_by: companyUser });
  });

  it('20 parallel identical submissions leave one state and one audit entry per real change', async () => {
    const main = await conferenceWith({ name: '同時送信テスト' }, ownMembers);
    const sub = await conferenceWith({ name: '同時送信テスト懇親会', parentId: main.id }, ownMembers);
    const ids = [...main.rows, ...sub.rows].map((r) => r.id);
    // one row already has the answer the body gives it: 3 of the 4 rows really change
    await call('POST', ANSWER, DEMO.companyAdmin, { answers: [{ id: ids[0], answer_content: 'attend' }] });
    const auditsBefore = await auditCount(ids);
    const body = {
      answers: [
        { id: ids[0], answer_content: 'attend' },
        { id: ids[1], answer_content: 'proxy_attend', proxy_name: '代理 三郎', proxy_title: '課長' },
        { id: ids[2], answer_content: 'absent' },
        { id: ids[3], answer_content: 'attend' },
      ],
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', ANSWER, DEMO.companyAdmin, body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await auditCount(ids)).toBe(auditsBefore + 3);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.answer_content, r.version])).toEqual([
      ['attend', 2],
      ['proxy_attend', 2],
      ['absent', 2],
      ['attend', 2],
    ]);
    expect((await summaryOf(app.pool, main.id, ownCompany)).answer_content).toBe('answered');
    expect((await summaryOf(app.pool, sub.id, ownCompany)).answer_content).toBe('answered');
    // every response reports the same final state
    const states = results.map((r) => JSON.stringify(r.json().data.map((d: Invitee) => [d.id, d.answer_content, d.version])));
    expect(new Set(states).size).toBe(1);
  });

  it.each([
    ['name', { proxy_title: '部長' }, 'proxy_name'],
    ['blank name', { proxy_name: '   ', proxy_title: '部長' }, 'proxy_name'],
    ['title', { proxy_name: '代理 三郎' }, 'proxy_title'],
    ['blank title', { proxy_name: '代理 三郎', proxy_title: '　' }, 'proxy_title'],
  ])('代理出席 without the substitute %s is a 400 naming the item and writes nothing', async (_, proxy, field) => {
    const conf = await conferenceWith({ name: `代理テスト ${field}` }, ownMembers);
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: conf.rows[0].id, answer_content: 'attend' },
        { id: conf.rows[1].id, answer_content: 'proxy_attend', ...proxy },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: `${field}_required`, errors: [{ field: `body.answers.1.${field}` }] });
    expect((await rowsOf([conf.rows[0].id]))[0].answer_content).toBeNull();
  });

  it('answers 409 when someone else changed an answer since the given version, writing nothing', async () => {
    const conf = await conferenceWith({ name: '同時回答' }, ownMembers);
    const [first, second] = conf.rows;
    // a colleague answers first
    const colleague = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [{ id: first.id, version: first.version, answer_content: 'absent' }],
    });
    expect(colleague.statusCode, colleague.body).toBe(200);
    // this form was read before that answer
    const stale = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: first.id, version: first.version, answer_content: 'attend' },
        { id: second.id, version: second.version, answer_content: 'attend' },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      current_version: first.version + 1,
      errors: [{ field: 'body.answers.0.version' }],
    });
    expect((await rowsOf([first.id, second.id])).map((r) => r.answer_content)).toEqual(['absent', null]);
    // the colleague's own submission sent again (a retry) is no conflict: same body, same state
    const repeat = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [{ id: first.id, version: first.version, answer_content: 'absent' }],
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect((await rowsOf([first.id]))[0].version).toBe(first.version + 1);
  });

  it('委任状 only where the conference allows it (422 delegate_not_allowed otherwise)', async () => {
    const refused = await conferenceWith({ name: '委任不可', allowDelegate: false }, [ownMembers[0]]);
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [{ id: refused.rows[0].id, answer_content: 'delegate' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'delegate_not_allowed', errors: [{ field: 'body.answers.0.answer_content' }] });
    const allowed = await conferenceWith({ name: '委任可', allowDelegate: true }, [ownMembers[0]]);
    const ok = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [{ id: allowed.rows[0].id, answer_content: 'delegate' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0].answer_content).toBe('delegate');
  });

  it.each([
    ['the deadline has passed', { answerDeadline: daysFromNow(-1) }, 'answer_deadline_passed'],
    ['answers are closed', { status: 'closed' as const }, 'conference_not_open'],
    [
      'the conference was held',
      { status: 'held' as const, eventDate: daysFromNow(-2), answerDeadline: null },
      'conference_not_open',
    ],
  ])('answers 422 when %s, writing nothing of the body', async (_what, opts, code) => {
    const open = await conferenceWith({ name: '受付中' }, [ownMembers[0]]);
    const shut = await conferenceWith({ name: '受付外', ...opts }, [ownMembers[0]]);
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: open.rows[0].id, answer_content: 'attend' },
        { id: shut.rows[0].id, answer_content: 'attend' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(code);
    expect((await rowsOf([open.rows[0].id, shut.rows[0].id])).map((r) => r.answer_content)).toEqual([null, null]);
  });

  it('answers 404 for an invitee of a draft conference, as for one the company is not invited to (DESIGN.md §6)', async () => {
    const open = await conferenceWith({ name: '受付中' }, [ownMembers[0]]);
    const draft = await conferenceWith({ name: '下書き', status: 'draft' }, [ownMembers[0]]);
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: open.rows[0].id, answer_content: 'attend' },
        { id: draft.rows[0].id, answer_content: 'attend' },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect((await rowsOf([open.rows[0].id, draft.rows[0].id])).map((r) => r.answer_content)).toEqual([null, null]);
  });

  it("answers 404 for another company's invitee (even beside its own), writing nothing", async () => {
    const conf = await conferenceWith({ name: '他社テスト' }, [ownMembers[0], neighbourMembers[0]]);
    const [own, neighbour] = conf.rows;
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: own.id, answer_content: 'attend' },
        { id: neighbour.id, answer_content: 'absent' },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect((await rowsOf([own.id, neighbour.id])).map((r) => r.answer_content)).toEqual([null, null]);
    expect(
      (await call('POST', ANSWER, DEMO.companyAdmin, { answers: [{ id: 2_000_000_000, answer_content: 'attend' }] })).statusCode,
    ).toBe(404);
    // the neighbour itself may answer it
    expect(
      (await call('POST', ANSWER, DEMO.companyNew, { answers: [{ id: neighbour.id, answer_content: 'absent' }] })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['no answers', { answers: [] }, 'body.answers'],
    ['an unknown answer', { answers: [{ id: 1, answer_content: 'maybe' }] }, 'body.answers.0.answer_content'],
    ['a missing answer', { answers: [{ id: 1 }] }, 'body.answers.0.answer_content'],
    [
      'an over-long substitute name',
      { answers: [{ id: 1, answer_content: 'proxy_attend', proxy_name: 'x'.repeat(101) }] },
      'body.answers.0.proxy_name',
    ],
    ['an extra field', { answers: [{ id: 1, answer_content: 'attend', company_id: 1 }] }, 'body.answers.0.company_id'],
    [
      'too many answers',
      { answers: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, answer_content: 'attend' })) },
      'body.answers',
    ],
  ])('answers 400 naming the field for %s', async (_what, body, field) => {
    const res = await call('POST', ANSWER, DEMO.companyAdmin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses the same invitee twice in one body (400)', async () => {
    const res = await call('POST', ANSWER, DEMO.companyAdmin, {
      answers: [
        { id: 5, answer_content: 'attend' },
        { id: 5, answer_content: 'absent' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'duplicate_answer', errors: [{ field: 'body.answers.1.id' }] });
  });

  it('refuses chamber users (403) and anonymous callers (401)', async () => {
    const body = { answers: [{ id: 1, answer_content: 'attend' }] };
    expect((await call('POST', ANSWER, DEMO.admin, body)).statusCode).toBe(403);
    expect((await call('POST', ANSWER, DEMO.staff, body)).statusCode).toBe(403);
    expect((await call('POST', ANSWER, null, body)).statusCode).toBe(401);
  });
});
