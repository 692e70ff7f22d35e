/**
 * issue 35: the 議事録 as Word through the export jobs (type `minutes`, format `docx`) — A4, the
 * record's figures, the 議長 and 署名人 signature and seal lines, the final version's SHA-256 — read
 * back from the .docx as a zip with its XML parsed (the formats each type allows: test/server/routes/cci/export.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, caller } from '../../helpers/app.ts';
import { DEMO, tokenOf } from '../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { download, eventually } from '../../helpers/export-files.ts';
import { docxText } from '../../helpers/docx-text.ts';
import { VoteFixtures } from '../../helpers/vote-fixtures.ts';

let env: ExportTestEnv;
let f: VoteFixtures;
let conference: number;
let principals: number[];

const minutesUrl = (rest = '') => `/v1/cci/admin/master/conferences/${conference}/minutes${rest}`;

async function exportMinutes() {
  const token = await tokenOf(DEMO.staff);
  const created = await env.app.inject({
    method: 'POST',
    url: '/v1/cci/demo/export',
    headers: bearer(token),
    payload: { type: 'minutes', format: 'docx', params: { conference_id: conference } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const job = await eventually(async () => {
    const res = await env.app.inject({ method: 'GET', url: `/v1/cci/demo/export/${created.json().id}`, headers: bearer(token) });
    return res.json().status === 'succeeded' ? (res.json() as { file_key: string }) : null;
  });
  const file = await download(env.app, token, 'demo', job.file_key);
  return { ...(await docxText(file.body)), fileName: file.fileName, contentType: file.headers['content-type'] };
}

beforeAll(async () => {
  env = await startExportTestEnv();
  await env.startWorker();
  const call = caller(env.app, tokenOf);
  f = new VoteFixtures(env.app, call);
  ({ conference, principals } = await f.assembly(['attend', 'attend', 'proxy_attend', 'delegate', 'absent'], {
    quorum: { basis: 'invited_principals', numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true },
  }));
  const motion = await f.motion(conference, { number: '第1号議案', title: '令和8年度事業計画承認の件' });
  await f.checkIn(principals[0], principals[1], principals[2]);
  const { poll } = await f.open(conference, motion.id, { method: 'roll_call' });
  for (const p of principals.slice(0, 3)) await f.ballot(poll.id, p, 'yes');
  await f.close(conference, motion.id, poll);
  expect((await f.declare(conference, motion.id, poll.id)).statusCode).toBe(200);

  const saved = await call('PUT', minutesUrl(), DEMO.staff, {
    revision: 0,
    prose: { opening: '定刻、議長が開会を宣し、議事に入った。' },
    figures: { place: { value: '会議所会館 3階 大ホール', reason: '会場の記載漏れ' } },
    chair_id: principals[0],
    signatory_ids: [principals[1], principals[2]],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await f?.cleanUp();
  await env?.close();
});

describe('議事録 as Word', () => {
  it('a draft: A4, the figures of the record, the corrected place with its reason, and three signature lines with 印', async () => {
    const doc = await exportMinutes();
    expect(doc.fileName).toMatch(/^議事録_受付テスト会議_案_\d{8}\.docx$/);
    expect(doc.contentType).toContain('wordprocessingml');
    expect(doc.page).toEqual({ width: 11906, height: 16838 });
    const text = doc.paragraphs;
    expect(text[0]).toBe('受付テスト会議　議事録（案）');
    expect(text).toEqual(
      expect.arrayContaining([
        '１．日時',
        '会議所会館 3階 大ホール',
        '※場所は記録（（記録なし））から訂正（理由: 会場の記載漏れ）',
        '議員総数　5名',
        '出席者数　4名',
        '本人出席　2名',
        '代理出席　1名',
        '委任状　1名',
        '定足数　3名（開会時の出席 4名）',
        '開会時に定足数を満たしていることを確認した。',
        '定刻、議長が開会を宣し、議事に入った。',
        '第1号議案　令和8年度事業計画承認の件',
        '採決の結果　賛成 3名、反対 0名、棄権 0名',
        '原案のとおり可決した。',
      ]),
    );
    const signatures = text.filter((p) => p.endsWith('印'));
    expect(signatures.map((p) => p.split('\t').slice(0, 2))).toEqual([
      ['議長', '議員 1'],
      ['議事録署名人', '議員 2'],
      ['議事録署名人', '議員 3'],
    ]);
    expect(text).toContain('令和　　年　　月　　日');
  });

  it('a final version names its 版 and carries its SHA-256', async () => {
    const call = caller(env.app, tokenOf);
    const current = (await call('GET', minutesUrl(), DEMO.staff)).json().minutes;
    const final = await call('POST', minutesUrl('/finalise'), DEMO.staff, { revision: current.revision });
    expect(final.statusCode, final.body).toBe(200);
    const doc = await exportMinutes();
    expect(doc.fileName).toMatch(/^議事録_受付テスト会議_第1版_\d{8}\.docx$/);
    expect(doc.paragraphs[0]).toBe('受付テスト会議　議事録');
    const footer = Object.entries(doc.parts).find(([part]) => part.includes('footer'))![1];
    expect(footer).toContain(`第1版\u3000SHA-256: ${final.json().sha256}`);
  });
});
