/** Test data of the reception desk (shapes of server/schemas/reception.ts) and its MSW handlers. */
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';
import { API, detail } from '../../test/fixtures';
import type { ReceptionCounts, ReceptionRow } from '../api';

export const DESK = `${API}/conferences/1/check_ins`;
export const ROOM = `${API}/conferences/1/room`;

export const row = (overrides: Partial<ReceptionRow> = {}): ReceptionRow => ({
  id: 1,
  conference_id: 1,
  company_id: 10,
  company_code: 'C010',
  company_name: '株式会社アクメ',
  member_id: 1001,
  member_name: '山田 太郎',
  member_kana: 'ヤマダ タロウ',
  member_title: '代表取締役',
  category: 'principal',
  answer_content: 'attend',
  proxy_name: null,
  proxy_title: null,
  sort: 1,
  expected: true,
  walk_in: false,
  checked_in_at: null,
  checked_in_by: null,
  attended_by: null,
  version: 1,
  ...overrides,
});

/** 10:02 in Tokyo */
export const AT_1002 = '2026-11-21T01:02:00.000Z';

export const checkedIn = (r: ReceptionRow): ReceptionRow => ({
  ...r,
  checked_in_at: AT_1002,
  checked_in_by: 'staff',
  attended_by: r.answer_content === 'proxy_attend' ? r.proxy_name : r.member_name,
  version: r.version + 1,
});

export const counts = (expected: number, checked: number): ReceptionCounts => ({
  expected,
  checked_in: checked,
  not_arrived: expected - checked,
});

export const ROWS = [
  row(),
  row({
    id: 2,
    member_id: 1002,
    member_name: '山田 花子',
    member_kana: 'ヤマダ ハナコ',
    member_title: '専務',
    answer_content: 'proxy_attend',
    proxy_name: '佐藤 次郎',
    proxy_title: '部長',
    sort: 2,
  }),
  row({
    id: 3,
    company_id: 11,
    company_code: 'C011',
    company_name: '丸の内商事',
    member_id: 1003,
    member_name: '鈴木 一郎',
    member_kana: 'スズキ イチロウ',
    member_title: null,
    answer_content: 'absent',
    expected: false,
    sort: 3,
  }),
];

/**
 * The desk's server: the conference, the room's ticket, and a list answering `q` from `state.rows`
 * with `state.counts` (a test's write handlers update the state as the API would).
 */
export const deskServer = (rows: ReceptionRow[] = ROWS, total: ReceptionCounts = counts(2, 0)) => {
  const searches: string[] = [];
  const state = { rows, counts: total };
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }))),
    http.post(`${ROOM}/ticket`, () => HttpResponse.json({ ticket: 't1', expires_at: '2026-11-21T05:01:00Z' }, { status: 201 })),
    http.get(DESK, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      searches.push(q);
      const data = state.rows.filter(
        (r) => !q || `${r.member_name}${r.member_kana}${r.company_name}${r.company_code}`.includes(q),
      );
      return HttpResponse.json({ data, meta: { total: data.length, page: 1, perPage: 50 }, counts: state.counts });
    }),
  );
  return { searches, state };
};

export const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'error', status, code, detail: `${code} の説明`, ...extra },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
