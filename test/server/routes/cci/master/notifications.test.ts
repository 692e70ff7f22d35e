import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../helpers/fixtures.ts';
import { createConference, daysFromNow } from '../../../../helpers/attendance-fixtures.ts';
import { inviteNew, mailCompany, outboxOf } from '../../../../helpers/outbox-fixtures.ts';
import { processDueNotifications } from '../../../../../server/lib/mail/due.ts';
import type { MailQueue } from '../../../../../server/jobs/mail-queue.ts';

/** DESIGN.md §11.2: the due scan, 送信履歴, the staff-written message and resend. */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const M = '/v1/cci/admin/master';
let answered: number;
let unanswered: number;
let stranger: number;
let conference: number;
let otherConference: number;
let otherNotification: number;

/** A mail queue that remembers what it was given. */
function spyQueue(): MailQueue & { ids: number[] } {
  const ids: number[] = [];
  return { ids, enqueue: async (_tx, more) => void ids.push(...more) };
}

async function insertRow(values: {
  conferenceId: number;
  companyId: number;
  kind?: string;
  status: string;
  scheduledFor?: Date;
  updatedAt?: Date;
  cciCode?: string;
}): Promise<number> {
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into notification (cci_code, conference_id, company_id, kind, "to", subject, status, days_before, scheduled_for, updated_at)
     values ($1, $2, $3, $4, 'x@example.jp', '件名', $5, $6, $7, coalesce($8, now())) returning id`,
    [
      values.cciCode ?? 'demo',
      values.conferenceId,
      values.companyId,
      values.kind ?? 'reminder',
      values.status,
      values.kind === undefined ? 1 : null,
      values.scheduledFor ?? null,
      values.updatedAt ?? null,
    ],
  );
  return rows[0].id;
}

const statusOf = async (id: number) =>
  (await app.pool.query<{ status: string; error: string | null }>('select status, error from notification where id = $1', [id]))
    .rows[0];

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  answered = await mailCompany(app.pool, 'NTF-01', { email: 'done@ntf01.example.jp' });
  unanswered = await mailCompany(app.pool, 'NTF-02', { adminEmail: 'admin@ntf02.example.jp' });
  stranger = await mailCompany(app.pool, 'NTF-03', { email: 'x@ntf03.example.jp' });
  conference = await createConference(app.pool, { name: '通知テスト会議', answerDeadline: daysFromNow(20) });
  const done = await inviteNew(app.pool, conference, answered);
  await app.pool.query(`update conference_member set answer_content = 'attend' where id = $1`, [done]);
  await inviteNew(app.pool, conference, unanswered);

  const { companyId } = await ensureOtherChamber(app.pool);
  otherConference = await createConference(app.pool, { cciCode: OTHER_CCI, name: 'よその会議' });
  otherNotification = await insertRow({
    cciCode: OTHER_CCI,
    conferenceId: otherConference,
    companyId,
    kind: 'manual',
    status: 'failed',
  });
});
afterAll(() => app.close());

describe('processDueNotifications', () => {
  it('queues a due reminder for a company with 未回答, skips one that answered', async () => {
    const now = new Date();
    const due = new Date(now.getTime() - 60_000);
    const toUnanswered = await insertRow({
      conferenceId: conference,
      companyId: unanswered,
      status: 'scheduled',
      scheduledFor: due,
    });
    const toAnswered = await insertRow({ conferenceId: conference, companyId: answered, status: 'scheduled', scheduledFor: due });
    const later = await insertRow({
      conferenceId: conference,
      companyId: unanswered,
      status: 'scheduled',
      scheduledFor: daysFromNow(1),
    });
    const queue = spyQueue();
    await processDueNotifications(app.db, queue, now);
    expect(await statusOf(toUnanswered)).toEqual({ status: 'queued', error: null });
    expect(queue.ids).toContain(toUnanswered);
    expect(await statusOf(toAnswered)).toEqual({ status: 'skipped', error: 'nothing_unanswered' });
    expect(await statusOf(later)).toEqual({ status: 'scheduled', error: null });
  });

  it('sends nothing after the deadline, nor for a conference no longer open', async () => {
    const past = await createConference(app.pool, { name: '締切後', answerDeadline: daysFromNow(-1) });
    await inviteNew(app.pool, past, unanswered);
    const closed = await createConference(app.pool, { name: '締切済', status: 'closed', answerDeadline: daysFromNow(5) });
    await inviteNew(app.pool, closed, unanswered);
    const due = new Date(Date.now() - 60_000);
    const afterDeadline = await insertRow({ conferenceId: past, companyId: unanswered, status: 'scheduled', scheduledFor: due });
    const notOpen = await insertRow({ conferenceId: closed, companyId: unanswered, status: 'scheduled', scheduledFor: due });
    const queue = spyQueue();
    const result = await processDueNotifications(app.db, queue, new Date());
    expect(await statusOf(afterDeadline)).toEqual({ status: 'skipped', error: 'deadline_passed' });
    expect(await statusOf(notOpen)).toEqual({ status: 'skipped', error: 'conference_not_open' });
    expect(queue.ids).not.toContain(afterDeadline);
    expect(result.skipped).toBeGreaterThanOrEqual(2);
  });

  it('puts a queued row whose job was lost back on the queue', async () => {
    const lost = await insertRow({
      conferenceId: conference,
      companyId: unanswered,
      kind: 'manual',
      status: 'queued',
      updatedAt: new Date(Date.now() - 5 * 60_000),
    });
    const queue = spyQueue();
    const result = await processDueNotifications(app.db, queue, new Date());
    expect(queue.ids).toContain(lost);
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    // taken once: the next scan leaves it to its job
    const again = spyQueue();
    await processDueNotifications(app.db, again, new Date());
    expect(again.ids).not.toContain(lost);
  });
});

describe('POST /v1/cci/admin/master/conferences/{id}/notifications', () => {
  const url = () => `${M}/conferences/${conference}/notifications`;
  const message = { subject: '資料送付のお知らせ', body: '当日の資料をお送りします。' };

  it('previews the message and its recipients without writing anything', async () => {
    const before = await outboxOf(app.pool, conference);
    const res = await call('POST', url(), DEMO.staff, { ...message, company_ids: [answered, unanswered], preview: true });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.created).toEqual([]);
    expect(result.recipients).toEqual([
      { company_id: answered, company_code: 'NTF-01', name1: 'NTF-01 株式会社', to: 'done@ntf01.example.jp' },
      { company_id: unanswered, company_code: 'NTF-02', name1: 'NTF-02 株式会社', to: 'admin@ntf02.example.jp' },
    ]);
    expect(result.preview.subject).toBe('資料送付のお知らせ');
    // the text as the company will read it: the staff's words and a whole portal link
    expect(result.preview.text).toContain(message.body);
    expect(result.preview.text).toContain(`http://localhost:80/company/meetings/${conference}`);
    expect(await outboxOf(app.pool, conference)).toEqual(before);
  });

  it('sends to every company with 未回答: rows written, queued and audited', async () => {
    const res = await call('POST', url(), DEMO.staff, { ...message, unanswered: true });
    expect(res.statusCode, res.body).toBe(201);
    const { created } = res.json();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      company_id: unanswered,
      kind: 'manual',
      status: 'queued',
      subject: '資料送付のお知らせ',
      to: 'admin@ntf02.example.jp',
      company: { company_code: 'NTF-02' },
      conference: { name: '通知テスト会議' },
    });
    const { rows } = await app.pool.query(`select payload from notification where id = $1`, [created[0].id]);
    expect(rows[0].payload).toEqual({ body: '当日の資料をお送りします。' });
    const audit = await app.pool.query(`select action from audit_log where entity = 'notification' and entity_id = $1`, [
      String(created[0].id),
    ]);
    expect(audit.rows).toEqual([{ action: 'create' }]);
  });

  it('refuses a company not invited to the conference (422 naming it)', async () => {
    const res = await call('POST', url(), DEMO.staff, { ...message, company_ids: [unanswered, stranger] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'company_not_invited', errors: [{ field: 'body.company_ids.1' }] });
  });

  it('refuses a draft conference: companies do not see it yet (422)', async () => {
    const draft = await createConference(app.pool, { name: '下書き会議', status: 'draft' });
    await inviteNew(app.pool, draft, unanswered);
    const res = await call('POST', `${M}/conferences/${draft}/notifications`, DEMO.staff, { ...message, unanswered: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('conference_draft');
    expect(await outboxOf(app.pool, draft)).toEqual([]);
  });

  it('wants exactly one of company_ids and unanswered (400)', async () => {
    const both = await call('POST', url(), DEMO.staff, { ...message, company_ids: [unanswered], unanswered: true });
    const neither = await call('POST', url(), DEMO.staff, message);
    expect([both.statusCode, neither.statusCode]).toEqual([400, 400]);
    expect(neither.json().code).toBe('recipients_required');
  });

  it("another chamber's conference is a 404; a company admin is refused", async () => {
    const foreign = await call('POST', `${M}/conferences/${otherConference}/notifications`, DEMO.admin, {
      ...message,
      unanswered: true,
    });
    expect(foreign.statusCode).toBe(404);
    const company = await call('POST', url(), DEMO.companyAdmin, { ...message, unanswered: true });
    expect(company.statusCode).toBe(403);
  });
});

