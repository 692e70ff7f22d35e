import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../../helpers/fixtures.ts';
import { createConference, createMember, daysFromNow } from '../../../../helpers/attendance-fixtures.ts';
import { inviteNew, mailCompany, outboxOf, versionOf, type OutboxRow } from '../../../../helpers/outbox-fixtures.ts';
import { readSink, sendQueuedNow } from '../../../../helpers/mail.ts';
import { decodeQrPng } from '../../../../helpers/qr-decode.ts';
import { verifyTicket } from '../../../../../server/lib/reception/ticket.ts';

/** Issue 13 "What is sent": the outbox rows each change writes (DESIGN.md §11.2). */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const CONFERENCES = '/v1/cci/admin/master/conferences';
let withAdmin: number;
let withEmail: number;
let noAddress: number;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  withAdmin = await mailCompany(app.pool, 'NTO-01', { email: 'office@nto01.example.jp', adminEmail: 'admin@nto01.example.jp' });
  withEmail = await mailCompany(app.pool, 'NTO-02', { email: 'info@nto02.example.jp' });
  noAddress = await mailCompany(app.pool, 'NTO-03', { email: null });
});
afterAll(() => app.close());

async function draftWithInvitees(name: string): Promise<number> {
  const id = await createConference(app.pool, {
    name,
    status: 'draft',
    eventDate: daysFromNow(40),
    answerDeadline: daysFromNow(20),
  });
  for (const company of [withAdmin, withEmail, noAddress]) await inviteNew(app.pool, id, company);
  return id;
}

async function put(id: number, body: object) {
  const res = await call('PUT', `${CONFERENCES}/${id}`, DEMO.staff, { version: await versionOf(app.pool, id), ...body });
  expect(res.statusCode, res.body).toBe(200);
}

const ofKind = (rows: OutboxRow[], kind: string) => rows.filter((r) => r.kind === kind);
const byCompany = (rows: OutboxRow[]) => Object.fromEntries(rows.map((r) => [r.company_id, r]));

describe('publishing', () => {
  it('writes an invitation to each invited company, 送付不可 for one without an address', async () => {
    const id = await draftWithInvitees('案内テスト総会');
    expect(await outboxOf(app.pool, id)).toEqual([]);
    await put(id, { status: 'published' });
    const invitations = byCompany(ofKind(await outboxOf(app.pool, id), 'invitation'));
    expect(Object.keys(invitations)).toHaveLength(3);
    expect(invitations[withAdmin]).toMatchObject({ status: 'queued', to: 'admin@nto01.example.jp', error: null });
    expect(invitations[withAdmin].subject).toMatch(/^【ご案内】案内テスト総会（\d{4}年\d{1,2}月\d{1,2}日）$/);
    expect(invitations[withEmail]).toMatchObject({ status: 'queued', to: 'info@nto02.example.jp' });
    expect(invitations[noAddress]).toMatchObject({ status: 'skipped', to: null, error: 'no_address' });
  });

  it('schedules the reminders at 09:00 Asia/Tokyo, [3, 1] business days before the deadline', async () => {
    const id = await draftWithInvitees('督促テスト総会');
    await put(id, { status: 'published' });
    const reminders = ofKind(await outboxOf(app.pool, id), 'reminder');
    expect(reminders).toHaveLength(6);
    for (const company of [withAdmin, withEmail]) {
      const mine = reminders.filter((r) => r.company_id === company);
      expect(mine.map((r) => [r.days_before, r.status])).toEqual([
        [3, 'scheduled'],
        [1, 'scheduled'],
      ]);
      // 09:00 JST is 00:00 UTC
      for (const r of mine) expect(r.scheduled_for!.getUTCHours()).toBe(0);
      expect(mine[0].scheduled_for!.getTime()).toBeLessThan(mine[1].scheduled_for!.getTime());
    }
    expect(reminders.filter((r) => r.company_id === noAddress).map((r) => r.error)).toEqual(['no_address', 'no_address']);
  });

  it('sends one invitation on the parent to companies invited only to its sub-conference', async () => {
    const parent = await createConference(app.pool, { name: '親会議', status: 'draft', answerDeadline: daysFromNow(20) });
    const sub = await createConference(app.pool, {
      name: '懇親会',
      status: 'draft',
      parentId: parent,
      answerDeadline: daysFromNow(20),
    });
    await inviteNew(app.pool, parent, withAdmin);
    await inviteNew(app.pool, sub, withAdmin, '懇親 花子');
    await inviteNew(app.pool, sub, withEmail);
    await put(parent, { status: 'published' });
    const invitations = ofKind(await outboxOf(app.pool, parent), 'invitation');
    expect(invitations.map((r) => r.company_id).sort()).toEqual([withAdmin, withEmail].sort());
    expect(ofKind(await outboxOf(app.pool, sub), 'invitation')).toEqual([]);
  });

  it('a sub-conference published on its own later: invitations for its companies', async () => {
    const parent = await createConference(app.pool, { name: '後日親会議', status: 'published', answerDeadline: daysFromNow(20) });
    const sub = await createConference(app.pool, {
      name: '後日懇親会',
      status: 'draft',
      parentId: parent,
      answerDeadline: daysFromNow(20),
    });
    await inviteNew(app.pool, sub, withEmail);
    await put(sub, { status: 'published' });
    expect(ofKind(await outboxOf(app.pool, sub), 'invitation').map((r) => [r.company_id, r.status])).toEqual([
      [withEmail, 'queued'],
    ]);
  });

  it('invites a company added after publishing, once', async () => {
    const id = await draftWithInvitees('追加招待テスト');
    await put(id, { status: 'published' });
    const late = await mailCompany(app.pool, 'NTO-04', { email: 'late@nto04.example.jp' });
    const members = [];
    for (const name of ['追加 一郎', '追加 二郎'])
      members.push(await createMember(app.pool, { companyId: late, name, kana: 'ツイカ' }));
    const invite = (member_id: number) =>
      call('POST', '/v1/cci/admin/master/conference_members', DEMO.staff, { mode: 'one', conference_id: id, member_id });
    expect((await invite(members[0])).statusCode).toBe(201);
    expect((await invite(members[1])).statusCode).toBe(201);
    const rows = (await outboxOf(app.pool, id)).filter((r) => r.company_id === late);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['invitation', 'queued'],
      ['reminder', 'scheduled'],
      ['reminder', 'scheduled'],
    ]);
    // an already invited company gets nothing more
    expect(ofKind(await outboxOf(app.pool, id), 'invitation')).toHaveLength(4);
  });

  it('writes nothing for a draft cancelled before anyone was told', async () => {
    const id = await draftWithInvitees('下書き中止');
    await put(id, { status: 'cancelled' });
    expect(await outboxOf(app.pool, id)).toEqual([]);
  });
});

