/**
 * A conference of the export tests' companies (test/helpers/export-fixtures.ts) on the day of the
 * meeting (issue 14): invitees answered every way, some checked in at the desk, one 当日参加.
 * `remove` deletes everything it added, so the members export and other files see what they did.
 */
import type pg from 'pg';
import { createConference, createMember } from './attendance-fixtures.ts';
import { PORTAL_USERNAME, type ExportFixture } from './export-fixtures.ts';

export interface ReceptionExportFixture {
  conferenceId: number;
  /** the username of the staff member who checked the walk-in in: a user row with a display name */
  staffUsername: string;
  remove(): Promise<void>;
}

interface Row {
  memberId: number;
  companyCode: 'EX01' | 'EX02';
  sort: number;
  category: 'principal' | 'companion';
  answer: 'attend' | 'proxy_attend' | 'absent' | 'delegate' | null;
  proxy?: [string, string];
  channel?: 'portal' | 'fax' | 'counter';
  walkIn?: boolean;
  /** Tokyo time on 2031-06-01, checked in by `by` as `attendedBy` */
  checkedIn?: { at: string; by: string; attendedBy: string };
}

export async function createReceptionExportFixture(
  pool: pg.Pool,
  fx: ExportFixture,
  staffUsername: string,
): Promise<ReceptionExportFixture> {
  const companyOf = async (code: string) =>
    (await pool.query<{ id: number }>("select id from company where cci_code = 'demo' and company_code = $1", [code])).rows[0].id;
  const ex01 = await companyOf('EX01');
  const ex02 = await companyOf('EX02');
  const added = [
    await createMember(pool, { companyId: ex02, name: '上野 未回答', kana: 'ウエノ ミカイトウ' }),
    await createMember(pool, { companyId: ex01, name: '江藤 欠席', kana: 'エトウ ケッセキ' }),
    await createMember(pool, { companyId: ex01, name: '飛田 当日', kana: 'トビタ トウジツ' }),
  ];
  const [unanswered, absent, walkIn] = added;
  const conferenceId = await createConference(pool, {
    name: '受付テスト総会',
    status: 'held',
    eventDate: new Date('2031-06-01T14:00:00+09:00'),
  });
  const rows: Row[] = [
    {
      memberId: fx.members.a,
      companyCode: 'EX01',
      sort: 1,
      category: 'principal',
      answer: 'attend',
      channel: 'portal',
      checkedIn: { at: '13:52', by: 'desk-2', attendedBy: '𠮷田 一郎' },
    },
    {
      memberId: fx.members.b,
      companyCode: 'EX02',
      sort: 2,
      category: 'principal',
      answer: 'proxy_attend',
      proxy: ['髙橋 太郎', '専務取締役'],
      channel: 'fax',
      checkedIn: { at: '13:41', by: 'desk-1', attendedBy: '髙橋 太郎' },
    },
    { memberId: fx.members.c, companyCode: 'EX02', sort: 3, category: 'companion', answer: 'delegate', channel: 'fax' },
    { memberId: unanswered, companyCode: 'EX02', sort: 4, category: 'principal', answer: null },
    { memberId: absent, companyCode: 'EX01', sort: 5, category: 'principal', answer: 'absent', channel: 'portal' },
    {
      memberId: walkIn,
      companyCode: 'EX01',
      sort: 6,
      category: 'companion',
      answer: 'attend',
      channel: 'counter',
      walkIn: true,
      checkedIn: { at: '14:03', by: staffUsername, attendedBy: '飛田 当日' },
    },
  ];
  for (const r of rows) {
    const companyId = r.companyCode === 'EX01' ? ex01 : ex02;
    await pool.query(
      `insert into conference_member (cci_code, conference_id, company_id, member_id, category, answer_content, proxy_name, proxy_title,
                                      sort, answer_channel, answer_received_at, walk_in, checked_in_at, checked_in_by, attended_by, answered_by)
       values ('demo', $1, $2, $3, $4, $5, $6, $7, $8, $9, case when $9::text is not null then '2031-05-20T10:00:00+09:00'::timestamptz end,
               $10, ('2031-06-01 ' || $11::text || ':00+09')::timestamptz, $12, $13,
               -- 記録者 (issue 33): the company's user in the portal, the staff member otherwise
               case $9::text when 'portal' then $14 else $15 end)`,
      [
        conferenceId,
        companyId,
        r.memberId,
        r.category,
        r.answer,
        r.proxy?.[0] ?? null,
        r.proxy?.[1] ?? null,
        r.sort,
        r.channel ?? null,
        r.walkIn ?? false,
        r.checkedIn?.at ?? null,
        r.checkedIn?.by ?? null,
        r.checkedIn?.attendedBy ?? null,
        PORTAL_USERNAME,
        staffUsername,
      ],
    );
    await pool.query(
      `insert into conference_company (cci_code, conference_id, company_id) values ('demo', $1, $2) on conflict do nothing`,
      [conferenceId, companyId],
    );
  }
  return {
    conferenceId,
    staffUsername,
    async remove() {
      await pool.query('delete from conference where id = $1', [conferenceId]);
      await pool.query('delete from member where id = any($1::int[])', [added]);
    },
  };
}
