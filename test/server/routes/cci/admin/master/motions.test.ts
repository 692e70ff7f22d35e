/**
 * 議案 (issue 34, DESIGN.md §12.1): `GET|POST /v1/cci/admin/master/conferences/{id}/motions` and
 * `GET|PUT|DELETE …/motions/{motion_id}` — the default rule, optimistic locking, what a vote and a
 * declaration freeze, the rule and agenda checks, audit rows and the room's staff event. Every row
 * is this file's own, removed at the end (roles and other chambers: test/server/permissions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { createConference } from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const conferences: number[] = [];

const motions = (conference: number, rest = '') => `/v1/cci/admin/master/conferences/${conference}/motions${rest}`;
const ORDINARY = { basis: 'present', numerator: 1, denominator: 2, rule: 'more_than', quorum: null };
const SPECIAL = { basis: 'entitled', numerator: 2, denominator: 3, rule: 'at_least', quorum: { numerator: 2, denominator: 3 } };

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(async () => {
  await app.pool.query('delete from conference where id = any($1::int[])', [conferences]);
  await app.close();
});

async function conference(): Promise<number> {
  const id = await createConference(app.pool, { name: '議案テスト総会' });
  conferences.push(id);
  return id;
}

async function create(conferenceId: number, body: object, email: string = DEMO.staff) {
  const res = await call('POST', motions(conferenceId), email, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const auditOf = async (motionId: number) =>
  (
    await app.pool.query<{ action: string; actor: string; before: unknown; after: unknown }>(
      `select action, actor, before, after from audit_log where entity = 'motion' and entity_id = $1 order by id`,
      [String(motionId)],
    )
  ).rows;

const staffEvents = async (conferenceId: number) =>
  (
    await app.pool.query<{ payload: object }>(
      `select payload from room_event where conference_id = $1 and kind = 'motion' and audience = 'staff' order by seq`,
      [conferenceId],
    )
  ).rows.map((r) => r.payload);

/** A vote happened on the motion (what the poll endpoints will write): the motion open, a poll row. */
async function voteOn(motionId: number, status: 'open' | 'closed' | 'declared') {
  await app.pool.query(`update motion set status = $2, result = case when $2 = 'declared' then 'adopted' end where id = $1`, [
    motionId,
    status,
  ]);
  await app.pool.query(
    `insert into poll (cci_code, motion_id, method, opened_by, entitled) values ('demo', $1, 'show_of_hands', 'test', '{"total":0,"present":0,"written":0,"delegated":0}')`,
    [motionId],
  );
}

