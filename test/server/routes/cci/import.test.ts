/**
 * Imports (DESIGN.md §11.4, issue 17): who may import, the dry run, all or nothing, skip_invalid,
 * matching by folded code and by id, another chamber's ids, apply, the error file.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../helpers/export-app.ts';
import { download, readXlsx } from '../../../helpers/export-files.ts';
import { IMPORT_BASE, csvOf, finishedImport, importFile, listsChecksum } from '../../../helpers/import-app.ts';

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
/** codes unique to this run: the database is shared by the test files */
const P = `T${randomBytes(3).toString('hex').toUpperCase()}`;

const HEAD = ['事業所コード', '事業所名', 'フリガナ', '代表者', '郵便番号', '住所', '電話番号', 'メールアドレス'];
const company = (code: string, name: string, extra: Partial<Record<'kana' | 'zip' | 'phone' | 'email', string>> = {}) => [
  code,
  name,
  extra.kana ?? null,
  null,
  extra.zip ?? null,
  null,
  extra.phone ?? null,
  extra.email ?? null,
];

const stored = async (code: string) =>
  (await env.app.pool.query('select * from company where cci_code = $1 and company_code = $2', ['demo', code])).rows[0];

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await ensureOtherChamber(env.app.pool);
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
});

describe('who may import', () => {
  it('refuses CCI_CONFERENCE_USER and company admins (403), for the job and its upload', async () => {
    for (const who of [DEMO.staff, DEMO.companyAdmin]) {
      expect((await call('GET', IMPORT_BASE, who)).statusCode).toBe(403);
      const upload = await call('POST', '/v1/cci/demo/common/s3/put_object_url', who, {
        file_name: 'a.csv',
        content_type: 'text/csv',
        size: 10,
        purpose: 'import',
      });
      expect(upload.statusCode).toBe(403);
    }
  });

  it('takes only .csv (text/csv) and .xlsx of at most 20 MB as an import upload (422)', async () => {
    const ask = (file_name: string, content_type: string, size = 100) =>
      call('POST', '/v1/cci/demo/common/s3/put_object_url', DEMO.admin, { file_name, content_type, size, purpose: 'import' });
    const pdf = await ask('a.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json()).toMatchObject({
      code: 'unsupported_import_file',
      detail: '取込できるファイルは CSV（.csv）と Excel（.xlsx）です。',
    });
    expect((await ask('a.xlsx', 'text/csv')).statusCode).toBe(422);
    expect((await ask('a.csv', 'text/csv', 20 * 1024 * 1024 + 1)).json()).toMatchObject({ code: 'file_too_large' });
    expect((await ask('a.csv', 'text/csv')).statusCode).toBe(200);
  });

  it('takes only a key put_object_url issued for an import of this chamber (422)', async () => {
    const res = await call('POST', IMPORT_BASE, DEMO.admin, { type: 'companies', key: `${OTHER_CCI}/imports/uploads/x/a.csv` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'import_key_not_found' });
  });
});