describe('GET the outbox', () => {
  it('lists a conference with its reminder schedule', async () => {
    const res = await call('GET', `${M}/conferences/${conference}/notifications?kind=manual`, DEMO.staff);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.data.every((r: { kind: string; conference_id: number }) => r.kind === 'manual' && r.conference_id === conference),
    ).toBe(true);
    expect(body.meta.total).toBe(body.data.length);
    expect(body.reminders.map((r: { days_before: number }) => r.days_before)).toEqual([3, 1]);
    for (const r of body.reminders) expect(new Date(r.scheduled_for).getUTCHours()).toBe(0);
  });

  it('filters the whole outbox by conference, company, kind and status; never another chamber', async () => {
    const res = await call(
      'GET',
      `${M}/notifications?conference_id=${conference}&company_id=${unanswered}&kind=manual&status=queued&page_size=100`,
      DEMO.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.length).toBeGreaterThan(0);
    for (const r of data)
      expect(r).toMatchObject({ conference_id: conference, company_id: unanswered, kind: 'manual', status: 'queued' });
    const all = await call('GET', `${M}/notifications?page_size=1000`, DEMO.admin);
    expect(all.json().data.map((r: { id: number }) => r.id)).not.toContain(otherNotification);
    const foreign = await call('GET', `${M}/conferences/${otherConference}/notifications`, DEMO.staff);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /v1/cci/admin/master/notifications/{id}/resend', () => {
  it('puts a failed row back on the queue', async () => {
    const failed = await insertRow({ conferenceId: conference, companyId: unanswered, kind: 'manual', status: 'failed' });
    const res = await call('POST', `${M}/notifications/${failed}/resend`, DEMO.staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: failed, status: 'queued', error: null });
    expect(await statusOf(failed)).toEqual({ status: 'queued', error: null });
  });

  it('refuses a row that did not fail (422), and another chamber’s row (404)', async () => {
    const sent = await insertRow({ conferenceId: conference, companyId: unanswered, kind: 'manual', status: 'sent' });
    const res = await call('POST', `${M}/notifications/${sent}/resend`, DEMO.staff);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_resendable');
    const foreign = await call('POST', `${M}/notifications/${otherNotification}/resend`, DEMO.admin);
    expect(foreign.statusCode).toBe(404);
    expect(await statusOf(otherNotification)).toEqual({ status: 'failed', error: null });
  });
});
