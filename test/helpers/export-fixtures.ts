/**
 * Rows the export tests create for themselves in the demo chamber: two companies, three members and
 * a conference with a sub-conference, answered. Names carry 𠮷 (outside Shift_JIS) and 髙 (in CP932
 * as an IBM extension) so the Shift_JIS export's replacement is visible.
 */
import type pg from 'pg';
import { buildSearchText } from '../../server/db/normalize.ts';
import { createConference, createMember } from './attendance-fixtures.ts';

export interface ExportFixture {
  mainId: number;
  subId: number;
  members: { a: number; b: number; c: number };
}

async function company(pool: pg.Pool, code: string, name: string, kana: string, address: string): Promise<number> {
  const attributes = { name1: name, name_kana: kana, admin_changed_info_flag: '0', address, phone: '053-000-0000' };
  const { rows } = await pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes, search_text) values ('demo', $1, $2, $3)
     on conflict (cci_code, company_code) do update set attributes = excluded.attributes returning id`,
    [code, attributes, buildSearchText(code, name, kana)],
  );
  return rows[0].id;
}

interface Invite {
  conferenceId: number;
  memberId: number;
  companyId: number;
  sort: number;
  category: 'principal' | 'substitute' | 'companion';
  answer: 'attend' | 'absent' | 'proxy_attend' | null;
  proxy?: [string, string];
  answeredAt?: string;
  /** DESIGN.md §11.2: how and when the chamber received it */
  channel?: 'portal' | 'fax' | 'phone' | 'email' | 'counter' | 'paper';
  receivedAt?: string;
  late?: boolean;
  /** answered_by: the username of who recorded it (issue 33's 記録者) */
  by?: string;
}

async function invite(pool: pg.Pool, i: Invite) {
  await pool.query(
    `insert into conference_member (cci_code, conference_id, company_id, member_id, category, answer_content, proxy_name, proxy_title, sort, answered_at,
                                    answer_channel, answer_received_at, answered_late, answered_by)
     values ('demo', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      i.conferenceId,
      i.companyId,
      i.memberId,
      i.category,
      i.answer,
      i.proxy?.[0] ?? null,
      i.proxy?.[1] ?? null,
      i.sort,
      i.answeredAt ?? null,
      i.channel ?? null,
      i.receivedAt ?? null,
      i.late ?? false,
      i.by ?? null,
    ],
  );
  await pool.query(
    `insert into conference_company (cci_code, conference_id, company_id) values ('demo', $1, $2) on conflict do nothing`,
    [i.conferenceId, i.companyId],
  );
}

/** A portal answer's recorder: a company user no longer in `users`, so the export names them by username. */
export const PORTAL_USERNAME = 'ex01-portal';

/** `staffUsername` records the FAX and 電話 answers (a user with a display name). */
export async function createExportFixture(pool: pg.Pool, staffUsername: string): Promise<ExportFixture> {
  const yoshino = await company(pool, 'EX01', '𠮷野商事株式会社', 'ヨシノショウジ', '浜松市中央区〜町1-1');
  const takashima = await company(pool, 'EX02', '髙島屋工業', 'タカシマヤコウギョウ', '=浜松市');
  const a = await createMember(pool, {
    companyId: yoshino,
    name: '𠮷田 一郎',
    kana: 'ヨシダ イチロウ',
    start: '2019-05-01',
    positions: [{ type: 'CCI_OFFICER', department: '役員', name: '会頭', rank: 1 }],
  });
  const b = await createMember(pool, {
    companyId: takashima,
    name: '髙橋 花子',
    kana: 'タカハシ ハナコ',
    positions: [
      { type: 'CCI_SECTION', department: '商業部会', name: '部会長', rank: 1 },
      // over before the conference's day (2031-05-01): in neither 役職
      { type: 'CCI_OFFICER', department: '役員', name: '副会頭', rank: 2, end: '2025-03-31' },
    ],
  });
  // a position that starts after today but before the conference: 出欠一覧's 役職 has it, 会員一覧 not
  const c = await createMember(pool, {
    companyId: takashima,
    name: '安藤 次郎',
    kana: 'アンドウ ジロウ',
    positions: [{ type: 'CCI_SECTION', department: '工業部会', name: '委員', start: '2030-04-01' }],
  });

  const mainId = await createConference(pool, { name: '輸出テスト総会', eventDate: new Date('2031-05-01T14:00:00+09:00') });
  const subId = await createConference(pool, {
    name: '懇親会（輸出テスト）',
    eventDate: new Date('2031-05-01T16:30:00+09:00'),
    parentId: mainId,
  });
  await invite(pool, {
    conferenceId: mainId,
    memberId: a,
    companyId: yoshino,
    sort: 1,
    category: 'principal',
    answer: 'attend',
    answeredAt: '2019-05-01T10:00:00+09:00',
    channel: 'portal',
    receivedAt: '2019-05-01T10:00:00+09:00',
    by: PORTAL_USERNAME,
  });
  await invite(pool, {
    conferenceId: mainId,
    memberId: b,
    companyId: takashima,
    sort: 2,
    category: 'principal',
    answer: 'proxy_attend',
    proxy: ['髙橋 太郎', '専務取締役'],
    answeredAt: '2019-05-02T09:30:00+09:00',
    channel: 'fax',
    receivedAt: '2019-05-02T08:45:00+09:00',
    late: true,
    by: staffUsername,
  });
  await invite(pool, {
    conferenceId: subId,
    memberId: a,
    companyId: yoshino,
    sort: 1,
    category: 'principal',
    answer: 'attend',
    answeredAt: '2019-05-03T12:00:00+09:00',
    channel: 'phone',
    receivedAt: '2019-05-03T11:50:00+09:00',
    by: staffUsername,
  });
  await invite(pool, {
    conferenceId: subId,
    memberId: c,
    companyId: takashima,
    sort: 2,
    category: 'companion',
    answer: 'absent',
    answeredAt: '2019-05-04T08:00:00+09:00',
  });
  return { mainId, subId, members: { a, b, c } };
}
