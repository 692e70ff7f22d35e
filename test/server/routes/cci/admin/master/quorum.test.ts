/**
 * 定足数 (issue 14, DESIGN.md §11.3): a conference's quorum settings through POST/PUT conferences,
 * `GET /v1/cci/admin/master/conferences/{id}/quorum` over the invitees checked in, and the room's
 * `quorum` event when staff change the settings. Every row is this file's own, removed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, type caller } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { listeningApp, openStream, staffRoom } from '../../../../../helpers/room-fixtures.ts';
import { ensureCompany, insertConference, insertMember } from '../../../company/conference-fixtures.ts';

let app: FastifyInstance;
let base: string;
let call: ReturnType<typeof caller>;
let companyId: number;
const conferences: number[] = [];
const BASE = '/v1/cci/admin/master/conferences';

const MAJORITY = { basis: 'invited_principals', numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true };

beforeAll(async () => {
  ({ app, base, call } = await listeningApp());
  await ensureOtherChamber(app.pool);
  companyId = await ensureCompany(app.pool, 'QRM14', '定足数テスト商事', 'テイソクスウテストショウジ');
});
afterAll(async () => {
  await app.pool.query('delete from conference where id = any($1::int[])', [conferences]);
  await app.pool.query('delete from member where company_id = $1', [companyId]);
  await app.pool.query('delete from company where id = $1', [companyId]);
  await app.close();
});

async function create(body: object) {
  const res = await call('POST', BASE, DEMO.admin, { name: '通常議員総会', event_date: '2031-06-20T14:00:00+09:00', ...body });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json();
  conferences.push(created.id, ...created.sub_conferences.map((s: { id: number }) => s.id));
  return created;
}

const put = (id: number, version: number, body: object, email: string = DEMO.staff) =>
  call('PUT', `${BASE}/${id}`, email, { version, ...body });

describe('quorum settings of a conference', () => {
  it('are null unless given, are stored as given, changed or removed by PUT, and left alone when absent', async () => {
    expect((await create({})).quorum).toBeNull();
    const created = await create({
      quorum: MAJORITY,
      sub_conferences: [{ name: '懇親会', event_date: '2031-06-20T17:00:00+09:00' }],
    });
    expect(created.quorum).toEqual(MAJORITY);
    expect(created.sub_conferences[0].quorum).toBeNull();
    expect((await call('GET', `${BASE}/${created.id}`, DEMO.staff)).json().quorum).toEqual(MAJORITY);

    const twoThirds = { basis: 120, numerator: 2, denominator: 3, rule: 'at_least', count_delegates: false };
    const changed = await put(created.id, created.version, { quorum: twoThirds });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().quorum).toEqual(twoThirds);
    const renamed = await put(created.id, changed.json().version, { name: '臨時議員総会' });
    expect(renamed.json()).toMatchObject({ name: '臨時議員総会', quorum: twoThirds });
    const removed = await put(created.id, renamed.json().version, { quorum: null });
    expect(removed.json().quorum).toBeNull();
    const list = await call(
      'GET',
      `${BASE}?fields=id,quorum&event_date__gte=2031-06-20&event_date__lte=2031-06-20&page_size=100`,
      DEMO.staff,
    );
    expect(list.json().data).toContainEqual({ id: created.id, quorum: null });
  });

  it('are refused above the whole (numerator > denominator): 422 quorum_fraction_invalid, in Japanese', async () => {
    const over = { ...MAJORITY, numerator: 3, denominator: 2 };
    const res = await call('POST', BASE, DEMO.admin, { name: '総会', event_date: '2031-06-20', quorum: over });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'quorum_fraction_invalid', errors: [{ field: 'body.quorum' }] });
    expect(res.json().detail).toMatch(/定足数/);

    const sub = await call('POST', BASE, DEMO.admin, {
      name: '総会',
      event_date: '2031-06-20',
      sub_conferences: [{ name: '分科会', event_date: '2031-06-21T10:00:00+09:00', quorum: over }],
    });
    expect(sub.json()).toMatchObject({ code: 'quorum_fraction_invalid', errors: [{ field: 'body.sub_conferences.0.quorum' }] });

    const created = await create({ quorum: MAJORITY });
    const refused = await put(created.id, created.version, { quorum: over });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('quorum_fraction_invalid');
    expect((await call('GET', `${BASE}/${created.id}`, DEMO.staff)).json()).toMatchObject({ quorum: MAJORITY, version: 1 });
  });

  const { count_delegates: _, ...incomplete } = MAJORITY;
  it.each([
    ['a basis of 0', { ...MAJORITY, basis: 0 }],
    ['an unknown basis', { ...MAJORITY, basis: 'all_members' }],
    ['a fixed basis above 100 000', { ...MAJORITY, basis: 100_001 }],
    ['a numerator of 0', { ...MAJORITY, numerator: 0 }],
    ['a fractional numerator', { ...MAJORITY, numerator: 1.5 }],
    ['an unknown rule', { ...MAJORITY, rule: 'majority' }],
    ['an unknown field', { ...MAJORITY, percent: 50 }],
    ['no count_delegates', incomplete],
  ])('of a bad shape are a 400 (%s)', async (_what, quorum) => {
    const res = await call('POST', BASE, DEMO.admin, { name: '総会', event_date: '2031-06-20', quorum });
    expect(res.statusCode).toBe(400);
  });

  it('are not shown to the invited company', async () => {
    const id = await insertConference(app.pool, { name: '定足数のある総会', eventDate: '2031-06-20T14:00:00+09:00' });
    conferences.push(id);
    await app.pool.query(`update conference set quorum = $2 where id = $1`, [id, MAJORITY]);
    const c0001 = await companyIdOf(app.pool, 'C0001');
    await app.pool.query(`insert into conference_company (cci_code, conference_id, company_id) values ('demo', $1, $2)`, [
      id,
      c0001,
    ]);
    await app.pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id)
       select 'demo', $1, company_id, id from member where company_id = $2 order by id limit 1`,
      [id, c0001],
    );
    const res = await call('GET', `/v1/company/conferences/${id}`, DEMO.companyAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('定足数のある総会');
    expect(res.json()).not.toHaveProperty('quorum');
  });
});

/** Invites a new member of the test company; `checkedIn` sets checked_in_at as the desk would. */
async function invite(
  conferenceId: number,
  opts: { answer: string | null; category?: string; checkedIn?: boolean },
): Promise<number> {
  const memberId = await insertMember(app.pool, companyId, '定足 太郎', 'テイソク タロウ');
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, category, answer_content, checked_in_at)
     values ('demo', $1, $2, $3, $4, $5, case when $6 then now() end) returning id`,
    [conferenceId, companyId, memberId, opts.category ?? 'principal', opts.answer, opts.checkedIn ?? false],
  );
  return rows[0].id;
}

describe('GET /v1/cci/admin/master/conferences/{id}/quorum', () => {
  let conference: { id: number; version: number };
  const quorum = async () => {
    const res = await call('GET', `${BASE}/${conference.id}/quorum`, DEMO.staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setQuorum = async (settings: object | null) => {
    const res = await put(conference.id, conference.version, { quorum: settings }, DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    conference = res.json();
  };

  beforeAll(async () => {
    conference = await create({});
    // five invited principals: two attended, one 委任状, one 欠席, one unanswered; and a 代理 and a 委任状 who came
    await invite(conference.id, { answer: 'attend', checkedIn: true });
    await invite(conference.id, { answer: 'proxy_attend', checkedIn: true });
    await invite(conference.id, { answer: 'delegate' });
    await invite(conference.id, { answer: 'absent' });
    await invite(conference.id, { answer: null });
    await invite(conference.id, { answer: 'attend', category: 'substitute', checkedIn: true });
  });

  it('has no figures while the conference sets no quorum, only who is present and delegated', async () => {
    expect(await quorum()).toMatchObject({
      conference_id: conference.id,
      settings: null,
      total: null,
      required: null,
      present: 2,
      delegated: 1,
      counted: null,
      met: null,
      margin: null,
    });
  });

  it('counts the invited principals checked in, with 委任状 when they count (過半数 of 5 is 3)', async () => {
    await setQuorum(MAJORITY);
    const figures = await quorum();
    expect(figures).toMatchObject({ settings: MAJORITY, total: 5, required: 3, present: 2, delegated: 1 });
    expect(figures).toMatchObject({ counted: 3, met: true, margin: 0 });
    expect(new Date(figures.as_of).toISOString()).toBe(figures.as_of);

    await setQuorum({ ...MAJORITY, count_delegates: false });
    expect(await quorum()).toMatchObject({ required: 3, counted: 2, met: false, margin: -1 });
  });

  it('takes a fixed basis, and a 委任状 who came counts once, as present', async () => {
    await setQuorum({ basis: 8, numerator: 1, denominator: 2, rule: 'at_least', count_delegates: true });
    expect(await quorum()).toMatchObject({ total: 8, required: 4, present: 2, delegated: 1, counted: 3, met: false, margin: -1 });
    await app.pool.query(
      `update conference_member set checked_in_at = now() where conference_id = $1 and answer_content = 'delegate'`,
      [conference.id],
    );
    expect(await quorum()).toMatchObject({ total: 8, present: 3, delegated: 0, counted: 3, met: false });
  });

  it("is another chamber's or a missing conference: 404", async () => {
    const other = await insertConference(app.pool, { cciCode: OTHER_CCI, eventDate: '2031-06-20T14:00:00+09:00' });
    conferences.push(other);
    expect((await call('GET', `${BASE}/${other}/quorum`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/2000000000/quorum`, DEMO.admin)).statusCode).toBe(404);
  });
});

