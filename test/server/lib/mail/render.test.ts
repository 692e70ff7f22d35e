/**
 * Issue 13 "Mail is Japanese business mail": each kind rendered from a row written in SQL, sent
 * through the run's local SMTP sink and read back with mailparser — what a company's mail program
 * shows: 件名, 宛名, 会議名, 日時 with weekday, 会場, 回答期限, 資料, the portal link, the chamber's
 * signature, plain text and HTML, an `.ics` that parses, names RFC 2047-encoded in ASCII headers.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../../server/db/client.ts';
import type { ChangePayload, ReceiptPayload } from '../../../../server/lib/mail/payload.ts';
import { renderNotification, type NotificationRow } from '../../../../server/lib/mail/render.ts';
import { verifyTicket } from '../../../../server/lib/reception/ticket.ts';
import { loadLinkSecret } from '../../../../server/lib/room/link-token.ts';
import { dropMailFixture, insertNotifications, mailFixture, type MailFixture } from '../../../helpers/mail-fixtures.ts';
import { icsOf, mailTo, parseIcs, sendQueuedNow, TEST_ORIGIN } from '../../../helpers/mail.ts';
import { decodeQrPng } from '../../../helpers/qr-decode.ts';
import { testStack } from '../../../helpers/stack.ts';

const stack = testStack();
const CCI = 'mail-render';
let db: Db;
let pool: ReturnType<typeof createDb>['pool'];
let f: MailFixture;
const A = 'soumu@render-a.example.jp';
const B = 'info@render-b.example.jp';

const row = async (id: number) => (await pool.query<NotificationRow>('select * from notification where id = $1', [id])).rows[0];

/** Writes one row of `kind` for company A (to `to`), sends it, returns the parsed message. */
async function sent(kind: Parameters<typeof insertNotifications>[2], payload: object, to: string) {
  const [id] = await insertNotifications(pool, f, kind, [f.companies[0]], payload, () => to);
  const [outcome] = await sendQueuedNow(pool, db, [id]);
  expect(outcome).toEqual({ id, status: 'sent' });
  const [message] = await mailTo(to);
  return { id, ...message };
}

beforeAll(async () => {
  ({ pool, db } = createDb(stack.databaseUrl, { max: 3 }));
  f = await mailFixture(pool, CCI, [A, B]);
});

afterAll(async () => {
  await dropMailFixture(pool, CCI);
  await pool.end();
});

describe('the invitation', () => {
  it('is addressed to the company, says what, when, where and until when, in text and HTML', async () => {
    const { mail, raw, id } = await sent('invitation', {}, 'invite+1@render-a.example.jp');
    expect(mail.subject).toBe('【ご案内】第76回通常議員総会（2026年12月20日）');
    // from the chamber (issue 33): its name at MAIL_FROM's address
    expect(mail.from?.value[0]).toEqual({ name: '浜松テスト商工会議所', address: 'kaigi@test.example.jp' });
    expect(mail.messageId).toBe(`<kaigi-notification-${id}.mail-render@test.example.jp>`);
    const text = mail.text!;
    expect(text).toMatch(/^株式会社テスト商事 第1営業所 御中\nご担当者様/);
    for (const part of [
      '■会議名：第76回通常議員総会',
      '■日時：2026年12月20日（日） 14:00～16:00',
      '■会場：浜松商工会議所会館 4階 大会議室',
      '■回答期限：2026年12月10日（木） 17:00',
      '議案書.pdf',
      '会場案内図.pdf',
      '懇親会　2026年12月20日（日） 17:30　ホテルテスト 2階',
      `${TEST_ORIGIN}/company/meetings/${f.conferenceId}`,
      '浜松テスト商工会議所\n〒430-8577 静岡県浜松市中央区東伊場2-7-1\nTEL 053-452-1111',
    ]) {
      expect(text).toContain(part);
    }
    expect(mail.html).toContain(
      '<th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;white-space:nowrap">会場</th>',
    );
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/company/meetings/${f.conferenceId}"`);
    expect(mail.html).not.toMatch(/<img|<script|src=/);

    // headers travel as ASCII: the Japanese subject and sender name are RFC 2047 encoded-words
    const header = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
    expect(header).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(header).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(header).toMatch(/^From: =\?UTF-8\?[BQ]\?.*\?=\s+<kaigi@test\.example\.jp>/m);

    const ics = parseIcs(icsOf(mail)!);
    const event = ics.find((c) => c.component === 'VEVENT')!.props;
    expect(ics.find((c) => c.component === 'VCALENDAR')!.props.METHOD).toBe('PUBLISH');
    expect(event).toMatchObject({
      UID: `kaigi-conference-${f.conferenceId}.mail-render@test.example.jp`,
      SEQUENCE: '3',
      DTSTART: '20261220T050000Z',
      DTEND: '20261220T070000Z',
      SUMMARY: '第76回通常議員総会',
      LOCATION: '浜松商工会議所会館 4階 大会議室',
      STATUS: 'CONFIRMED',
    });
  });

  it('escapes what staff typed in the HTML alternative', async () => {
    await pool.query(`update conference set place = '<b>会館</b> & "別館"' where id = $1`, [f.conferenceId]);
    try {
      const [id] = await insertNotifications(pool, f, 'invitation', [f.companies[1]]);
      const rendered = await renderNotification(db, await row(id), { origin: TEST_ORIGIN });
      expect(rendered.html).toContain('&#60;b&#62;会館&#60;/b&#62; &#38; &#34;別館&#34;');
      expect(rendered.text).toContain('■会場：<b>会館</b> & "別館"');
      // company B is not invited to the 懇親会
      expect(rendered.text).not.toContain('懇親会');
    } finally {
      await pool.query(`update conference set place = '浜松商工会議所会館 4階 大会議室' where id = $1`, [f.conferenceId]);
    }
  });
});