describe('companies', () => {
  it('a dry run reports what would happen and writes nothing', async () => {
    const before = await listsChecksum(env.app.pool);
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, company(`${P}A1`, '取込商事'), company(`${P}A2`, '取込物産', { email: 'bad-address' })]),
    });
    expect(job).toMatchObject({
      status: 'succeeded',
      dry_run: true,
      counts: { rows: 2, created: 1, updated: 0, unchanged: 0, failed: 1 },
    });
    expect(job.errors).toEqual([
      { row: 3, column: 'メールアドレス', code: 'format', message: 'メールアドレスの形式が正しくありません' },
    ]);
    expect(job.preview).toHaveLength(2);
    expect(await listsChecksum(env.app.pool)).toBe(before);

    // the error file: the failing row as it was, with its reason
    const file = await download(env.app, await tokenOf(DEMO.admin), 'demo', job.error_file_key!);
    const { rows } = await readXlsx(file.body);
    const header = rows.findIndex((r) => r[0] === '事業所コード');
    expect(rows[header].at(-1)).toBe('理由');
    // only those who import may fetch it
    const asStaff = await call(
      'GET',
      `/v1/cci/demo/common/s3/get_object_url?path=${encodeURIComponent(job.error_file_key!)}`,
      DEMO.staff,
    );
    expect(asStaff.statusCode).toBe(404);
    expect(rows.slice(header + 1)).toEqual([
      [`${P}A2`, '取込物産', '', '', '', '', '', 'bad-address', 'メールアドレス: メールアドレスの形式が正しくありません'],
    ]);
  });

  it('writes nothing at all when one row is bad, and everything but that row with skip_invalid', async () => {
    const rows = [HEAD, company(`${P}B1`, '一号商店'), company(`${P}B2`, ''), company(`${P}B3`, '三号商店')];
    const before = await listsChecksum(env.app.pool);
    const strict = await importFile(env, call, DEMO.admin, { type: 'companies', content: csvOf(rows), dry_run: false });
    expect(strict).toMatchObject({ status: 'failed', error_code: 'import_rows_invalid', counts: { failed: 1 } });
    expect(strict.errors).toEqual([{ row: 3, column: '事業所名', code: 'minLength', message: '事業所名を入力してください' }]);
    expect(await listsChecksum(env.app.pool)).toBe(before);

    const lenient = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf(rows),
      dry_run: false,
      skip_invalid: true,
    });
    expect(lenient).toMatchObject({ status: 'succeeded', counts: { rows: 3, created: 2, failed: 1 } });
    expect((await stored(`${P}B1`)).attributes.name1).toBe('一号商店');
    expect(await stored(`${P}B2`)).toBeUndefined();
    // audited with the job's id
    const { rows: audits } = await env.app.pool.query(
      `select entity, action, actor, before, after from audit_log where import_job_id = $1 order by id`,
      [lenient.id],
    );
    // each audit row's `after` is the company exactly as the API shows it
    const asShown = async (code: string) => {
      const res = await call('GET', `/v1/cci/admin/master/companies/${(await stored(code)).id}`, DEMO.admin);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const created = async (code: string) => ({
      entity: 'company',
      action: 'create',
      actor: expect.any(String),
      before: null,
      after: await asShown(code),
    });
    expect(audits).toEqual([await created(`${P}B1`), await created(`${P}B3`)]);
    expect(audits[0].after).toMatchObject({ company_code: `${P}B1`, attributes: { name1: '一号商店' } });
  });

  it('matches by the folded code, normalises as the forms do and counts created / updated / unchanged', async () => {
    const first = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([
        HEAD,
        company(`${P}C1`, '丸一商事', { kana: 'まるいち', zip: '〒１２３４５６７', phone: '０３－１２３４－５６７８' }),
        company(`${P}C2`, '丸二商事'),
      ]),
    });
    expect(first).toMatchObject({ status: 'succeeded', counts: { created: 2 } });
    const c1 = await stored(`${P}C1`);
    expect(c1.attributes).toMatchObject({ name_kana: 'マルイチ', postal_code: '123-4567', phone: '03-1234-5678' });
    expect(c1.version).toBe(1);

    const lower = `${P}c1`.toLowerCase().replace(/^t/, 'ｔ');
    const second = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([
        HEAD,
        company(lower, '丸一商事株式会社', { kana: 'マルイチ', zip: '123-4567', phone: '03-1234-5678' }),
        company(`${P}C2`, '丸二商事'),
      ]),
    });
    expect(second).toMatchObject({ status: 'succeeded', counts: { rows: 2, created: 0, updated: 1, unchanged: 1, failed: 0 } });
    const updated = await stored(`${P}C1`);
    expect(updated).toMatchObject({ version: 2, updated_by: expect.any(String) });
    expect(updated.attributes).toMatchObject({ name1: '丸一商事株式会社', admin_changed_info_flag: '1' });
  });

  it('takes phone numbers as Japanese offices write them, stored in one form; a bad one names the accepted forms', async () => {
    const written = [
      '053(433)2681',
      '(053)433-2681',
      '０５３（４３３）２６８１',
      '053 433 2681',
      '+81 53-433-2681',
      '+81-3-1234-5678',
    ];
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([
        HEAD,
        ...written.map((phone, i) => company(`${P}T${i}`, `電話商事${i}`, { phone })),
        company(`${P}TX`, '電話物産', { phone: 'TEL 053-433' }),
      ]),
      skip_invalid: true,
    });
    expect(job.errors).toEqual([
      {
        row: 8,
        column: '電話番号',
        code: 'pattern',
        message: expect.stringContaining('（例: 03-1234-5678、053(433)2681、+81 53-433-2681'),
      },
    ]);
    const phones = await Promise.all(written.map(async (_, i) => (await stored(`${P}T${i}`)).attributes.phone));
    expect(phones).toEqual(['053-433-2681', '053-433-2681', '053-433-2681', '053-433-2681', '053-433-2681', '03-1234-5678']);
  });

  it('finds a row exactly as stored unchanged even where old data breaks a newer form rule, and checks it once edited', async () => {
    await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([HEAD, company(`${P}L1`, '旧商店')]),
    });
    // a フリガナ stored before the katakana rule (as the national seed or an old system left it)
    await env.app.pool.query(
      `update company set attributes = attributes || '{"name_kana": "KYU 1"}' where cci_code = 'demo' and company_code = $1`,
      [`${P}L1`],
    );
    const asStored = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, company(`${P}L1`, '旧商店', { kana: 'KYU 1' })]),
    });
    expect(asStored).toMatchObject({ status: 'succeeded', counts: { rows: 1, unchanged: 1, failed: 0 } });
    const edited = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, company(`${P}L1`, '新商店', { kana: 'KYU 1' })]),
    });
    expect(edited.counts).toMatchObject({ failed: 1, updated: 0 });
    expect(edited.errors).toEqual([expect.objectContaining({ column: 'フリガナ', code: 'pattern' })]);
  });

  it('matches a code stored unfolded (written around the forms) instead of creating it again', async () => {
    const code = `${P}u1`.toLowerCase();
    await env.app.pool.query(
      `insert into company (cci_code, company_code, attributes, search_text) values ('demo', $1, '{"name1": "小文字商店"}', '')`,
      [code],
    );
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, company(code, '小文字商店'), company(code.toUpperCase(), '小文字商店二')]),
    });
    expect(job.counts).toMatchObject({ created: 0, unchanged: 1, failed: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ row: 3, code: 'duplicate_in_file' })]);
  });

  it('applies a succeeded dry run as a new job, once', async () => {
    const dry = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, company(`${P}D1`, '適用商会')]),
    });
    expect(dry).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    expect(await stored(`${P}D1`)).toBeUndefined();

    const applied = await call('POST', `${IMPORT_BASE}/${dry.id}/apply`, DEMO.admin);
    expect(applied.statusCode, applied.body).toBe(202);
    expect(applied.json()).toMatchObject({ dry_run: false, applied_from: dry.id, key: dry.key });
    const done = await finishedImport(call, DEMO.admin, applied.json().id);
    expect(done).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    expect((await stored(`${P}D1`)).attributes.name1).toBe('適用商会');

    expect((await call('POST', `${IMPORT_BASE}/${dry.id}/apply`, DEMO.admin)).json()).toMatchObject({
      code: 'import_already_applied',
    });
    expect((await call('POST', `${IMPORT_BASE}/${done.id}/apply`, DEMO.admin)).json()).toMatchObject({
      code: 'import_not_dry_run',
    });
    expect((await call('POST', `${IMPORT_BASE}/2000000000/apply`, DEMO.admin)).statusCode).toBe(404);
  });

  it('refuses to apply a dry run whose file has expired, asking for a new upload', async () => {
    const dry = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([HEAD, company(`${P}X1`, '期限切れ商会')]),
    });
    expect(dry).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    // as the clean-up does after the retention days (server/jobs/import-cleanup.ts)
    await env.app.pool.query('delete from upload where key = $1', [dry.key]);
    await env.storage.delete(dry.key as string);

    const res = await call('POST', `${IMPORT_BASE}/${dry.id}/apply`, DEMO.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'import_file_expired',
      detail: '取込ファイルは保存期間を過ぎたため削除されました。もう一度アップロードしてください。',
    });
    expect(await stored(`${P}X1`)).toBeUndefined();
  });

  it('fails a file without a required column, naming it, and writes nothing', async () => {
    const job = await importFile(env, call, DEMO.admin, {
      type: 'companies',
      content: csvOf([
        ['事業所コード', '住所'],
        [`${P}E1`, '東京'],
      ]),
    });
    expect(job).toMatchObject({ status: 'failed', error_code: 'import_missing_column' });
    expect(job.error).toContain('事業所名');
    expect(await stored(`${P}E1`)).toBeUndefined();
  });

  it("lists the chamber's imports, filtered by type and status", async () => {
    const list = await call('GET', `${IMPORT_BASE}?type=companies&status=failed&page_size=100`, DEMO.admin);
    expect(list.statusCode).toBe(200);
    const data: Array<{ type: string; status: string }> = list.json().data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((j) => j.type === 'companies' && j.status === 'failed')).toBe(true);
    const members: Array<{ type: string }> = (await call('GET', `${IMPORT_BASE}?type=members&page_size=1000`, DEMO.admin)).json()
      .data;
    expect(members.every((j) => j.type === 'members')).toBe(true);
  });
});