describe('changes after publishing', () => {
  it('a new deadline: a change notice, and the reminders recomputed', async () => {
    const id = await draftWithInvitees('期限変更テスト');
    await put(id, { status: 'published' });
    const before = ofKind(await outboxOf(app.pool, id), 'reminder');
    const deadline = daysFromNow(27);
    await put(id, { answer_deadline: deadline.toISOString() });
    const rows = await outboxOf(app.pool, id);
    const changes = byCompany(ofKind(rows, 'change'));
    expect(changes[withAdmin]).toMatchObject({ status: 'queued', to: 'admin@nto01.example.jp' });
    expect(changes[withAdmin].subject).toMatch(/^【変更のお知らせ】期限変更テスト/);
    expect(changes[withAdmin].payload.changes).toEqual([
      { field: 'answer_deadline', before: expect.any(String), after: deadline.toISOString() },
    ]);
    expect(changes[noAddress]).toMatchObject({ status: 'skipped', error: 'no_address' });
    const reminders = ofKind(rows, 'reminder');
    const old = reminders.filter((r) => before.some((b) => b.id === r.id && b.status === 'scheduled'));
    expect(old.map((r) => r.error)).toEqual(Array(4).fill('deadline_changed'));
    const current = reminders.filter((r) => r.status === 'scheduled');
    expect(current).toHaveLength(4);
    for (const r of current) expect(r.scheduled_for!.getTime()).toBeLessThan(deadline.getTime());
    expect(current[0].scheduled_for!.getTime()).toBeGreaterThan(before[0].scheduled_for!.getTime());
  });

  it('new reminder days: the reminders recomputed, no change notice', async () => {
    const id = await draftWithInvitees('督促日変更テスト');
    await put(id, { status: 'published' });
    await put(id, { reminder_days: [5] });
    const rows = await outboxOf(app.pool, id);
    expect(ofKind(rows, 'change')).toEqual([]);
    const scheduled = rows.filter((r) => r.status === 'scheduled');
    expect(scheduled.map((r) => [r.company_id, r.days_before])).toEqual([
      [withAdmin, 5],
      [withEmail, 5],
    ]);
    expect(ofKind(rows, 'reminder').filter((r) => r.error === 'deadline_changed')).toHaveLength(4);
  });

  it('a new place: a change notice naming it; a new name alone: none', async () => {
    const id = await draftWithInvitees('会場変更テスト');
    await put(id, { status: 'published', place: '本館 大会議室' });
    await put(id, { name: '会場変更テスト（改）' });
    expect(ofKind(await outboxOf(app.pool, id), 'change')).toEqual([]);
    await put(id, { place: '別館 ホール' });
    const changes = ofKind(await outboxOf(app.pool, id), 'change');
    expect(changes).toHaveLength(3);
    expect(changes[0].payload.changes).toEqual([{ field: 'place', before: '本館 大会議室', after: '別館 ホール' }]);
  });

  it('cancelling: a cancellation notice, and the pending reminders skipped', async () => {
    const id = await draftWithInvitees('中止テスト');
    await put(id, { status: 'published' });
    await put(id, { status: 'cancelled' });
    const rows = await outboxOf(app.pool, id);
    expect(byCompany(ofKind(rows, 'cancel'))[withEmail]).toMatchObject({ status: 'queued', to: 'info@nto02.example.jp' });
    expect(ofKind(rows, 'cancel')[0].subject).toMatch(/^【中止のお知らせ】/);
    expect(rows.filter((r) => r.status === 'scheduled')).toEqual([]);
    expect(ofKind(rows, 'reminder').filter((r) => r.error === 'conference_not_open')).toHaveLength(4);
  });
});

