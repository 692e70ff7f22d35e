/** Test data and MSW helpers of the conference screens (shapes of server/schemas/conference*.ts). */
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../../test/handlers';
import type { Conference, ConferenceMember } from '../types';

export const API = '*/v1/cci/admin/master';

export const list = (rows: unknown[], total = rows.length, page = 1, pageSize = 10) =>
  HttpResponse.json({ data: rows, meta: { page, page_size: pageSize, total } });

export const signIn = (role: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' = 'CCI_ADMIN') => {
  amplify.signInAs(role);
  server.use(
    cciUserInfoOk({ ...cciUser, user_type: role }),
    // a conference without 議案: the record-answer dialog shows no 書面議決 (issue 34)
    http.get('*/v1/cci/admin/master/conference_members/:id/written_votes', ({ params }) =>
      HttpResponse.json({ conference_member_id: Number(params.id), data: [] }),
    ),
  );
};

export const conference = (overrides: Partial<Conference> = {}): Conference => ({
  id: 1,
  cci_code: 'TKY',
  parent_id: null,
  template_id: 7,
  name: '通常議員総会',
  // 2026/11/21(土) 14:00 in Tokyo
  event_date: '2026-11-21T05:00:00.000Z',
  end_at: '2026-11-21T07:00:00.000Z',
  place: '本館 大ホール',
  answer_deadline: '2026-11-14T14:59:59.000Z',
  status: 'draft',
  description: null,
  allow_delegate: true,
  attachments: [],
  reminder_days: [3, 1],
  quorum: null,
  version: 4,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-02T00:00:00.000Z',
  ...overrides,
});

export const subConference = (overrides: Partial<Conference> = {}): Conference =>
  conference({
    id: 2,
    parent_id: 1,
    name: '懇親会',
    event_date: '2026-11-21T07:30:00.000Z',
    end_at: null,
    place: '本館 宴会場',
    allow_delegate: false,
    version: 2,
    ...overrides,
  });

export const detail = (overrides: Partial<Conference> = {}, subs: Conference[] = [subConference()]) => ({
  ...conference(overrides),
  sub_conferences: subs,
});

const COMPANIES: Record<number, { company_code: string; name1: string }> = {
  10: { company_code: 'C010', name1: '株式会社アクメ' },
  11: { company_code: 'C011', name1: '丸の内商事' },
  12: { company_code: 'C012', name1: '日本橋製作所' },
  13: { company_code: 'C013', name1: '銀座建設' },
};

let nextId = 100;

export const invitee = (
  overrides: Partial<ConferenceMember> & { name?: string; title?: string | null } = {},
): ConferenceMember & { id: number } => {
  const { name, title, ...rest } = overrides;
  const id = rest.id ?? nextId++;
  const companyId = rest.company_id ?? 10;
  return {
    id,
    cci_code: 'TKY',
    conference_id: 1,
    company_id: companyId,
    member_id: id + 1000,
    category: 'principal',
    answer_content: null,
    proxy_name: null,
    proxy_title: null,
    sort: 1,
    answered_at: null,
    answered_by: null,
    answer_channel: null,
    answer_received_at: null,
    answered_late: false,
    version: 1,
    created_at: '2026-10-01T00:00:00.000Z',
    updated_at: '2026-10-01T00:00:00.000Z',
    recorder: null,
    member: { name: name ?? `会員 ${id}`, name_kana: null, title: title ?? null },
    company: COMPANIES[companyId] ?? { company_code: `C${companyId}`, name1: `事業所${companyId}` },
    ...rest,
  };
};

/**
 * The answers fixture: the 総会 (conference 1) has six invitees in four companies, the 懇親会
 * (conference 2) two.
 * 総会:  アクメ 出席 + 代理出席 (both answered) · 丸の内商事 欠席 + 未回答 (partial)
 *        日本橋製作所 未回答 (none) · 銀座建設 委任状 (answered)
 * 懇親会: アクメ 出席 · 丸の内商事 未回答
 * Channels (総会): 山田 太郎 ポータル, 山田 花子 FAX after the deadline, 鈴木 一郎 電話, 田中 四郎 紙.
 */
export const answersFixture = () => [
  invitee({
    id: 1,
    sort: 1,
    company_id: 10,
    name: '山田 太郎',
    title: '代表取締役',
    answer_content: 'attend',
    answered_at: '2026-11-01T01:00:00.000Z',
    answer_channel: 'portal',
    // issue 33: the company's own user answered in the portal
    recorder: { name: 'アクメ 管理者' },
  }),
  invitee({
    id: 2,
    sort: 2,
    company_id: 10,
    name: '山田 花子',
    title: '専務',
    answer_content: 'proxy_attend',
    proxy_name: '佐藤 次郎',
    proxy_title: '部長',
    answer_channel: 'fax',
    answer_received_at: '2026-11-15T00:30:00.000Z',
    answered_late: true,
    recorder: { name: '会議所 花子' },
  }),
  invitee({
    id: 3,
    sort: 3,
    company_id: 11,
    name: '鈴木 一郎',
    answer_content: 'absent',
    answer_channel: 'phone',
    recorder: { name: '会議所 花子' },
  }),
  invitee({ id: 4, sort: 4, company_id: 11, name: '鈴木 二郎' }),
  invitee({ id: 5, sort: 5, company_id: 12, name: '高橋 三郎' }),
  invitee({ id: 6, sort: 6, company_id: 13, name: '田中 四郎', answer_content: 'delegate', answer_channel: 'paper' }),
  invitee({ id: 7, sort: 1, conference_id: 2, company_id: 10, name: '山田 太郎', answer_content: 'attend' }),
  invitee({ id: 8, sort: 2, conference_id: 2, company_id: 11, name: '鈴木 一郎' }),
];

export const TEMPLATES = '*/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE';

export const template = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  cci_code: 'TKY',
  conference_template_code: 'GENERAL_ASSEMBLY',
  name: '通常議員総会',
  body: {
    place: '本館 大ホール',
    start_time: '14:00',
    end_time: '16:00',
    answer_deadline_days_before: 7,
    allow_delegate: true,
    sub_conferences: [{ name: '懇親会', start_offset_minutes: 150, duration_minutes: 90 }],
  },
  version: 1,
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-01T00:00:00.000Z',
  ...overrides,
});
