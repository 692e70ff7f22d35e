/**
 * issue 12: a room's comments and chat are kept with the conference and exported with it through
 * the export jobs — in the order written, sender and status in Japanese, deleted messages marked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { download, eventually, rowsOf } from '../../helpers/export-files.ts';
import { createRoomConference, type RoomFixture } from '../../helpers/room-fixtures.ts';

let env: ExportTestEnv;
let room: RoomFixture;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) {
  const res = await env.app.inject({ method, url, headers: bearer(await tokenOf(email)), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function exportRows(type: 'room_comments' | 'room_chat', format: 'csv_utf8' | 'xlsx') {
  const token = await tokenOf(DEMO.staff);
  const created = await env.app.inject({
    method: 'POST',
    url: '/v1/cci/demo/export',
    headers: bearer(token),
    payload: { type, format, params: { conference_id: room.conferenceId } },
  });
  expect(created.statusCode).toBe(201);
  const job = await eventually(async () => {
    const res = await env.app.inject({ method: 'GET', url: `/v1/cci/demo/export/${created.json().id}`, headers: bearer(token) });
    return res.json().status === 'succeeded' ? (res.json() as { file_key: string }) : null;
  });
  const file = await download(env.app, token, 'demo', job.file_key);
  return { rows: await rowsOf(format, file.body), fileName: file.fileName };
}

beforeAll(async () => {
  env = await startExportTestEnv();
  await env.startWorker();
  room = await createRoomConference(env.app.pool, { name: '第12回 商業部会' });
  const company = `/v1/company/conferences/${room.conferenceId}/room`;
  const staff = `/v1/cci/admin/master/conferences/${room.conferenceId}/room`;
  const first = await call('POST', `${company}/comments`, DEMO.companyAdmin, { body: '駐車場はありますか？' });
  await call('POST', `${company}/comments`, DEMO.companyAdmin, { body: '資料を共有してください' });
  await call('PUT', `${staff}/comments/${first.json().id}`, DEMO.admin, { status: 'answered', version: 1 });
  const chat = await call('POST', `${company}/chat`, DEMO.companyAdmin, { body: '聞こえています' });
  await call('POST', `${staff}/chat`, DEMO.admin, { body: '<b>開始します</b>' });
  await call('DELETE', `${staff}/chat/${chat.json().id}`, DEMO.admin);
});
afterAll(async () => {
  await env?.close();
});

describe('room exports', () => {
  it('コメント一覧 lists every comment in order with its sender and 回答済 / 未対応', async () => {
    const { rows, fileName } = await exportRows('room_comments', 'csv_utf8');
    expect(fileName).toContain('コメント一覧_第12回 商業部会');
    expect(rows[0]).toEqual(['番号', '日時', '区分', '氏名', '事業所名', 'コメント', '状態']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[5], r[6]])).toEqual([
      ['1', '事業所', '駐車場はありますか？', '回答済'],
      ['2', '事業所', '資料を共有してください', '未対応'],
    ]);
    expect(rows[1][1]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  });

  it('チャット履歴 keeps deleted messages, marked, and text as typed (never HTML)', async () => {
    const { rows } = await exportRows('room_chat', 'xlsx');
    const body = rows.filter((r) => /^\d+$/.test(String(r[0])));
    expect(body.map((r) => [r[2], r[5], r[6] ? '削除' : ''])).toEqual([
      ['事業所', '聞こえています', '削除'],
      ['事務局', '<b>開始します</b>', ''],
    ]);
    expect(String(body[0][6])).toMatch(/^削除（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}）$/);
  });
});