describe('the other kinds', () => {
  it('a reminder names the invitees still unanswered', async () => {
    await pool.query(
      `update conference_member set answer_content = 'attend' where conference_id = $1 and company_id = $2
         and member_id = (select min(member_id) from conference_member where conference_id = $1 and company_id = $2)`,
      [f.conferenceId, f.companies[0]],
    );
    const { mail } = await sent('reminder', {}, 'remind@render-a.example.jp');
    expect(mail.subject).toBe('【ご回答のお願い】第76回通常議員総会（2026年12月20日）');
    expect(mail.text).toContain('■未回答の方\n　・鈴木 一郎（常務取締役）\n　・山田 太郎（代表取締役社長）（懇親会）');
    expect(mail.text).not.toContain('山田 太郎（代表取締役社長）\n');
    expect(parseIcs(icsOf(mail)!).length).toBe(2);
  });

  it('a change notice shows before → after; a reopening says so', async () => {
    const payload: ChangePayload = {
      changes: [
        { field: 'place', before: '旧会場', after: '浜松商工会議所会館 4階 大会議室' },
        { field: 'answer_deadline', before: '2026-12-01T08:00:00Z', after: '2026-12-10T08:00:00Z' },
      ],
    };
    const { mail } = await sent('change', payload, 'change@render-a.example.jp');
    expect(mail.subject).toBe('【変更のお知らせ】第76回通常議員総会（2026年12月20日）');
    expect(mail.text).toContain('・会場：旧会場 → 浜松商工会議所会館 4階 大会議室');
    expect(mail.text).toContain('・回答期限：2026年12月01日（火） 17:00 → 2026年12月10日（木） 17:00');

    const [id] = await insertNotifications(pool, f, 'change', [f.companies[0]], { ...payload, reopened: true });
    expect((await renderNotification(db, await row(id))).text).toContain('回答受付を再開いたしました');
  });

  it('a cancellation carries a cancelled calendar entry and no deadline', async () => {
    const { mail } = await sent('cancel', {}, 'cancel@render-a.example.jp');
    expect(mail.subject).toBe('【中止のお知らせ】第76回通常議員総会（2026年12月20日）');
    expect(mail.text).toContain('中止とさせていただく');
    expect(mail.text).not.toContain('回答期限');
    const event = parseIcs(icsOf(mail)!).find((c) => c.component === 'VEVENT')!.props;
    expect(event.STATUS).toBe('CANCELLED');
    expect(event.UID).toBe(`kaigi-conference-${f.conferenceId}.mail-render@test.example.jp`);
  });

  it('a receipt lists every answer as recorded and who recorded it, without a calendar', async () => {
    const payload: ReceiptPayload = {
      answers: [
        {
          member_name: '山田 太郎',
          member_title: '代表取締役社長',
          answer_content: 'proxy_attend',
          proxy_name: '佐藤 花子',
          proxy_title: '専務取締役',
          answer_channel: 'fax',
          answered_late: true,
        },
        {
          member_name: '鈴木 一郎',
          member_title: null,
          answer_content: 'absent',
          proxy_name: null,
          proxy_title: null,
          answer_channel: 'portal',
          answered_late: false,
        },
        {
          member_name: '田中 次郎',
          member_title: '部長',
          answer_content: null,
          proxy_name: null,
          proxy_title: null,
          answer_channel: null,
          answered_late: false,
        },
      ],
      recorded_by: 'chamber',
      channel: 'fax',
      received_at: '2026-12-11T01:30:00Z',
    };
    const { mail } = await sent('receipt', payload, 'receipt@render-a.example.jp');
    expect(mail.subject).toBe('【回答受付のお知らせ】第76回通常議員総会（2026年12月20日）');
    expect(mail.text).toContain('■受付日時：2026年12月11日（金） 10:30');
    expect(mail.text).toContain('■受付方法：会議所が受付（FAX）');
    expect(mail.text).toContain(
      '・山田 太郎（代表取締役社長）：代理出席（佐藤 花子・専務取締役）　［会議所が受付（FAX）・期限後］',
    );
    expect(mail.text).toContain('・鈴木 一郎：欠席　［ポータル］');
    expect(mail.text).toContain('・田中 次郎（部長）：未回答');
    expect(icsOf(mail)).toBeUndefined();
  });

  it('a receipt after 書面議決 and 委任状 says what was recorded: each vote per 議案 and the 委任先 (issue 34)', async () => {
    const none = { proxy_name: null, proxy_title: null, answered_late: false };
    const payload: ReceiptPayload = {
      answers: [
        { member_name: '山田 太郎', member_title: '代表取締役社長', answer_content: 'absent', answer_channel: 'portal', ...none },
        {
          member_name: '鈴木 一郎',
          member_title: null,
          answer_content: 'delegate',
          answer_channel: 'portal',
          delegate_name: '議長',
          ...none,
        },
      ],
      written_votes: [
        { member_name: '山田 太郎', member_title: '代表取締役社長', number: '第1号議案', title: '決算承認の件', choice: 'yes' },
        {
          member_name: '山田 太郎',
          member_title: '代表取締役社長',
          number: '第2号議案',
          title: '役員選任の件',
          choice: 'abstain',
        },
      ],
      recorded_by: 'company',
      channel: 'portal',
      received_at: '2026-12-11T01:30:00Z',
    };
    const { mail } = await sent('receipt', payload, 'receipt-votes@render-a.example.jp');
    expect(mail.text).toContain('・鈴木 一郎：委任状（委任先：議長）　［ポータル］');
    expect(mail.text).toContain('書面議決（受付時点）');
    expect(mail.text).toContain('・山田 太郎（代表取締役社長）：第1号議案 決算承認の件：賛成');
    expect(mail.text).toContain('・山田 太郎（代表取締役社長）：第2号議案 役員選任の件：棄権');
    expect(mail.html).toContain('第1号議案 決算承認の件：賛成');
  });

  it('a staff-written message carries the text as typed, with the staff subject', async () => {
    const body = '会員各位\n\n総会資料を差し替えました。\n<ご確認ください>';
    const { mail } = await sent('manual', { body }, 'manual@render-a.example.jp');
    expect(mail.subject).toBe('お知らせ（事務局より）');
    expect(mail.text).toContain(body);
    expect(mail.html).toContain('&#60;ご確認ください&#62;');
    expect(icsOf(mail)).toBeUndefined();
  });
});

