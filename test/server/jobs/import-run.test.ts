/**
 * A chamber's first load (issue 17): with no companies when the import begins, the job skips its
 * look-ups and takes the new rows' ids itself. What it stores must still be what the forms store,
 * audited as the API shows each row, with a code twice in the file failing as a duplicate; and the
 * next import of the chamber finds those rows again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../../server/jobs/import-run.ts';
import { importState } from '../../../server/jobs/import-state.ts';
import { toCompany } from '../../../server/repositories/companies.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { csvOf, type ImportJob } from '../../helpers/import-app.ts';

let env: ExportTestEnv;
let dir: string;
/** a chamber of this run only, with no companies */
const CCI = `first-${randomBytes(3).toString('hex')}`;
const HEAD = ['事業所コード', '事業所名', 'フリガナ'];

beforeAll(async () => {
  env = await startExportTestEnv();
  dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-import-run-'));
  await env.app.pool.query(`insert into chamber (cci_code, name) values ($1, '初回取込商工会議所')`, [CCI]);
});
afterAll(async () => {
  await env?.close();
  await rm(dir, { recursive: true, force: true });
});

/** One import job of `rows` run as the worker runs it (with `state`, the worker's writes to the job row). */
async function imported(
  rows: Array<Array<string | null>>,
  opts: { skip_invalid: boolean; dry_run?: boolean },
  state = importState(env.db),
): Promise<ImportJob> {
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.csv`);
  await writeFile(file, csvOf([HEAD, ...rows]));
  const key = `${CCI}/imports/uploads/test/${path.basename(file)}`;
  await env.storage.putFile(key, file, 'text/csv');
  const { rows: created } = await env.app.pool.query<{ id: number }>(
    `insert into import_job (cci_code, created_by, type, key, dry_run, skip_invalid) values ($1, 'staff@example.jp', 'companies', $2, $3, $4) returning id`,
    [CCI, key, opts.dry_run ?? false, opts.skip_invalid],
  );
  // not the last attempt: an error thrown here is one pg-boss would retry
  expect(await runImport({ pool: env.app.pool, state, storage: env.storage }, created[0].id, false)).toBeTypeOf('string');
  return (await env.app.pool.query('select * from import_job where id = $1', [created[0].id])).rows[0];
}

const storedCompanies = async () =>
  (await env.app.pool.query('select * from company where cci_code = $1 order by id', [CCI])).rows;

describe('a chamber’s first load', () => {
  it('stores every new row as the form would, audited as the API shows it, and fails a code given twice', async () => {
    const job = await imported(
      [
        ['F001', '初回商事', 'しょかいしょうじ'],
        ['ｆ００１', '初回商事（重複）', null],
        ['F002', '二番工業', 'ニバンコウギョウ'],
      ],
      { skip_invalid: true },
    );
    expect(job).toMatchObject({ status: 'succeeded', counts: { rows: 3, created: 2, unchanged: 0, updated: 0, failed: 1 } });
    expect(job.errors).toEqual([{ row: 3, column: '事業所コード', code: 'duplicate_in_file', message: expect.any(String) }]);

    const stored = await storedCompanies();
    expect(stored.map((c) => [c.company_code, c.attributes.name1, c.attributes.name_kana, c.created_by])).toEqual([
      ['F001', '初回商事', 'ショカイショウジ', 'staff@example.jp'],
      ['F002', '二番工業', 'ニバンコウギョウ', 'staff@example.jp'],
    ]);
    // the list's exact total (company_count, migration 0010) counts them
    const { rows: count } = await env.app.pool.query('select n from company_count where cci_code = $1', [CCI]);
    expect(count).toEqual([{ n: 2 }]);
    // the keyword search finds them (search_text as the form writes it)
    expect(stored.every((c) => c.search_text.includes(c.company_code.toLowerCase()))).toBe(true);

    const { rows: audits } = await env.app.pool.query(
      `select entity, entity_id, action, actor, after from audit_log where import_job_id = $1 order by id`,
      [job.id],
    );
    expect(audits).toEqual(
      stored.map((c) => ({
        entity: 'company',
        entity_id: String(c.id),
        action: 'create',
        actor: 'staff@example.jp',
        after: JSON.parse(JSON.stringify(toCompany(c))),
      })),
    );
  });

  it('finds the stored rows at the chamber’s next import: one unchanged, one updated', async () => {
    const job = await imported(
      [
        ['F001', '初回商事', 'ショカイショウジ'],
        ['F002', '二番工業株式会社', 'ニバンコウギョウ'],
      ],
      { skip_invalid: false },
    );
    expect(job).toMatchObject({ status: 'succeeded', counts: { rows: 2, created: 0, unchanged: 1, updated: 1, failed: 0 } });
    expect((await storedCompanies()).map((c) => c.attributes.name1)).toEqual(['初回商事', '二番工業株式会社']);
  });

  it('fails a job once, without a retry, when PostgreSQL cannot store its result (issue 29)', async () => {
    const state = importState(env.db);
    // what PostgreSQL answered for a preview of huge cells: program_limit_exceeded
    const tooLong = Object.assign(new Error('string too long to represent as jsonb string'), { code: '54000' });
    const job = await imported(
      [['F003', '三番商事', null]],
      { skip_invalid: false, dry_run: true },
      {
        ...state,
        finish: () => Promise.reject(tooLong),
      },
    );
    expect(job).toMatchObject({ status: 'failed', error_code: 'import_value_unstorable' });
    expect(job.error).toBe(
      'ファイルの内容に保存できない値（長すぎる値、使えない文字など）があるため、中止しました。ファイルを直して取り込み直してください。',
    );
  });
});
