/**
 * 入会日 of companies (issue 33): imported in 和暦, as Excel serials and as the form writes it, an
 * impossible date a row error; kept by the form, filtered in the list, written by the export and
 * read back unchanged.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../helpers/export-app.ts';
import { download, eventually, readXlsx } from '../../../helpers/export-files.ts';
import { XLSX_TYPE, csvOf, importFile } from '../../../helpers/import-app.ts';

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
/** codes unique to this run: the database is shared by the test files */
const P = `J${randomBytes(3).toString('hex').toUpperCase()}`;
const HEAD = ['事業所コード', '事業所名', '入会日'];
const COMPANIES = '/v1/cci/admin/master/companies';

const joinedOn = async (code: string): Promise<string | null> =>
  (await env.app.pool.query(`select joined_on::text from company where cci_code = 'demo' and company_code = $1`, [code])).rows[0]
    ?.joined_on ?? null;

async function xlsxOf(rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名簿');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
});

describe('入会日 of companies', () => {
  it('imports 和暦 and the forms’ dates from CSV; an impossible date fails its row, naming the column', async () => {
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      skip_invalid: true,
      content: csvOf([
        HEAD,
        [`${P}W1`, '和暦商事', '令和5年4月1日'],
        [`${P}W2`, '平成商店', 'H2.10.15'],
        [`${P}W3`, '元年物産', '平成元年1月8日'],
        [`${P}W4`, '西暦工業', '２０２０／０４／０１'],
        [`${P}W5`, '空欄商会', null],
        [`${P}W6`, '架空商事', '令和5年2月30日'],
        [`${P}W7`, '改元前商事', '令和元年4月30日'],
      ]),
    });
    expect(job.counts).toMatchObject({ created: 5, failed: 2 });
    expect(job.errors).toEqual([
      expect.objectContaining({ row: 7, column: '入会日', code: 'invalid_date', message: expect.stringContaining('入会日') }),
      expect.objectContaining({ row: 8, column: '入会日', code: 'invalid_date' }),
    ]);
    const days = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => joinedOn(`${P}W${i}`)));
    expect(days).toEqual(['2023-04-01', '1990-10-15', '1989-01-08', '2020-04-01', null, null]);
    const shown = (await call('GET', `${COMPANIES}?company_code__startswith=${P}W&sort=company_code`, DEMO.staff)).json();
    expect(shown.data.map((c: { joined_on: string | null }) => c.joined_on)).toEqual([
      '2023-04-01',
      '1990-10-15',
      '1989-01-08',
      '2020-04-01',
      null,
    ]);
  });

  it('fails the whole file on an impossible date, writing nothing', async () => {
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([HEAD, [`${P}A1`, '正常商事', '令和5年3月1日'], [`${P}A2`, '閏年商事', '令和5年2月29日']]),
    });
    expect(job.counts).toMatchObject({ failed: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ row: 3, column: '入会日', code: 'invalid_date' })]);
    expect(await joinedOn(`${P}A1`)).toBeNull();
    expect((await call('GET', `${COMPANIES}?company_code=${P}A1`, DEMO.staff)).json().data).toEqual([]);
  });

  it('imports Excel serial dates and date cells from XLSX, then updates a stored 入会日 and keeps it where the column is absent', async () => {
    const content = await xlsxOf([
      HEAD,
      [`${P}X1`, 'シリアル商事', 45017], // 2023-04-01
      [`${P}X2`, '日付商事', null],
      [`${P}X3`, '文字商事', 'R6.1.9'],
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(content as unknown as ArrayBuffer);
    wb.worksheets[0].getCell('C3').value = new Date(Date.UTC(1985, 6, 1)); // a date cell as Excel saves it
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      fileName: 'meibo.xlsx',
      contentType: XLSX_TYPE,
      content: file,
    });
    expect(job).toMatchObject({ status: 'succeeded', counts: { created: 3, failed: 0 } });
    expect(await Promise.all(['X1', 'X2', 'X3'].map((c) => joinedOn(`${P}${c}`)))).toEqual([
      '2023-04-01',
      '1985-07-01',
      '2024-01-09',
    ]);

    const changed = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([HEAD, [`${P}X1`, 'シリアル商事', '令和6年4月1日'], [`${P}X2`, '日付商事', '1985/7/1']]),
    });
    expect(changed.counts).toMatchObject({ updated: 1, unchanged: 1, failed: 0 });
    expect(await joinedOn(`${P}X1`)).toBe('2024-04-01');

    const without = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([
        ['事業所コード', '事業所名'],
        [`${P}X1`, 'シリアル商事（改）'],
      ]),
    });
    expect(without.counts).toMatchObject({ updated: 1 });
    expect(await joinedOn(`${P}X1`)).toBe('2024-04-01');
  });

  it('is kept by the form (set, kept when absent, cleared by null) and refused when not a day', async () => {
    const created = await call('POST', COMPANIES, DEMO.admin, {
      company_code: `${P}F1`,
      joined_on: '2001-04-01',
      attributes: { name1: 'フォーム商事' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().joined_on).toBe('2001-04-01');
    const id = created.json().id as number;
    const renamed = await call('PUT', `${COMPANIES}/${id}`, DEMO.admin, { version: 1, attributes: { name1: '新フォーム商事' } });
    expect(renamed.json().joined_on).toBe('2001-04-01');
    const cleared = await call('PUT', `${COMPANIES}/${id}`, DEMO.admin, {
      version: 2,
      joined_on: null,
      attributes: { name1: '新フォーム商事' },
    });
    expect(cleared.json().joined_on).toBeNull();
    const bad = await call('PUT', `${COMPANIES}/${id}`, DEMO.admin, {
      version: 3,
      joined_on: '2023-02-30',
      attributes: { name1: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'body.joined_on', code: 'format' })]),
    );
  });

  it('filters the list by a 入会日 period', async () => {
    const res = await call(
      'GET',
      `${COMPANIES}?company_code__startswith=${P}W&joined_on__gte=1990-01-01&joined_on__lte=2021-12-31&sort=joined_on`,
      DEMO.staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((c: { company_code: string }) => c.company_code)).toEqual([`${P}W2`, `${P}W4`]);
    expect((await call('GET', `${COMPANIES}?joined_on__gte=2023-13-01`, DEMO.staff)).statusCode).toBe(400);
  });

  it('is written by the 事業所一覧 export, and the export imported again changes nothing', async () => {
    const created = await call('POST', '/v1/cci/demo/export', DEMO.staff, { type: 'companies', format: 'xlsx' });
    expect(created.statusCode, created.body).toBe(201);
    const job = await eventually(
      async () => {
        const j = (await call('GET', `/v1/cci/demo/export/${created.json().id}`, DEMO.staff)).json();
        return j.status === 'succeeded' || j.status === 'failed' ? j : null;
      },
      30_000,
      'export',
    );
    const file = await download(env.app, await tokenOf(DEMO.staff), 'demo', job.file_key);
    const { rows } = await readXlsx(file.body);
    expect(rows[0].slice(7, 10)).toEqual(['メールアドレス', '入会日', '登録日']);
    expect(rows.find((r) => r[0] === `${P}W1`)![8]).toBe('2023/04/01');
    // the export's rows of this file's companies, imported again: the demo chamber also holds other
    // files' companies, whose data (written through the API) this file does not vouch for
    const ours = [rows[0], ...rows.filter((r) => String(r[0]).startsWith(P))].map((r) =>
      r.map((c) => (c === null || c === undefined ? null : String(c))),
    );
    expect(ours.length).toBeGreaterThan(4);
    const again = await importFile(env, call, DEMO.admin, { type: 'companies', content: csvOf(ours) });
    expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });
});