describe('creating and reading 議案', () => {
  it('a new 議案 is a draft under 普通決議 (more than half of those present), audited and announced to the room staff', async () => {
    const c = await conference();
    const created = await create(c, { number: '第1号議案', title: '令和8年度事業計画（案）承認の件', body: '別紙のとおり' });
    expect(created).toMatchObject({
      conference_id: c,
      number: '第1号議案',
      title: '令和8年度事業計画（案）承認の件',
      body: '別紙のとおり',
      agenda_index: null,
      attachments: [],
      rule: ORDINARY,
      status: 'draft',
      result: null,
      chair_decision: null,
      version: 1,
    });
    expect((await call('GET', motions(c, `/${created.id}`), DEMO.admin)).json()).toEqual({ ...created, polls: [] });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ action: 'create', after: created });
    expect(entry.actor).not.toBe('system');
    expect(await staffEvents(c)).toEqual([{ motion: created }]);
  });

  it('lists the conference’s 議案 in the order they were added, filtered by status, with paging', async () => {
    const c = await conference();
    const other = await conference();
    const first = await create(c, { number: '第1号議案', title: '一' });
    const second = await create(c, { number: '第2号議案', title: '二', rule: SPECIAL });
    await create(other, { number: '第1号議案', title: '別の会議' });
    await voteOn(second.id, 'open');

    const all = (await call('GET', motions(c), DEMO.staff)).json();
    expect(all.meta).toEqual({ page: 1, page_size: 10, total: 2 });
    expect(all.data.map((m: { id: number }) => m.id)).toEqual([first.id, second.id]);
    expect(all.data[1].rule).toEqual(SPECIAL);
    const open = (await call('GET', `${motions(c)}?status=open`, DEMO.staff)).json();
    expect(open.data.map((m: { id: number }) => m.id)).toEqual([second.id]);
    const paged = (await call('GET', `${motions(c)}?page=2&page_size=1`, DEMO.staff)).json();
    expect(paged).toMatchObject({ meta: { page: 2, page_size: 1, total: 2 }, data: [{ id: second.id }] });
    const byNumberDesc = (await call('GET', `${motions(c)}?sort=-number&fields=id,number`, DEMO.staff)).json();
    expect(byNumberDesc.data.map((m: { number: string }) => m.number)).toEqual([second.number, first.number].sort().reverse());
    expect(Object.keys(byNumberDesc.data[0]).sort()).toEqual(['id', 'number']);
    expect((await call('GET', `${motions(c)}?sort=nope`, DEMO.staff)).statusCode).toBe(400);
  });

  it('a 議案 read under another conference, or a conference that does not exist, is a 404', async () => {
    const c = await conference();
    const other = await conference();
    const created = await create(c, { number: '第1号議案', title: '一' });
    expect((await call('GET', motions(other, `/${created.id}`), DEMO.staff)).statusCode).toBe(404);
    expect((await call('PUT', motions(other, `/${created.id}`), DEMO.staff, { version: 1, title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', motions(other, `/${created.id}`), DEMO.staff)).statusCode).toBe(404);
    expect((await call('GET', motions(2_000_000_000), DEMO.staff)).json()).toMatchObject({ status: 404, code: 'not_found' });
    expect((await call('GET', motions(c, `/${created.id}`), DEMO.staff)).statusCode).toBe(200);
  });
});

describe('what a write may not do', () => {
  it('the same number twice in one conference is a 409 duplicate_motion_number (on create and on rename); another conference may reuse it', async () => {
    const c = await conference();
    await create(c, { number: '第1号議案', title: '一' });
    const second = await create(c, { number: '第2号議案', title: '二' });
    const dup = await call('POST', motions(c), DEMO.staff, { number: '第1号議案', title: '重複' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'duplicate_motion_number', errors: [{ field: 'body.number' }] });
    const renamed = await call('PUT', motions(c, `/${second.id}`), DEMO.staff, { version: 1, number: '第1号議案' });
    expect(renamed.json().code).toBe('duplicate_motion_number');
    await create(await conference(), { number: '第1号議案', title: '別の会議' });
  });

  it('an unreachable rule is a 422 motion_rule_invalid naming the part; malformed input a 400', async () => {
    const c = await conference();
    const over = await call('POST', motions(c), DEMO.staff, { number: '第1号', title: 'x', rule: { ...ORDINARY, numerator: 3 } });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'motion_rule_invalid', errors: [{ field: 'body.rule' }] });
    const all = await call('POST', motions(c), DEMO.staff, {
      number: '第1号',
      title: 'x',
      rule: { ...ORDINARY, quorum: { numerator: 1, denominator: 1, rule: 'more_than' } },
    });
    expect(all.json()).toMatchObject({ code: 'motion_rule_invalid', errors: [{ field: 'body.rule.quorum' }] });

    const blank = await call('POST', motions(c), DEMO.staff, { number: '第1号', title: '　' });
    expect(blank.statusCode).toBe(400);
    expect(fieldsNamed(blank)).toContain('title');
    const extra = await call('POST', motions(c), DEMO.staff, { number: '第1号', title: 'x', status: 'declared' });
    expect(extra.statusCode).toBe(400);
    const badBasis = await call('POST', motions(c), DEMO.staff, {
      number: '第1号',
      title: 'x',
      rule: { ...ORDINARY, basis: 'all' },
    });
    expect(badBasis.statusCode).toBe(400);
    expect((await call('GET', motions(c), DEMO.staff)).json().meta.total).toBe(0);
  });

  it('an agenda item the room does not have is a 422 agenda_item_unknown; an existing one is kept', async () => {
    const c = await conference();
    const none = await call('POST', motions(c), DEMO.staff, { number: '第1号議案', title: 'x', agenda_index: 0 });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'agenda_item_unknown', agenda_items: 0 });
    await app.pool.query(
      `insert into room (conference_id, cci_code, agenda) values ($1, 'demo', '[{"title":"開会","presenter":null,"minutes":null},{"title":"議事","presenter":null,"minutes":30}]')`,
      [c],
    );
    const made = await create(c, { number: '第1号議案', title: 'x', agenda_index: 1 });
    expect(made.agenda_index).toBe(1);
    const moved = await call('PUT', motions(c, `/${made.id}`), DEMO.staff, { version: 1, agenda_index: 2 });
    expect(moved.json()).toMatchObject({ code: 'agenda_item_unknown', agenda_items: 2 });
    const cleared = await call('PUT', motions(c, `/${made.id}`), DEMO.staff, { version: 1, agenda_index: null });
    expect(cleared.json()).toMatchObject({ agenda_index: null, version: 2 });
  });

  it('an attachment that is no upload of the chamber is refused', async () => {
    const c = await conference();
    const res = await call('POST', motions(c), DEMO.staff, {
      number: '第1号議案',
      title: 'x',
      attachments: [{ key: 'demo/attachments/never-uploaded/議案書.pdf', name: '議案書.pdf', size: 10 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_attachment_key', errors: [{ field: 'body.attachments.0.key' }] });
  });
});

describe('editing and deleting', () => {
  it('PUT changes what is given, keeps the rest, audits before and after; a stale version is a 409 with the current one', async () => {
    const c = await conference();
    const made = await create(c, { number: '第1号議案', title: '定款変更の件', body: '原案' });
    const res = await call('PUT', motions(c, `/${made.id}`), DEMO.admin, { version: 1, body: '修正案', rule: SPECIAL });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ title: '定款変更の件', body: '修正案', rule: SPECIAL, version: 2 });
    const stale = await call('PUT', motions(c, `/${made.id}`), DEMO.staff, { version: 1, title: '古い画面から' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
    expect((await call('GET', motions(c, `/${made.id}`), DEMO.staff)).json().title).toBe('定款変更の件');
    const entries = await auditOf(made.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({ before: { body: '原案', version: 1 }, after: updated });
    expect((await staffEvents(c)).at(-1)).toEqual({ motion: updated });
  });

  it('once voted on, the rule is fixed (422 motion_rule_locked) and the 議案 stays (409 motion_voted); its wording may be corrected', async () => {
    const c = await conference();
    const made = await create(c, { number: '第1号議案', title: '誤字あり' });
    await voteOn(made.id, 'closed');
    const rule = await call('PUT', motions(c, `/${made.id}`), DEMO.staff, { version: 1, rule: SPECIAL });
    expect(rule.statusCode).toBe(422);
    expect(rule.json()).toMatchObject({ code: 'motion_rule_locked', errors: [{ field: 'body.rule' }] });
    // the same rule, keys in another order and the quorum's default spelled out, is no change
    const same = await call('PUT', motions(c, `/${made.id}`), DEMO.staff, {
      version: 1,
      title: '誤字なし',
      rule: { quorum: null, rule: 'more_than', denominator: 2, numerator: 1, basis: 'present' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ title: '誤字なし', status: 'closed', rule: ORDINARY });
    const del = await call('DELETE', motions(c, `/${made.id}`), DEMO.staff);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'motion_voted', motion_status: 'closed' });
  });

  it('a declared 議案 cannot change or go: 409 motion_declared, the row as it was', async () => {
    const c = await conference();
    const made = await create(c, { number: '第1号議案', title: '可決済み' });
    await voteOn(made.id, 'declared');
    const put = await call('PUT', motions(c, `/${made.id}`), DEMO.admin, { version: 1, title: '書き換え' });
    expect(put.statusCode).toBe(409);
    expect(put.json().code).toBe('motion_declared');
    // stale or not: the declaration is what refuses
    expect((await call('PUT', motions(c, `/${made.id}`), DEMO.admin, { version: 7, title: 'x' })).json().code).toBe(
      'motion_declared',
    );
    expect((await call('DELETE', motions(c, `/${made.id}`), DEMO.admin)).json().code).toBe('motion_declared');
    expect((await call('GET', motions(c, `/${made.id}`), DEMO.staff)).json()).toMatchObject({
      title: '可決済み',
      status: 'declared',
      result: 'adopted',
      version: 1,
    });
  });

  it('DELETE of a draft answers 204 and it is gone, audited and announced', async () => {
    const c = await conference();
    const made = await create(c, { number: '第1号議案', title: '取り下げ' });
    const res = await call('DELETE', motions(c, `/${made.id}`), DEMO.staff);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', motions(c, `/${made.id}`), DEMO.staff)).statusCode).toBe(404);
    expect((await call('DELETE', motions(c, `/${made.id}`), DEMO.staff)).statusCode).toBe(404);
    expect((await auditOf(made.id)).map((e) => e.action)).toEqual(['create', 'delete']);
    expect((await staffEvents(c)).at(-1)).toEqual({ deleted: made.id });
  });
});
