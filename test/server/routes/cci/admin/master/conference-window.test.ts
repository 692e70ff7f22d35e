/**
 * The answering window (DESIGN.md §11.2, issue 13): 回答受付を再開, no publishing with a past
 * deadline unless confirmed, reminder_days, copying the parent's invitees to a sub-conference and
 * the warning about a published sub-conference nobody is invited to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { createConference, daysFromNow, memberIdsOf } from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const CONFERENCES = '/v1/cci/admin/master/conferences';
const MEMBERS = '/v1/cci/admin/master/conference_members';
let members: number[];

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  members = (await memberIdsOf(app.pool, 'C0001')).slice(0, 2);
});
afterAll(() => app.close());

const conferenceOf = async (id: number) => (await call('GET', `${CONFERENCES}/${id}`, DEMO.staff)).json();
const invite = async (conferenceId: number, memberIds: number[], category?: string) => {
  const res = await call('POST', MEMBERS, DEMO.staff, {
    mode: 'many',
    conference_id: conferenceId,
    member_ids: memberIds,
    category,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().created as Array<{ id: number; member_id: number; category: string }>;
};
const create = (body: object) => call('POST', CONFERENCES, DEMO.staff, { event_date: daysFromNow(30).toISOString(), ...body });

describe('回答受付を再開 (closed → published)', () => {
  it('needs a deadline later than now (422 reopen_deadline_required)', async () => {
    const id = await createConference(app.pool, { name: '再開テスト', status: 'closed', answerDeadline: daysFromNow(-1) });
    const { version } = await conferenceOf(id);
    const without = await call('PUT', `${CONFERENCES}/${id}`, DEMO.staff, { version, status: 'published' });
    expect(without.statusCode).toBe(422);
    expect(without.json().code).toBe('reopen_deadline_required');
    expect(fieldsNamed(without)).toBe('body.answer_deadline');
    const past = await call('PUT', `${CONFERENCES}/${id}`, DEMO.staff, {
      version,
      status: 'published',
      answer_deadline: daysFromNow(-0.5).toISOString(),
    });
    expect(past.json().code).toBe('reopen_deadline_required');
    const noDeadline = await call('PUT', `${CONFERENCES}/${id}`, DEMO.staff, {
      version,
      status: 'published',
      answer_deadline: null,
    });
    expect(noDeadline.json().code).toBe('reopen_deadline_required');
    expect((await conferenceOf(id)).status).toBe('closed');
  });

  it('reopens with a new deadline, takes the closed sub-conferences along, is audited, and companies can answer again', async () => {
    const id = await createConference(app.pool, { name: '再開テスト総会', status: 'closed', answerDeadline: daysFromNow(-1) });
    const sub = await createConference(app.pool, {
      name: '再開テスト懇親会',
      status: 'closed',
      answerDeadline: daysFromNow(-2),
      parentId: id,
    });
    const held = await createConference(app.pool, { name: '再開テスト見学会', status: 'held', parentId: id });
    const draft = await createConference(app.pool, { name: '再開テスト準備中', status: 'draft', parentId: id });
    const [invitee] = await invite(id, [members[0]]);
    const [subInvitee] = await invite(sub, [members[0]]);
    const answer = (rowId: number) =>
      call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, {
        answers: [{ id: rowId, answer_content: 'attend' }],
      });
    expect((await answer(invitee.id)).json().code).toBe('conference_not_open');

    const deadline = daysFromNow(7).toISOString();
    const { version } = await conferenceOf(id);
    const res = await call('PUT', `${CONFERENCES}/${id}`, DEMO.admin, {
      version,
      status: 'published',
      answer_deadline: deadline,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', answer_deadline: deadline, warnings: [] });
    const subs = Object.fromEntries(res.json().sub_conferences.map((c: { id: number }) => [c.id, c]));
    // the sub-conference's own deadline had passed: it takes the new one
    expect(subs[sub]).toMatchObject({ status: 'published', answer_deadline: deadline });
    expect(subs[held]).toMatchObject({ status: 'held' });
    expect(subs[draft]).toMatchObject({ status: 'draft' });

    const { rows } = await app.pool.query(
      "select entity_id from audit_log where entity = 'conference' and action = 'reopen' and entity_id = any($1) order by entity_id::int",
      [[String(id), String(sub), String(held)]],
    );
    expect(rows.map((r) => Number(r.entity_id))).toEqual([id, sub]);

    expect((await answer(invitee.id)).statusCode).toBe(200);
    expect((await answer(subInvitee.id)).statusCode).toBe(200);
  });
});

describe('publishing with a deadline already past', () => {
  const past = () => daysFromNow(-1).toISOString();

  it('a draft published with a past deadline is 422 answer_deadline_past, allowed with allow_past_deadline (not stored)', async () => {
    const created = (await create({ name: '期限切れ公開テスト', answer_deadline: past() })).json();
    const publish = (extra: object) =>
      call('PUT', `${CONFERENCES}/${created.id}`, DEMO.staff, { version: created.version, status: 'published', ...extra });
    const refused = await publish({});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('answer_deadline_past');
    expect(fieldsNamed(refused)).toBe('body.answer_deadline');
    const allowed = await publish({ allow_past_deadline: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().status).toBe('published');
    expect(allowed.json()).not.toHaveProperty('allow_past_deadline');
  });

  it('so is creating it published, its sub-conferences included; a future deadline or none is fine', async () => {
    const refused = await create({ name: '期限切れ作成', status: 'published', answer_deadline: past() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('answer_deadline_past');
    const subPast = await create({
      name: '子だけ期限切れ',
      status: 'published',
      answer_deadline: daysFromNow(5).toISOString(),
      sub_conferences: [{ name: '子', event_date: daysFromNow(30).toISOString(), answer_deadline: past() }],
    });
    expect(subPast.statusCode).toBe(422);
    expect(fieldsNamed(subPast)).toBe('body.sub_conferences.0.answer_deadline');
    const allowed = await create({
      name: '期限切れ作成（確認済）',
      status: 'published',
      answer_deadline: past(),
      allow_past_deadline: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await create({ name: '期限なし公開', status: 'published' })).statusCode).toBe(201);
    // a draft may keep a past deadline until it is published
    expect((await create({ name: '期限切れ下書き', answer_deadline: past() })).statusCode).toBe(201);
  });

  it('publishing a parent checks the draft sub-conferences published with it', async () => {
    const created = (
      await create({
        name: '子の期限切れ親',
        answer_deadline: daysFromNow(5).toISOString(),
        sub_conferences: [{ name: '期限切れの子', event_date: daysFromNow(30).toISOString(), answer_deadline: past() }],
      })
    ).json();
    const res = await call('PUT', `${CONFERENCES}/${created.id}`, DEMO.staff, { version: created.version, status: 'published' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('answer_deadline_past');
    expect((await conferenceOf(created.id)).status).toBe('draft');
  });
});

describe('reminder_days', () => {
  it('defaults to [3, 1], keeps what is given (highest first), may be empty, and is updatable', async () => {
    const plain = (await create({ name: 'リマインダー既定' })).json();
    expect(plain.reminder_days).toEqual([3, 1]);
    const given = (
      await create({
        name: 'リマインダー指定',
        reminder_days: [1, 5, 3],
        sub_conferences: [{ name: '子', event_date: daysFromNow(30).toISOString() }],
      })
    ).json();
    expect(given.reminder_days).toEqual([5, 3, 1]);
    expect(given.sub_conferences[0].reminder_days).toEqual([5, 3, 1]);
    const none = await call('PUT', `${CONFERENCES}/${plain.id}`, DEMO.staff, { version: plain.version, reminder_days: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect((await conferenceOf(plain.id)).reminder_days).toEqual([]);
  });

  it.each([
    ['zero', [0]],
    ['more than 30', [31]],
    ['a repeated day', [2, 2]],
    ['more than five', [1, 2, 3, 4, 5, 6]],
    ['a fraction', [1.5]],
    ['not a list', 3],
  ])('refuses %s with 400 naming reminder_days', async (_what, days) => {
    const res = await create({ name: 'リマインダー不正', reminder_days: days });
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain('body.reminder_days');
  });
});

describe("copying the parent's invitees (POST conference_members {mode: 'parent'})", () => {
  it('copies them with their category, skipping those already invited; warnings follow', async () => {
    const parent = (await create({ name: '招待コピー総会' })).json();
    await invite(parent.id, [members[0]]);
    await invite(parent.id, [members[1]], 'companion');
    const created = await create({ name: '招待コピー懇親会', parent_id: parent.id, status: 'published' });
    expect(created.statusCode, created.body).toBe(201);
    const sub = created.json();
    // published and nobody invited: warned
    expect(sub.warnings).toEqual([{ code: 'sub_conference_without_invitees', conference_id: sub.id, name: '招待コピー懇親会' }]);
    await invite(sub.id, [members[0]]);

    const res = await call('POST', MEMBERS, DEMO.staff, { mode: 'parent', conference_id: sub.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().skipped).toEqual([members[0]]);
    expect(res.json().created).toEqual([
      expect.objectContaining({ member_id: members[1], category: 'companion', conference_id: sub.id }),
    ]);
    const again = (
      await call('POST', MEMBERS, DEMO.admin, { mode: 'parent', conference_id: sub.id, category: 'principal' })
    ).json();
    expect(again).toEqual({ created: [], skipped: [members[0], members[1]] });
  });

  it('a given category replaces the parent’s', async () => {
    const parent = (await create({ name: '区分指定コピー総会' })).json();
    await invite(parent.id, [members[0], members[1]]);
    const sub = (await create({ name: '区分指定コピー懇親会', parent_id: parent.id })).json();
    const res = await call('POST', MEMBERS, DEMO.staff, { mode: 'parent', conference_id: sub.id, category: 'substitute' });
    expect(res.json().created.map((r: { member_id: number; category: string }) => [r.member_id, r.category])).toEqual([
      [members[0], 'substitute'],
      [members[1], 'substitute'],
    ]);
  });

  it('422 not_sub_conference for a top-level conference; 404 for another chamber; 403 for company admins', async () => {
    const top = (await create({ name: '親なし会議' })).json();
    const res = await call('POST', MEMBERS, DEMO.staff, { mode: 'parent', conference_id: top.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_sub_conference');
    expect(fieldsNamed(res)).toBe('body.conference_id');

    await ensureOtherChamber(app.pool);
    const foreignParent = await createConference(app.pool, { cciCode: OTHER_CCI, name: 'よその総会' });
    const foreignSub = await createConference(app.pool, { cciCode: OTHER_CCI, name: 'よその懇親会', parentId: foreignParent });
    expect((await call('POST', MEMBERS, DEMO.admin, { mode: 'parent', conference_id: foreignSub })).statusCode).toBe(404);
    expect((await call('POST', MEMBERS, DEMO.companyAdmin, { mode: 'parent', conference_id: top.id })).statusCode).toBe(403);
    const extra = await call('POST', MEMBERS, DEMO.staff, { mode: 'parent', conference_id: top.id, member_ids: [1] });
    expect(extra.statusCode).toBe(400);
  });
});

describe('warnings on conference writes', () => {
  it('lists the published sub-conferences without invitees after the change; drafts are not warned about', async () => {
    const created = (
      await create({
        name: '警告テスト総会',
        sub_conferences: [
          { name: '警告テスト懇親会', event_date: daysFromNow(30).toISOString() },
          { name: '警告テスト見学会', event_date: daysFromNow(31).toISOString() },
        ],
      })
    ).json();
    expect(created.warnings).toEqual([]);
    const [first, second] = created.sub_conferences;
    await invite(first.id, [members[0]]);
    const published = await call('PUT', `${CONFERENCES}/${created.id}`, DEMO.staff, {
      version: created.version,
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().warnings).toEqual([
      { code: 'sub_conference_without_invitees', conference_id: second.id, name: '警告テスト見学会' },
    ]);
    // the sub-conference's own write warns about its family too
    await invite(second.id, [members[0]]);
    const sub = await conferenceOf(second.id);
    const renamed = await call('PUT', `${CONFERENCES}/${second.id}`, DEMO.staff, {
      version: sub.version,
      name: '警告テスト見学会（改）',
    });
    expect(renamed.json().warnings).toEqual([]);
  });
});
