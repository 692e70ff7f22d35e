/**
 * Answers from every channel (DESIGN.md §11.2, issue 13): staff record an answer that came by FAX,
 * 電話…, with the time it arrived; portal answers are `portal`; late ones are marked; the company
 * sees how its answer was received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import {
  type ConferenceOpts,
  createConference,
  daysFromNow,
  memberIdsOf,
  summaryOf,
  usernameOf,
} from '../../../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/conference_members';
let members: number[];
let staff: string;

interface Row {
  id: number;
  version: number;
  company_id: number;
  answer_content: string | null;
  answered_at: string | null;
  answered_by: string | null;
  answer_channel: string | null;
  answer_received_at: string | null;
  answered_late: boolean;
}

/** A conference of this file's own with the company's first demo member invited; its invitee row. */
async function invitedIn(opts: ConferenceOpts): Promise<Row & { conferenceId: number }> {
  const conferenceId = await createConference(app.pool, { name: '受付方法テスト会議', ...opts });
  const res = await call('POST', BASE, DEMO.staff, { mode: 'one', conference_id: conferenceId, member_id: members[0] });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { ...res.json().created[0], conferenceId };
}

const put = (row: { id: number; version: number }, body: object, who: string = DEMO.staff) =>
  call('PUT', `${BASE}/${row.id}`, who, { version: row.version, ...body });

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  members = await memberIdsOf(app.pool, 'C0001');
  staff = await usernameOf(app.pool, DEMO.staff);
});
afterAll(() => app.close());

