/**
 * A chamber with companies, invitees and a published conference (with a 懇親会 sub-conference), and
 * outbox rows written straight in SQL (payloads per server/lib/mail/payload.ts), for the mail tests.
 */
import type pg from 'pg';
import type { NotificationKind } from '../../server/db/schema.ts';
import { subjectOf } from '../../server/lib/mail/subject.ts';

export interface MailFixture {
  cci: string;
  conferenceId: number;
  subId: number;
  /** company ids, one per address, in order */
  companies: number[];
  eventDate: Date;
}

export const EVENT_DATE = new Date('2026-12-20T05:00:00Z'); // 2026年12月20日（日） 14:00
export const END_AT = new Date('2026-12-20T07:00:00Z'); // 16:00
export const DEADLINE = new Date('2026-12-10T08:00:00Z'); // 2026年12月10日（木） 17:00

export async function mailFixture(pool: pg.Pool, cci: string, addresses: string[]): Promise<MailFixture> {
  await pool.query(`insert into chamber (cci_code, name, mail_contact) values ($1, '浜松テスト商工会議所', $2)`, [
    cci,
    '〒430-8577 静岡県浜松市中央区東伊場2-7-1\nTEL 053-452-1111　kaigi@hamamatsu.example.jp',
  ]);
  const { rows: companies } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes)
     select $1, 'M' || lpad(n::text, 5, '0'),
            jsonb_build_object('name1', '株式会社テスト商事 第' || n || '営業所', 'email', a)
       from unnest($2::text[]) with ordinality as t(a, n)
     order by n
     returning id`,
    [cci, addresses],
  );
  const ids = companies.map((c) => c.id);
  await pool.query(
    `insert into member (cci_code, company_id, company_code, name, title)
     select $1, c.id, c.company_code, x.name, x.title
       from company c, (values ('山田 太郎', '代表取締役社長'), ('鈴木 一郎', '常務取締役')) as x(name, title)
      where c.cci_code = $1`,
    [cci],
  );
  const { rows: conf } = await pool.query<{ id: number }>(
    `insert into conference (cci_code, name, event_date, end_at, place, answer_deadline, status, attachments, version)
     values ($1, '第76回通常議員総会', $2, $3, '浜松商工会議所会館 4階 大会議室', $4, 'published',
             '[{"key": "k1", "name": "議案書.pdf", "size": 1000}, {"key": "k2", "name": "会場案内図.pdf", "size": 500}]', 3)
     returning id`,
    [cci, EVENT_DATE, END_AT, DEADLINE],
  );
  const { rows: sub } = await pool.query<{ id: number }>(
    `insert into conference (cci_code, parent_id, name, event_date, place, status)
     values ($1, $2, '懇親会', $3, 'ホテルテスト 2階', 'published') returning id`,
    [cci, conf[0].id, new Date('2026-12-20T08:30:00Z')],
  );
  await pool.query(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, sort)
     select $1, $2, m.company_id, m.id, m.id from member m where m.cci_code = $1`,
    [cci, conf[0].id],
  );
  // the sub-conference invites only the first company
  await pool.query(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, sort)
     select $1, $2, m.company_id, m.id, m.id from member m where m.cci_code = $1 and m.company_id = $3`,
    [cci, sub[0].id, ids[0]],
  );
  return { cci, conferenceId: conf[0].id, subId: sub[0].id, companies: ids, eventDate: EVENT_DATE };
}

/** Outbox rows, status `queued`, one per company; returns their ids in order. */
export async function insertNotifications(
  pool: pg.Pool,
  f: MailFixture,
  kind: NotificationKind,
  companies: number[],
  payload: object = {},
  to?: (companyId: number) => string | null,
): Promise<number[]> {
  const subject = subjectOf(kind, { name: '第76回通常議員総会', event_date: f.eventDate }, 'お知らせ（事務局より）');
  const { rows } = await pool.query<{ id: number }>(
    `insert into notification (cci_code, conference_id, company_id, kind, "to", subject, payload, status)
     select $1, $2, c.id, $3, coalesce(t.to_address, c.attributes ->> 'email'), $4, $5, 'queued'
       from unnest($6::int[], $7::text[]) with ordinality as t(company_id, to_address, n)
       join company c on c.id = t.company_id
      order by t.n
     returning id`,
    [f.cci, f.conferenceId, kind, subject, payload, companies, companies.map((id) => (to ? to(id) : null))],
  );
  return rows.map((r) => r.id);
}

/** Removes the fixture's rows (the test database is shared by the run's files). */
export async function dropMailFixture(pool: pg.Pool, cci: string): Promise<void> {
  await pool.query('delete from notification where cci_code = $1', [cci]);
  await pool.query('delete from conference_member where cci_code = $1', [cci]);
  await pool.query('delete from conference where cci_code = $1 and parent_id is not null', [cci]);
  await pool.query('delete from conference where cci_code = $1', [cci]);
  await pool.query('delete from member where cci_code = $1', [cci]);
  await pool.query('delete from company where cci_code = $1', [cci]);
  await pool.query('delete from chamber where cci_code = $1', [cci]);
}
