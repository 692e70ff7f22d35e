/**
 * The dry run's change list (issue 33): every row an import would create or update — not only the
 * first 20 rows of the preview — with before → after per changed column by the sheet's Japanese
 * headers and the values as converted, a page at a time (GET …/import/{id}/changes), with the
 * common list parameters (spec §3; each one alone on every list: test/server/lib/list-common-params.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../helpers/export-app.ts';
import { IMPORT_BASE, csvOf, finishedImport, importFile, listsChecksum } from '../../../helpers/import-app.ts';

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
const P = `D${randomBytes(3).toString('hex').toUpperCase()}`;
const HEAD = ['事業所コード', '事業所名', 'フリガナ', '電話番号'];

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
});

const changesOf = (id: number, query = '') => call('GET', `${IMPORT_BASE}/${id}/changes${query}`, DEMO.admin);

describe('the change list of a dry run', () => {
  it('lists every row that would change, paged, with before → after per changed column', async () => {
    const first = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([
        HEAD,
        [`${P}01`, '丸一商事', 'マルイチ', null],
        [`${P}02`, '丸二商事', null, null],
        [`${P}03`, '丸三商事', null, '03-1111-2222'],
      ]),
    });
    expect(first).toMatchObject({ status: 'succeeded', counts: { created: 3 } });

    const fresh = Array.from({ length: 22 }, (_, i) => [`${P}N${String(i).padStart(2, '0')}`, `新規商店${i}`, null, null]);
    const before = await listsChecksum(env.app.pool);
    const dry = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([
        HEAD,
        // 事業所名 and フリガナ (typed in ひらがな: shown converted) change
        [`${P}01`, '丸一商事株式会社', 'まるいちしょうじ', null],
        [`${P}02`, '丸二商事', null, null],
        // 電話番号 as offices write it: stored and shown in the one form
        [`${P}03`, '丸三商事', null, '03(3333)4444'],
        ...fresh,
      ]),
    });
    expect(dry).toMatchObject({ status: 'succeeded', counts: { rows: 25, created: 22, updated: 2, unchanged: 1, failed: 0 } });
    expect(dry.preview).toHaveLength(20);
    expect(await listsChecksum(env.app.pool)).toBe(before);

    const page1 = await changesOf(dry.id, '?page_size=20');
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().meta).toEqual({ page: 1, page_size: 20, total: 24 });
    const rows = page1.json().data;
    expect(rows).toHaveLength(20);
    expect(rows.slice(0, 3)).toEqual([
      {
        row: 2,
        result: 'updated',
        changes: [
          { column: '事業所名', before: '丸一商事', after: '丸一商事株式会社' },
          { column: 'フリガナ', before: 'マルイチ', after: 'マルイチショウジ' },
        ],
      },
      { row: 4, result: 'updated', changes: [{ column: '電話番号', before: '03-1111-2222', after: '03-3333-4444' }] },
      {
        row: 5,
        result: 'created',
        changes: [
          { column: '事業所コード', before: null, after: `${P}N00` },
          { column: '事業所名', before: null, after: '新規商店0' },
        ],
      },
    ]);
    // the rows beyond the preview's 20, on the next page
    const page2 = (await changesOf(dry.id, '?page=2&page_size=20')).json();
    expect(page2.meta).toEqual({ page: 2, page_size: 20, total: 24 });
    expect(page2.data.map((r: { row: number }) => r.row)).toEqual([23, 24, 25, 26]);

    // the common list parameters (spec §3) as a clerk reading the list would use them
    const byKeyword = (await changesOf(dry.id, `?keyword=${encodeURIComponent('３３３３')}`)).json();
    expect(byKeyword.data.map((r: { row: number }) => r.row)).toEqual([4]);
    // the value before counts as well as the value after
    const byBefore = (await changesOf(dry.id, '?keyword=1111-2222')).json();
    expect(byBefore.data.map((r: { row: number }) => r.row)).toEqual([4]);
    const updated = (await changesOf(dry.id, '?result=updated')).json();
    expect(updated.meta.total).toBe(2);
    expect(updated.data.map((r: { row: number; result: string }) => [r.row, r.result])).toEqual([
      [2, 'updated'],
      [4, 'updated'],
    ]);
    const last = (await changesOf(dry.id, '?sort=-row&page_size=2&fields=row')).json();
    expect(last.data).toEqual([{ row: 26 }, { row: 25 }]);
    const createdFirst = (await changesOf(dry.id, '?sort=result&page_size=1&fields=row,result')).json();
    expect(createdFirst.data).toEqual([{ row: 5, result: 'created' }]);
  });

  it("is 404 for an unknown job and 400 for a page size over the lists' 1000 or an unknown result", async () => {
    expect((await changesOf(2_000_000_000)).statusCode).toBe(404);
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, [`${P}X`, '確認商店', null, null]]),
    });
    expect((await changesOf(job.id)).json().meta.total).toBe(1);
    expect((await changesOf(job.id, '?page_size=1001')).statusCode).toBe(400);
    const unknown = await changesOf(job.id, '?result=deleted');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual(expect.objectContaining({ field: 'querystring.result' }));
  });

  it('members and positions: the columns by their Japanese headers and the values as stored (フリガナ in カタカナ, 和暦 as a date, 区分 by its name)', async () => {
    const MHEAD = ['会員ID', '事業所コード', '氏名', 'フリガナ', 'メールアドレス', '就任日', '退任日'];
    await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([HEAD, [`${P}M1`, '会員商事', null, null]]),
    });
    await importFile(env, call, DEMO.admin, {
      type: 'members',
      dry_run: false,
      content: csvOf([MHEAD, [null, `${P}M1`, '変更 太郎', null, null, null, null]]),
    });
    const { rows } = await env.app.pool.query<{ id: number }>('select id from member where company_code = $1', [`${P}M1`]);
    const dry = await importFile(env, call, DEMO.admin, {
      type: 'members',
      content: csvOf([MHEAD, [String(rows[0].id), `${P}M1`, '変更 太郎', 'へんこう たろう', null, '令和8年4月1日', null]]),
    });
    expect(dry).toMatchObject({ status: 'succeeded', counts: { updated: 1 } });
    expect((await changesOf(dry.id)).json().data).toEqual([
      {
        row: 2,
        result: 'updated',
        changes: [
          { column: 'フリガナ', before: null, after: 'ヘンコウ タロウ' },
          { column: '就任日', before: null, after: '2026-04-01' },
        ],
      },
    ]);

    const PHEAD = ['役職ID', '会員ID', '区分', '所属', '役職名', '序列', '開始日', '終了日'];
    const position = await importFile(env, call, DEMO.admin, {
      type: 'positions',
      content: csvOf([PHEAD, [null, String(rows[0].id), 'CCI_OFFICER', null, '議員', '20', null, null]]),
    });
    expect(position).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    const [created] = (await changesOf(position.id)).json().data;
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { column: '会員ID', before: null, after: String(rows[0].id) },
        { column: '区分', before: null, after: '役員' },
        { column: '役職名', before: null, after: '議員' },
        { column: '序列', before: null, after: '20' },
      ]),
    );
  });

  it('an apply stopped by a bad row wrote nothing and lists no change; its dry run keeps its list', async () => {
    const dry = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, [`${P}S1`, '停止商店', null, null], [`${P}S2`, '停止商店2', null, '電話なし']]),
    });
    expect(dry).toMatchObject({ status: 'succeeded', counts: { created: 1, failed: 1 } });
    const applied = await call('POST', `${IMPORT_BASE}/${dry.id}/apply`, DEMO.admin);
    expect(applied.statusCode, applied.body).toBe(202);
    const stopped = await finishedImport(call, DEMO.admin, applied.json().id);
    expect(stopped).toMatchObject({ status: 'failed', error_code: 'import_rows_invalid' });
    expect((await changesOf(stopped.id)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await changesOf(dry.id)).json().data).toEqual([
      {
        row: 2,
        result: 'created',
        changes: [
          { column: '事業所コード', before: null, after: `${P}S1` },
          { column: '事業所名', before: null, after: '停止商店' },
        ],
      },
    ]);
  });
});
