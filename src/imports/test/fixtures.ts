/** Tests only: import jobs as GET /v1/cci/{cci_code}/import/{id} answers them, and the MSW helpers of the 取込 tests. */
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../../test/handlers';
import type { ImportJob } from '../types';

export const IMPORT = '*/v1/cci/TKY/import';
export const PUT_URL = '*/v1/cci/TKY/common/s3/put_object_url';
export const GET_URL = '*/v1/cci/TKY/common/s3/get_object_url';
export const STORAGE = '*/v1/storage/objects/*';
export const USERS = '*/v1/cci/admin/master/users';

export const list = (rows: unknown[], total = rows.length) =>
  HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total } });

export const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, errors: [], ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

export const signIn = (role: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' = 'CCI_ADMIN') => {
  amplify.signInAs(role);
  server.use(
    cciUserInfoOk({ ...cciUser, user_type: role }),
    http.get(USERS, () =>
      list([
        { username: 'tky-admin', display_name: '東京 太郎', email: 'admin@tky.example.jp' },
        { username: 'tky-staff', display_name: '会議 花子', email: 'staff@tky.example.jp' },
      ]),
    ),
  );
};

export const KEY = 'TKY/import/5b0c3f7e/事業所_2026.csv';

export const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 5,
  type: 'companies',
  key: KEY,
  dry_run: true,
  skip_invalid: false,
  status: 'succeeded',
  progress_done: 30,
  progress_total: 30,
  counts: { rows: 30, created: 25, updated: 3, unchanged: 0, failed: 2 },
  errors: [
    { row: 7, column: 'メールアドレス', code: 'invalid_email', message: 'メールアドレスの形式が正しくありません' },
    { row: 19, column: '郵便番号', code: 'invalid_postal_code', message: '郵便番号は7桁の数字で入力してください' },
  ],
  error_file_key: 'TKY/import/5b0c3f7e/事業所_2026_エラー.xlsx',
  warnings: [{ code: 'import_unknown_column', message: '列「備考」は取り込まれません（不明な列）。', column: '備考' }],
  preview: [
    // stored as JSONB: the keys come back in its order, not the file's
    { row: 2, result: 'created', values: { 郵便番号: '100-0001', 事業所名: '株式会社あおば商事', 事業所コード: 'C0001' } },
    { row: 3, result: 'failed', values: { 郵便番号: null, 事業所名: '有限会社さくら製作所', 事業所コード: 'C0002', 備考: 'x' } },
  ],
  error: null,
  error_code: null,
  applied_from: null,
  cci_code: 'TKY',
  started_at: '2026-11-21T05:00:01.000Z',
  created_by: 'tky-admin',
  // 2026/11/21(土) 14:00 in Tokyo
  created_at: '2026-11-21T05:00:00.000Z',
  finished_at: '2026-11-21T05:00:03.000Z',
  ...overrides,
});

export const running = (overrides: Partial<ImportJob> = {}) =>
  job({
    status: 'running',
    progress_done: 12,
    progress_total: 30,
    counts: null,
    errors: [],
    error_file_key: null,
    warnings: [],
    preview: null,
    finished_at: null,
    ...overrides,
  });

/** GET …/import/{id} answering `states` one after the other (the last one stays). */
export const jobSequence = (id: number, states: ImportJob[]) => {
  let calls = 0;
  server.use(
    http.get(`${IMPORT}/${id}`, () => HttpResponse.json(states[Math.min(calls++, states.length - 1)])),
    // the change list (issue 33): empty unless a test serves its own
    http.get(`${IMPORT}/${id}/changes`, () => HttpResponse.json({ data: [], meta: { page: 1, page_size: 20, total: 0 } })),
  );
};