describe('answers from every channel', () => {
  it('a company answer in the portal is recorded as portal, received when answered, not late', async () => {
    const row = await invitedIn({});
    expect(row).toMatchObject({ answer_channel: null, answer_received_at: null, answered_late: false });
    const res = await call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, {
      answers: [{ id: row.id, answer_content: 'attend' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [answered] = res.json().data;
    expect(answered).toMatchObject({ answer_channel: 'portal', answered_late: false });
    expect(answered.answer_received_at).toBe(answered.answered_at);
  });

  it('staff record a FAX answer with the time it arrived: answered by the staff user, on time, the summary follows', async () => {
    const row = await invitedIn({});
    const receivedAt = hoursAgo(2);
    const res = await put(row, { answer_content: 'attend', answer_channel: 'fax', answer_received_at: receivedAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      answer_content: 'attend',
      answer_channel: 'fax',
      answer_received_at: receivedAt,
      answered_late: false,
      answered_by: staff,
    });
    expect(await summaryOf(app.pool, row.conferenceId, row.company_id)).toEqual({
      answer_content: 'answered',
      answered_by: staff,
    });
    // the chamber's list shows it, and it can be asked for by name
    const list = await call(
      'GET',
      `${BASE}?conference_id=${row.conferenceId}&fields=id,answer_channel,answered_late`,
      DEMO.admin,
    );
    expect(list.json().data).toEqual([{ id: row.id, answer_channel: 'fax', answered_late: false }]);
  });

  it('after the deadline the answer is recorded and marked late; received defaults to now', async () => {
    const row = await invitedIn({ answerDeadline: daysFromNow(-1) });
    const res = await put(row, { answer_content: 'absent', answer_channel: 'phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer_channel: 'phone', answered_late: true });
    expect(res.json().answer_received_at).toBe(res.json().answered_at);
  });

  it('received before the deadline though typed in afterwards is not late', async () => {
    const row = await invitedIn({ answerDeadline: daysFromNow(-1) });
    const res = await put(row, {
      answer_content: 'absent',
      answer_channel: 'paper',
      answer_received_at: daysFromNow(-2).toISOString(),
    });
    expect(res.json()).toMatchObject({ answer_channel: 'paper', answered_late: false });
  });

  it('while answering is closed (締切) the answer is late even before the deadline', async () => {
    const row = await invitedIn({ status: 'closed', answerDeadline: daysFromNow(5) });
    const res = await put(row, { answer_content: 'attend', answer_channel: 'counter' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer_channel: 'counter', answered_late: true });
  });

  it('a draft takes answers staff received before publishing (not late)', async () => {
    const row = await invitedIn({ status: 'draft' });
    const res = await put(row, { answer_content: 'attend', answer_channel: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer_channel: 'email', answered_late: false });
  });

  it('a cancelled conference refuses answers: 422 conference_cancelled, nothing written', async () => {
    const row = await invitedIn({ status: 'cancelled' });
    const res = await put(row, { answer_content: 'attend', answer_channel: 'fax' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('conference_cancelled');
    const [after] = (await call('GET', `${BASE}?conference_id=${row.conferenceId}`, DEMO.staff)).json().data;
    expect(after).toMatchObject({ version: row.version, answer_content: null, answer_channel: null });
  });

  it('a changed answer needs its channel (400 answer_channel_required); staff cannot claim portal (400)', async () => {
    const row = await invitedIn({});
    const missing = await put(row, { answer_content: 'attend' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'answer_channel_required' });
    expect(fieldsNamed(missing)).toBe('body.answer_channel');
    const portal = await put(row, { answer_content: 'attend', answer_channel: 'portal' });
    expect(portal.statusCode).toBe(400);
    expect(fieldsNamed(portal)).toBe('body.answer_channel');
    const unknown = await put(row, { answer_content: 'attend', answer_channel: 'pigeon' });
    expect(unknown.statusCode).toBe(400);
  });

  it('a received time in the future is 422 received_at_in_future; a malformed one 400', async () => {
    const row = await invitedIn({});
    const future = await put(row, {
      answer_content: 'attend',
      answer_channel: 'fax',
      answer_received_at: daysFromNow(1).toISOString(),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().code).toBe('received_at_in_future');
    expect(fieldsNamed(future)).toBe('body.answer_received_at');
    const malformed = await put(row, { answer_content: 'attend', answer_channel: 'fax', answer_received_at: '昨日' });
    expect(malformed.statusCode).toBe(400);
    expect(fieldsNamed(malformed)).toContain('body.answer_received_at');
  });

  it('a received time long before the conference existed (1900-01-01) is 422 received_at_too_early and leaves the late flag', async () => {
    const row = await invitedIn({ answerDeadline: daysFromNow(-1) });
    const late = await put(row, { answer_content: 'attend', answer_channel: 'fax' });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ answered_late: true });
    for (const when of ['1900-01-01T00:00:00Z', new Date(Date.now() - 367 * 86_400_000).toISOString()]) {
      const early = await put(late.json(), { answer_channel: 'fax', answer_received_at: when });
      expect(early.statusCode, when).toBe(422);
      expect(early.json().code).toBe('received_at_too_early');
      expect(fieldsNamed(early)).toBe('body.answer_received_at');
    }
    const { rows } = await app.pool.query('select answered_late from conference_member where id = $1', [row.id]);
    expect(rows[0].answered_late).toBe(true);
    // a paper answer from before the conference was entered, within the year, is taken
    const earlier = await put(late.json(), { answer_channel: 'fax', answer_received_at: daysFromNow(-30).toISOString() });
    expect(earlier.statusCode, earlier.body).toBe(200);
  });

  it('correcting only the channel and time keeps the answer and who recorded it, and is audited', async () => {
    const row = await invitedIn({});
    const first = (await put(row, { answer_content: 'attend', answer_channel: 'fax', answer_received_at: hoursAgo(3) })).json();
    const receivedAt = hoursAgo(5);
    const res = await put(first, { answer_channel: 'email', answer_received_at: receivedAt }, DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      answer_content: 'attend',
      answer_channel: 'email',
      answer_received_at: receivedAt,
      answered_at: first.answered_at,
      answered_by: staff,
      version: first.version + 1,
    });
    // the same answer sent again with a channel is a correction too, not a new answer
    const again = await put(res.json(), { answer_content: 'attend', answer_channel: 'phone' });
    expect(again.json()).toMatchObject({
      answer_channel: 'phone',
      answer_received_at: receivedAt,
      answered_at: first.answered_at,
    });
    const { rows } = await app.pool.query(
      `select before->>'answer_channel' as before, after->>'answer_channel' as after from audit_log
        where entity = 'conference_member' and entity_id = $1 order by id`,
      [String(row.id)],
    );
    expect(rows.slice(-2)).toEqual([
      { before: 'fax', after: 'email' },
      { before: 'email', after: 'phone' },
    ]);
  });

  it('clearing the answer (未回答) clears the channel, the time and the late mark', async () => {
    const row = await invitedIn({ answerDeadline: daysFromNow(-1) });
    const answered = (await put(row, { answer_content: 'attend', answer_channel: 'fax' })).json();
    expect(answered.answered_late).toBe(true);
    const res = await put(answered, { answer_content: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      answer_content: null,
      answer_channel: null,
      answer_received_at: null,
      answered_late: false,
    });
    expect((await summaryOf(app.pool, row.conferenceId, row.company_id)).answer_content).toBeNull();
  });

  it('the company sees how the chamber received its answer, in both of its portal APIs', async () => {
    const row = await invitedIn({});
    const receivedAt = hoursAgo(1);
    await put(row, { answer_content: 'absent', answer_channel: 'fax', answer_received_at: receivedAt });
    const list = await call('GET', `/v1/company/conference_members?conference_id=${row.conferenceId}`, DEMO.companyAdmin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      answer_channel: 'fax',
      answer_received_at: receivedAt,
      answered_late: false,
      answered_by: staff,
    });
    const shown = await call('GET', `/v1/company/conferences/${row.conferenceId}?expand=members`, DEMO.companyAdmin);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().members[0]).toMatchObject({
      answer_channel: 'fax',
      answer_received_at: receivedAt,
      answered_late: false,
    });

    // the company changes it in the portal: now a portal answer
    const changed = await call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, {
      answers: [{ id: row.id, answer_content: 'attend' }],
    });
    expect(changed.json().data[0]).toMatchObject({ answer_content: 'attend', answer_channel: 'portal' });
  });
});

describe('who recorded each answer (issue 33: expand=recorder)', () => {
  /** what the console names a user by: the display name, else the e-mail */
  const nameOf = async (username: string) =>
    (
      await app.pool.query<{ name: string }>('select coalesce(display_name, email) as name from users where username = $1', [
        username,
      ])
    ).rows[0].name;

  it('the staff member for a FAX answer, the company user for a portal answer, null while unanswered', async () => {
    const faxed = await invitedIn({});
    await put(faxed, { answer_content: 'attend', answer_channel: 'fax' });
    const conferenceId = faxed.conferenceId;
    // a second invitee of the same conference answers in the portal
    const more = await call('POST', BASE, DEMO.staff, { mode: 'one', conference_id: conferenceId, member_id: members[1] });
    expect(more.statusCode, more.body).toBe(201);
    const [portal] = more.json().created as Row[];
    const answered = await call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, {
      answers: [{ id: portal.id, answer_content: 'absent' }],
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const list = await call('GET', `${BASE}?conference_id=${conferenceId}&expand=recorder&sort=sort`, DEMO.staff);
    expect(list.statusCode, list.body).toBe(200);
    const companyUser = await usernameOf(app.pool, DEMO.companyAdmin);
    expect(list.json().data.map((r: { id: number; recorder: unknown }) => [r.id, r.recorder])).toEqual([
      [faxed.id, { name: await nameOf(staff) }],
      [portal.id, { name: await nameOf(companyUser) }],
    ]);
    const unanswered = await invitedIn({});
    const none = await call('GET', `${BASE}?conference_id=${unanswered.conferenceId}&expand=recorder`, DEMO.staff);
    expect(none.json().data[0].recorder).toBeNull();
    expect(await nameOf(staff)).not.toBe(staff);
  });

  it('a user since deleted is named by the username the answer keeps', async () => {
    const row = await invitedIn({});
    await app.pool.query(
      `update conference_member set answer_content = 'attend', answer_channel = 'paper', answered_by = 'gone-clerk' where id = $1`,
      [row.id],
    );
    const list = await call('GET', `${BASE}?conference_id=${row.conferenceId}&expand=member,recorder`, DEMO.admin);
    expect(list.json().data[0].recorder).toEqual({ name: 'gone-clerk' });
  });

  it('is the chamber’s: the company’s own list refuses expand=recorder (400)', async () => {
    const row = await invitedIn({});
    const res = await call(
      'GET',
      `/v1/company/conference_members?conference_id=${row.conferenceId}&expand=recorder`,
      DEMO.companyAdmin,
    );
    expect(res.statusCode).toBe(400);
  });
});
