/**
 * An import's files expire like an export's (server/jobs/import-cleanup.ts): the uploaded list and
 * the error file are deleted from storage after the retention days; an upload an import still
 * waits for stays, and the job stays listed with its counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Db } from '../../../server/db/client.ts';
import { deleteExpiredImportFiles } from '../../../server/jobs/import-cleanup.ts';
import type { LocalDiskDriver } from '../../../server/storage/local.ts';
import { cleanupFixture } from '../../helpers/uploads.ts';

const RETENTION_DAYS = 7;
const OLD = RETENTION_DAYS * 24 + 1;

let fx: Awaited<ReturnType<typeof cleanupFixture>>;
let db: Db;
let pool: pg.Pool;
let file: string;
let storage: LocalDiskDriver;

beforeAll(async () => {
  fx = await cleanupFixture('source.csv', '事業所コード,事業所名\r\n');
  ({ db, pool, file, storage } = fx);
});
afterAll(async () => {
  await fx?.close();
});

/** An import upload issued `ageHours` ago, stored; returns its key. */
async function uploaded(ageHours: number): Promise<string> {
  const key = `demo/imports/uploads/${randomUUID()}/会員一覧.csv`;
  await pool.query(
    `insert into upload (cci_code, key, purpose, created_at, created_by)
     values ('demo', $1, 'import', now() - make_interval(hours => $2), 'test')`,
    [key, ageHours],
  );
  await storage.putFile(key, file);
  return key;
}

/** An import job of `key` in `status`, finished `ageHours` ago with an error file; returns its id and file key. */
async function job(key: string, status: string, ageHours: number): Promise<{ id: number; errorFile: string }> {
  const errorFile = `demo/imports/${randomUUID()}/取込エラー.xlsx`;
  await storage.putFile(errorFile, file);
  const finished = status === 'succeeded' || status === 'failed';
  const { rows } = await pool.query<{ id: number }>(
    `insert into import_job (cci_code, created_by, type, key, dry_run, skip_invalid, status, counts, error_file_key, finished_at)
     values ('demo', 'test', 'members', $1, true, false, $2, $3, $4, case when $5 then now() - make_interval(hours => $6) end)
     returning id`,
    [
      key,
      status,
      JSON.stringify({ rows: 2, created: 1, updated: 0, unchanged: 0, failed: 1 }),
      finished ? errorFile : null,
      finished,
      ageHours,
    ],
  );
  return { id: rows[0].id, errorFile };
}

const uploadState = async (key: string) => ({
  row: (await pool.query('select 1 from upload where key = $1', [key])).rowCount === 1,
  object: await storage.exists(key),
});

describe('import files expire', () => {
  it('deletes uploads and error files older than the retention days, keeping the jobs and their counts', async () => {
    const oldKey = await uploaded(OLD);
    const oldJob = await job(oldKey, 'succeeded', OLD);
    const recentKey = await uploaded(1);
    const recentJob = await job(recentKey, 'failed', 1);

    expect(await deleteExpiredImportFiles(db, storage, RETENTION_DAYS)).toBeGreaterThanOrEqual(2);

    expect(await uploadState(oldKey)).toEqual({ row: false, object: false });
    expect(await storage.exists(oldJob.errorFile)).toBe(false);
    const { rows } = await pool.query('select status, counts, error_file_key from import_job where id = $1', [oldJob.id]);
    expect(rows).toEqual([{ status: 'succeeded', counts: expect.objectContaining({ rows: 2 }), error_file_key: null }]);

    expect(await uploadState(recentKey)).toEqual({ row: true, object: true });
    expect(await storage.exists(recentJob.errorFile)).toBe(true);
    const recent = await pool.query('select error_file_key from import_job where id = $1', [recentJob.id]);
    expect(recent.rows[0].error_file_key).toBe(recentJob.errorFile);
  });

  it('keeps an old upload while an import of it is queued or running', async () => {
    const queued = await uploaded(OLD);
    await job(queued, 'queued', 0);
    const running = await uploaded(OLD);
    await job(running, 'running', 0);

    await deleteExpiredImportFiles(db, storage, RETENTION_DAYS);

    expect(await uploadState(queued)).toEqual({ row: true, object: true });
    expect(await uploadState(running)).toEqual({ row: true, object: true });
  });
});