describe('what a save will mail, said before it is sent (issue 33)', () => {
  const preview = async (id: number, body: object) => {
    const res = await call('POST', `${CONFERENCES}/${id}/mail_preview`, DEMO.staff, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('publishing, a new date or place and cancelling: the kind and the number of companies, nothing written', async () => {
    const id = await draftWithInvitees('件数予告テスト');
    expect(await preview(id, { status: 'published' })).toEqual({ kind: 'invitation', recipients: 'invited', companies: 3 });
    expect(await preview(id, { status: 'cancelled' })).toEqual({ kind: null, recipients: null, companies: 0 });
    expect(await outboxOf(app.pool, id)).toEqual([]);
    await put(id, { status: 'published' });
    const invited = { kind: 'change', recipients: 'invited', companies: 3 };
    expect(await preview(id, { event_date: daysFromNow(41).toISOString() })).toEqual(invited);
    expect(await preview(id, { place: '別館 ホール' })).toEqual(invited);
    expect(await preview(id, { answer_deadline: daysFromNow(22).toISOString() })).toEqual(invited);
    expect(await preview(id, { status: 'cancelled' })).toEqual({ kind: 'cancel', recipients: 'invited', companies: 3 });
    expect(ofKind(await outboxOf(app.pool, id), 'change')).toEqual([]);
    expect(ofKind(await outboxOf(app.pool, id), 'cancel')).toEqual([]);
  });

  it('reopening mails only the companies with 未回答 invitees, as its preview says; with a new date, every company', async () => {
    const id = await draftWithInvitees('再開宛先テスト');
    await put(id, { status: 'published' });
    await app.pool.query(`update conference_member set answer_content = 'attend' where conference_id = $1 and company_id = $2`, [
      id,
      withAdmin,
    ]);
    await put(id, { status: 'closed' });
    const reopen = { status: 'published', answer_deadline: daysFromNow(25).toISOString() };
    expect(await preview(id, reopen)).toEqual({ kind: 'change', recipients: 'unanswered', companies: 2 });
    expect(await preview(id, { ...reopen, place: '別館 ホール' })).toEqual({
      kind: 'change',
      recipients: 'invited',
      companies: 3,
    });
    await put(id, reopen);
    const changes = ofKind(await outboxOf(app.pool, id), 'change');
    expect(changes.map((r) => r.company_id).sort((a, b) => a - b)).toEqual([withEmail, noAddress].sort((a, b) => a - b));
    expect(changes[0].payload).toMatchObject({ reopened: true });
  });

  it('is refused for another chamber’s conference (404) and for a field that is not the mail’s (400)', async () => {
    const id = await draftWithInvitees('予告検証テスト');
    expect((await call('POST', `${CONFERENCES}/${id}/mail_preview`, DEMO.staff, { name: 'x' })).statusCode).toBe(400);
    expect((await call('POST', `${CONFERENCES}/2000000000/mail_preview`, DEMO.staff, {})).statusCode).toBe(404);
  });
});

describe('answer receipts', () => {
  let conference: number;
  let company: number;

  beforeAll(async () => {
    company = await companyIdOf(app.pool, 'C0001');
    conference = await createConference(app.pool, {
      name: '受付テスト会議',
      status: 'published',
      answerDeadline: daysFromNow(20),
    });
  });

  // the invitees made here belong to the demo company C0001: other files list its members
  afterAll(async () => {
    await app.pool.query(`delete from conference where id = $1`, [conference]);
    await app.pool.query(`delete from member where company_id = $1 and name like '回答 %'`, [company]);
  });

  /** A new invitee of `companyId` whose answer staff record (PUT), as a phone or FAX answer is. */
  async function staffRecord(companyId: number, name: string, answer: object) {
    const id = await inviteNew(app.pool, conference, companyId, name);
    const res = await call('PUT', `/v1/cci/admin/master/conference_members/${id}`, DEMO.staff, { version: 1, ...answer });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('after a portal answer: one receipt with every invitee as recorded, by the company', async () => {
    const first = await inviteNew(app.pool, conference, company, '回答 一郎');
    await inviteNew(app.pool, conference, company, '回答 二郎');
    const body = { answers: [{ id: first, answer_content: 'attend' }] };
    const res = await call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, body);
    expect(res.statusCode, res.body).toBe(200);
    const receipts = ofKind(await outboxOf(app.pool, conference), 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ company_id: company, status: 'queued' });
    expect(receipts[0].to).toContain('company-admin@example.com');
    expect(receipts[0].subject).toMatch(/^【回答受付のお知らせ】受付テスト会議/);
    expect(receipts[0].payload).toMatchObject({ recorded_by: 'company', channel: 'portal' });
    const answers = receipts[0].payload.answers as Array<{ member_name: string; answer_content: string | null }>;
    expect(answers.map((a) => [a.member_name, a.answer_content])).toEqual([
      ['回答 一郎', 'attend'],
      ['回答 二郎', null],
    ]);

    // the same answer again changes nothing and sends nothing (DESIGN.md §10)
    const again = await call('POST', '/v1/company/conference_members/answer', DEMO.companyAdmin, body);
    expect(again.statusCode).toBe(200);
    expect(ofKind(await outboxOf(app.pool, conference), 'receipt')).toHaveLength(1);
  });

  it('after staff record an answer: a receipt recorded by the chamber, with its channel', async () => {
    await staffRecord(company, '回答 三郎', {
      answer_content: 'absent',
      answer_channel: 'fax',
      answer_received_at: '2026-11-20T10:00:00+09:00',
    });
    const receipts = ofKind(await outboxOf(app.pool, conference), 'receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1].payload).toMatchObject({
      recorded_by: 'chamber',
      channel: 'fax',
      received_at: '2026-11-20T01:00:00.000Z',
    });
    const answers = receipts[1].payload.answers as Array<{ member_name: string; answer_content: string | null }>;
    expect(answers.find((a) => a.member_name === '回答 三郎')?.answer_content).toBe('absent');
  });

  it('the receipt, sent, carries the 受付票 of the one attending, which the API’s key verifies (issue 14)', async () => {
    const receipt = ofKind(await outboxOf(app.pool, conference), 'receipt')[1];
    const answers = receipt.payload.answers as Array<{ conference_member_id: number; member_name: string }>;
    const { rows } = await app.pool.query<{ id: number; name: string }>(
      'select cm.id, m.name from conference_member cm join member m on m.id = cm.member_id where cm.conference_id = $1 order by cm.sort, cm.id',
      [conference],
    );
    // the payload names each invitee's row; the ticket itself is signed when the mail is rendered
    expect(answers.map((a) => [a.conference_member_id, a.member_name])).toEqual(rows.map((r) => [r.id, r.name]));
    expect(JSON.stringify(receipt.payload)).not.toContain('KR1.');

    expect(await sendQueuedNow(app.pool, app.db, [receipt.id])).toEqual([{ id: receipt.id, status: 'sent' }]);
    const [message] = await readSink(undefined, `X-Kaigi-Notification: ${receipt.id}\r\n`);
    const images = message.mail.attachments.filter((a) => a.contentType === 'image/png');
    expect(images).toHaveLength(1);
    const ichiro = rows.find((r) => r.name === '回答 一郎')!.id;
    expect(verifyTicket(app.roomLinkSecret, decodeQrPng(images[0].content))).toBe(ichiro);
  });

  it('a receipt goes to the company’s own e-mail without admins, and is kept as 送付不可 without any address', async () => {
    for (const [target, to, status, error] of [
      [withEmail, 'info@nto02.example.jp', 'queued', null],
      [noAddress, null, 'skipped', 'no_address'],
    ] as const) {
      await staffRecord(target, '回答 四郎', {
        answer_content: 'attend',
        answer_channel: 'phone',
        answer_received_at: '2026-11-21T09:30:00+09:00',
      });
      const receipts = ofKind(await outboxOf(app.pool, conference), 'receipt').filter((r) => r.company_id === target);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({ to, status, error });
      expect(receipts[0].payload).toMatchObject({ recorded_by: 'chamber', channel: 'phone' });
      expect((receipts[0].payload.answers as Array<{ member_name: string }>).map((a) => a.member_name)).toEqual(['回答 四郎']);
    }
  });
});