describe('a change of the quorum settings', () => {
  const quorumEvents = async (id: number) =>
    (await app.pool.query(`select 1 from room_event where conference_id = $1 and kind = 'quorum'`, [id])).rowCount;

  it("reaches the room's staff as a `quorum` event with the figures by the new rule", async () => {
    const created = await create({});
    await invite(created.id, { answer: 'attend', checkedIn: true });
    await invite(created.id, { answer: 'attend' });
    const stream = await openStream(
      `${base}${staffRoom(created.id, '/events')}?last_event_id=0`,
      bearer(await tokenOf(DEMO.staff)),
    );
    expect(stream.status).toBe(200);
    const twoThirds = { ...MAJORITY, numerator: 2, denominator: 3, rule: 'at_least' };
    expect((await put(created.id, 1, { quorum: twoThirds })).statusCode).toBe(200);
    const [event] = await stream.waitFor(1, 'quorum');
    stream.close();
    expect(event.data).toMatchObject({
      conference_id: created.id,
      settings: twoThirds,
      total: 2,
      required: 2,
      present: 1,
      met: false,
      margin: -1,
    });
  });

  it('is announced only when the settings change (not for the same settings, nor other fields)', async () => {
    const created = await create({ quorum: MAJORITY });
    expect(await quorumEvents(created.id)).toBe(0);
    const reordered = Object.fromEntries(Object.entries(MAJORITY).reverse());
    const same = await put(created.id, 1, { quorum: reordered, place: '大ホール' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await quorumEvents(created.id)).toBe(0);
    expect((await put(created.id, 2, { quorum: null })).statusCode).toBe(200);
    expect(await quorumEvents(created.id)).toBe(1);
    const { rows } = await app.pool.query(
      `select audience, payload from room_event where conference_id = $1 and kind = 'quorum'`,
      [created.id],
    );
    expect(rows[0]).toMatchObject({ audience: 'staff', payload: { settings: null, required: null, met: null } });
  });
});
