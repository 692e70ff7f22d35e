/**
 * GET /v1/cci/{cci_code}/import/template?type= (issue 17): the XLSX whose header row is the header
 * row of the real export of that list (an export job run through the worker, its file downloaded),
 * with one example row and a Japanese file name (RFC 5987); CCI_ADMIN only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../helpers/export-app.ts';
import { download, eventually, readXlsx } from '../../../helpers/export-files.ts';
import { IMPORT_KINDS } from '../../../../server/lib/import/kinds/index.ts';
import { COMPANY_EXPORT_HEADERS, MEMBER_EXPORT_HEADERS, POSITION_EXPORT_HEADERS } from '../../../../server/jobs/sources/index.ts';
import { IMPORT_HEADERS } from '../../../../src/imports/types.ts';

const PATH = '/v1/cci/demo/import/template';
const EXPORT_HEADERS = { companies: COMPANY_EXPORT_HEADERS, members: MEMBER_EXPORT_HEADERS, positions: POSITION_EXPORT_HEADERS };

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await ensureOtherChamber(env.app.pool);
  await env.startWorker();
});
afterAll(async () => {
  await env.close();
});

/** The rows of the chamber's own export of `type` (XLSX), as a spreadsheet program reads them. */
async function exportedRows(type: string): Promise<string[][]> {
  const created = await call('POST', '/v1/cci/demo/export', DEMO.admin, { type, format: 'xlsx' });
  expect(created.statusCode, created.body).toBe(201);
  const job = await eventually(async () => {
    const got = (await call('GET', `/v1/cci/demo/export/${created.json().id}`, DEMO.admin)).json();
    return got.status === 'succeeded' ? (got as { file_key: string }) : null;
  });
  const file = await download(env.app, await tokenOf(DEMO.admin), 'demo', job.file_key);
  return (await readXlsx(file.body)).rows;
}

describe('import templates', () => {
  it.each([
    ['companies', '事業所の取込テンプレート.xlsx', { 事業所コード: 'C1001', 郵便番号: '100-0005' }],
    ['members', '会員の取込テンプレート.xlsx', { 会員ID: '', 事業所コード: 'C1001', 氏名: '山田 太郎', 就任日: '2026/04/01' }],
    ['positions', '役職の取込テンプレート.xlsx', { 役職ID: '', 区分: '役員', 役職名: '副会頭', 序列: '1', 開始日: '2026/04/01' }],
  ] as const)('%s: the export’s headers, one example row, a Japanese file name', async (type, fileName, example) => {
    const res = await call('GET', `${PATH}?type=${type}`, DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);

    const template = await readXlsx(res.rawPayload);
    const [exportedHeader] = await exportedRows(type);
    expect(template.rows[0]).toEqual(exportedHeader);
    // …which are the headers the import reads, the export's one list of labels
    expect(template.rows[0]).toEqual(IMPORT_KINDS[type].headers);
    expect(template.rows[0]).toEqual(EXPORT_HEADERS[type]);
    expect(template.rows).toHaveLength(2);
    const row = Object.fromEntries(template.rows[0].map((header, i) => [header, template.rows[1][i]]));
    expect(row).toMatchObject(example);
  });

  it('the console orders an import’s preview by the headers each kind reads', () => {
    for (const type of ['companies', 'members', 'positions'] as const)
      expect(IMPORT_HEADERS[type]).toEqual(IMPORT_KINDS[type].headers);
  });

  it('is refused to CCI_CONFERENCE_USER and company admins (403), to another chamber (403), and needs a known type (400)', async () => {
    expect((await call('GET', `${PATH}?type=companies`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', `${PATH}?type=companies`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', `/v1/cci/${OTHER_CCI}/import/template?type=companies`, DEMO.admin)).statusCode).toBe(403);
    const bad = await call('GET', `${PATH}?type=conferences`, DEMO.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await call('GET', PATH, null)).statusCode).toBe(401);
  });
});