describe('members and positions', () => {
  const MHEAD = ['会員ID', '事業所コード', '氏名', 'フリガナ', 'メールアドレス', '就任日', '退任日'];
  let foreignMember: number;

  beforeAll(async () => {
    await importFile(env, call, DEMO.admin, {
      type: 'companies',
      dry_run: false,
      content: csvOf([HEAD, company(`${P}M1`, '会員商事')]),
    });
    const { rows } = await env.app.pool.query<{ id: number }>(
      `insert into member (cci_code, company_id, company_code, name)
       select cci_code, id, company_code, 'よその会員' from company where cci_code = $1 limit 1 returning id`,
      [OTHER_CCI],
    );
    foreignMember = rows[0].id;
  });

  it("creates members by 事業所コード, updates by 会員ID, and fails another chamber's 会員ID as not found", async () => {
    const created = await importFile(env, call, DEMO.admin, {
      type: 'members',
      dry_run: false,
      content: csvOf([MHEAD, [null, `${P}m1`.replace(/^t/, 'T'), '取込 太郎', 'とりこみ たろう', null, '令和8年4月1日', null]]),
    });
    expect(created).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    const { rows } = await env.app.pool.query(
      'select id, name_kana, start_at::text as start_at, company_code from member where name = $1',
      ['取込 太郎'],
    );
    expect(rows).toEqual([
      { id: expect.any(Number), name_kana: 'トリコミ タロウ', start_at: '2026-04-01', company_code: `${P}M1` },
    ]);
    // the preview in the sheet's own headers, with the values as stored (issue 33)
    expect(created.preview).toEqual([
      {
        row: 2,
        result: 'created',
        values: {
          会員ID: null,
          事業所コード: `${P}M1`,
          氏名: '取込 太郎',
          フリガナ: 'トリコミ タロウ',
          メールアドレス: null,
          就任日: '2026-04-01',
          退任日: null,
        },
      },
    ]);

    const before = await listsChecksum(env.app.pool);
    const foreign = await importFile(env, call, DEMO.admin, {
      type: 'members',
      dry_run: false,
      content: csvOf([MHEAD, [String(foreignMember), `${P}M1`, '乗っ取り', null, null, null, null]]),
    });
    expect(foreign).toMatchObject({ status: 'failed', counts: { failed: 1 } });
    expect(foreign.errors).toEqual([
      { row: 2, column: '会員ID', code: 'not_found', message: 'この会員IDの会員が見つかりません' },
    ]);
    expect(await listsChecksum(env.app.pool)).toBe(before);

    const id = String(rows[0].id);
    const updated = await importFile(env, call, DEMO.admin, {
      type: 'members',
      dry_run: false,
      content: csvOf([MHEAD, [id, `${P}M1`, '取込 太郎', 'トリコミ タロウ', 'Taro@Example.JP', '2026/4/1', '2026-03-31']]),
    });
    expect(updated).toMatchObject({ status: 'failed', counts: { failed: 1 } });
    expect(updated.errors![0]).toMatchObject({ column: '退任日', code: 'period' });
  });

  it('creates positions for a member by 会員ID, the type by its name', async () => {
    const { rows } = await env.app.pool.query<{ id: number }>('select id from member where name = $1', ['取込 太郎']);
    const PHEAD = ['役職ID', '会員ID', '区分', '所属', '役職名', '序列', '開始日', '終了日'];
    const job = await importFile(env, call, DEMO.admin, {
      type: 'positions',
      dry_run: false,
      content: csvOf([
        PHEAD,
        [null, String(rows[0].id), '役員', null, '議員', '20', null, null],
        [null, String(foreignMember), 'CCI_OFFICER', null, '議員', '20', null, null],
      ]),
      skip_invalid: true,
    });
    expect(job).toMatchObject({ status: 'succeeded', counts: { created: 1, failed: 1 } });
    expect(job.errors).toEqual([{ row: 3, column: '会員ID', code: 'not_found', message: 'この会員IDの会員が見つかりません' }]);
    const { rows: held } = await env.app.pool.query(
      'select position_type, position_name, rank from position where member_id = $1',
      [rows[0].id],
    );
    expect(held).toEqual([{ position_type: 'CCI_OFFICER', position_name: '議員', rank: 20 }]);
    expect(job.preview![0]).toEqual({
      row: 2,
      result: 'created',
      values: {
        役職ID: null,
        会員ID: rows[0].id,
        区分: '役員',
        所属: null,
        役職名: '議員',
        序列: 20,
        開始日: null,
        終了日: null,
      },
    });
  });
});
