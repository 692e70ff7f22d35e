/**
 * issue 34: the 採決結果 export lists every 議案 and each of its polls (再採決 included) with method,
 * counts and result; a 記名 poll lists each voter's choice (出席, 書面); a 無記名 poll lists no voter,
 * and no row of the file joins a name to a secret ballot's choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, caller } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { download, eventually, rowsOf } from '../../helpers/export-files.ts';
import { VoteFixtures } from '../../helpers/vote-fixtures.ts';

let env: ExportTestEnv;
let f: VoteFixtures;
let conference: number;

async function exportRows(format: 'csv_utf8' | 'xlsx') {
  const token = await tokenOf(DEMO.staff);
  const created = await env.app.inject({
    method: 'POST',
    url: '/v1/cci/demo/export',
    headers: bearer(token),
    payload: { type: 'votes', format, params: { conference_id: conference } },
  });
  expect(created.statusCode, created.body).toBe(201);
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
  f = new VoteFixtures(env.app, caller(env.app, tokenOf));
  const assembly = await f.assembly(['attend', 'attend', 'absent']);
  conference = assembly.conference;
  const [p0, p1, p2] = assembly.principals;
  const motion = await f.motion(conference);
  await f.motion(conference, { number: '第2号議案', title: '定款変更の件' });
  await f.writtenVote(p2, motion.id, 'no');
  await f.checkIn(p0, p1);
  // 記名: 1 賛成 of 3 present → 否決 would follow; staff vote again, secretly
  const first = await f.open(conference, motion.id, { method: 'roll_call' });
  await f.ballot(first.poll.id, p0, 'yes');
  await f.ballot(first.poll.id, p1, 'abstain');
  await f.close(conference, motion.id, first.poll);
  const second = await f.open(conference, motion.id, { method: 'secret' });
  await f.secretBallot(second.poll.id, p0, 'yes');
  await f.secretBallot(second.poll.id, p1, 'yes');
  await f.close(conference, motion.id, second.poll);
  const declared = await f.declare(conference, motion.id, second.poll.id);
  expect(declared.statusCode, declared.body).toBe(200);
});
afterAll(async () => {
  await f?.cleanUp();
  await env?.close();
});

describe('採決結果 export', () => {
  it('every 議案 and poll with its counts and result; the 記名 poll’s voters with their choice; none for 無記名', async () => {
    const { rows, fileName } = await exportRows('csv_utf8');
    expect(fileName).toContain('採決結果_');
    expect(rows[0]).toEqual([
      '議案番号',
      '議案名',
      '結果',
      '採決回',
      '方法',
      '開始',
      '締切',
      '賛成',
      '反対',
      '棄権',
      '未投票',
      'うち書面',
      'うち委任',
      '定足数不足での採決理由',
      '氏名',
      '事業所名',
      '区分',
      '投票',
    ]);
    const slim = rows.slice(1).map((r) => [r[0], r[2], r[3], r[4], ...r.slice(7, 13), r[14], r[16], r[17]]);
    expect(slim).toEqual([
      ['第1号議案', '可決', '1', '記名投票', '1', '1', '1', '0', '1', '0', '', '', ''],
      ['第1号議案', '可決', '1', '記名投票', '', '', '', '', '', '', '議員 1', '出席', '賛成'],
      ['第1号議案', '可決', '1', '記名投票', '', '', '', '', '', '', '議員 2', '出席', '棄権'],
      ['第1号議案', '可決', '1', '記名投票', '', '', '', '', '', '', '議員 3', '書面', '反対'],
      ['第1号議案', '可決', '2', '無記名投票', '2', '1', '0', '0', '1', '0', '', '', ''],
      ['第2号議案', '未採決', '', '', '', '', '', '', '', '', '', '', ''],
    ]);
    expect(rows[1][5]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    // 無記名: no row names anyone
    expect(rows.filter((r) => r[4] === '無記名投票' && (r[14] !== '' || r[17] !== ''))).toEqual([]);
  });

  it('writes the same rows as XLSX', async () => {
    const { rows } = await exportRows('xlsx');
    const names = rows.filter((r) => r[0] === '第1号議案' && r[14]).map((r) => [r[14], r[17]]);
    expect(names).toEqual([
      ['議員 1', '賛成'],
      ['議員 2', '棄権'],
      ['議員 3', '反対'],
    ]);
  });
});