describe('the receipt’s 受付票 (issue 14)', () => {
  /** company A's invitees: 山田 太郎, 鈴木 一郎 */
  const invitees = async () =>
    (
      await pool.query<{ id: number; name: string }>(
        `select cm.id, m.name from conference_member cm join member m on m.id = cm.member_id
          where cm.conference_id = $1 and cm.company_id = $2 order by cm.sort`,
        [f.conferenceId, f.companies[0]],
      )
    ).rows;

  const answer = (id: number, name: string, content: 'attend' | 'proxy_attend' | 'absent' | 'delegate' | null) => ({
    conference_member_id: id,
    member_name: name,
    member_title: null,
    answer_content: content,
    proxy_name: content === 'proxy_attend' ? '佐藤 花子' : null,
    proxy_title: content === 'proxy_attend' ? '専務取締役' : null,
    answer_channel: content ? ('portal' as const) : null,
    answered_late: false,
  });

  const receipt = (answers: ReceiptPayload['answers']): ReceiptPayload => ({
    answers,
    recorded_by: 'company',
    channel: 'portal',
    received_at: '2026-12-01T01:00:00Z',
  });

  it('an attending invitee’s QR travels inline beside their line, decodes to their ticket; the text links the portal', async () => {
    const [yamada, suzuki] = await invitees();
    const to = 'ticket@render-a.example.jp';
    const { raw, mail } = await sent(
      'receipt',
      receipt([answer(yamada.id, yamada.name, 'proxy_attend'), answer(suzuki.id, suzuki.name, 'absent')]),
      to,
    );
    // one image, a part of the message (multipart/related) named by its Content-ID
    const images = mail.attachments.filter((a) => a.contentType === 'image/png');
    expect(images).toHaveLength(1);
    const [image] = images;
    const cid = `ticket-${yamada.id}@test.example.jp`;
    expect(image).toMatchObject({ contentId: `<${cid}>`, cid, related: true, contentDisposition: 'inline' });
    expect(raw.toString('latin1')).toMatch(/Content-Type: multipart\/related/i);

    // what the desk's scanner reads from it is 山田 太郎's ticket, signed with the API's key
    const qr = decodeQrPng(image.content);
    expect(verifyTicket(await loadLinkSecret(pool), qr)).toBe(yamada.id);

    // the HTML shows it right under 山田 太郎's line (cid links kept, as a mail program sees them)
    const html = (await simpleParser(raw, { keepCidLinks: true })).html as string;
    const yamadaLine = html.indexOf('<li>山田 太郎：代理出席（佐藤 花子・専務取締役）');
    const suzukiLine = html.indexOf('<li>鈴木 一郎：欠席');
    const img = html.indexOf(`<img src="cid:${cid}" alt="佐藤 花子様の受付票（QRコード）"`);
    expect(yamadaLine).toBeGreaterThan(-1);
    expect(html.indexOf('受付票（当日受付でご提示ください）', yamadaLine)).toBeLessThan(img);
    expect(img).toBeGreaterThan(yamadaLine);
    expect(img).toBeLessThan(suzukiLine);
    expect(html.match(/<img /g)).toHaveLength(1);

    // plain text cannot show it: where to see it, under the line
    expect(mail.text).toContain(
      '・山田 太郎：代理出席（佐藤 花子・専務取締役）　［ポータル］\n' +
        `\u3000\u3000受付票（当日受付でご提示ください）：ポータルの会議ページに表示されます ${TEST_ORIGIN}/company/meetings/${f.conferenceId}\n` +
        '　・鈴木 一郎：欠席　［ポータル］\n',
    );
  });

  it('none when nobody attends, nor for a conference cancelled before the mail went', async () => {
    const [yamada, suzuki] = await invitees();
    const { mail } = await sent(
      'receipt',
      receipt([answer(yamada.id, yamada.name, 'delegate'), answer(suzuki.id, suzuki.name, null)]),
      'noticket@render-a.example.jp',
    );
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('<img');
    expect(mail.text).not.toContain('受付票');

    const [id] = await insertNotifications(
      pool,
      f,
      'receipt',
      [f.companies[0]],
      receipt([answer(yamada.id, yamada.name, 'attend')]),
    );
    const secret = await loadLinkSecret(pool);
    expect((await renderNotification(db, await row(id), { ticketSecret: secret })).images).toHaveLength(1);
    await pool.query(`update conference set status = 'cancelled' where id = $1`, [f.conferenceId]);
    try {
      const rendered = await renderNotification(db, await row(id), { ticketSecret: secret });
      expect(rendered.images).toBeUndefined();
      expect(rendered.text).not.toContain('受付票');
    } finally {
      await pool.query(`update conference set status = 'published' where id = $1`, [f.conferenceId]);
    }
  });
});
