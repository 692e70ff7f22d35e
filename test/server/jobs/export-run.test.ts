/**
 * One export attempt and what the job row says when it goes wrong (issue 6: a failed job says why;
 * DESIGN.md §10: retried attempts, abandoned jobs).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_DEAD_QUEUE } from '../../../server/jobs/boss.ts';
import { FAILED_REASON, RETRY_REASON, runExport, type ExportDeps } from '../../../server/jobs/export-run.ts';
import { exportState } from '../../../server/jobs/export-state.ts';
import { ABANDONED_REASON } from '../../../server/jobs/export-worker.ts';
import type { StorageDriver } from '../../../server/storage/driver.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { eventually } from '../../helpers/export-files.ts';

let env: ExportTestEnv;
let tmpDir: string;

beforeAll(async () => {
  env = await startExportTestEnv();
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-run-'));
});
afterAll(async () => {
  await env.close();
  await rm(tmpDir, { recursive: true, force: true });
});

async function queuedJob(status = 'queued'): Promise<number> {
  const { rows } = await env.app.pool.query<{ id: number }>(
    `insert into export_job (cci_code, created_by, type, format, params, status)
     values ('demo', 'run-test', 'companies', 'csv_utf8', '{"order": "code", "date_style": "western"}', $1) returning id`,
    [status],
  );
  return rows[0].id;
}

const row = async (id: number) =>
  (await env.app.pool.query('select status, error, file_key, progress_total, started_at from export_job where id = $1', [id]))
    .rows[0];

/** Storage that is down: every write fails. */
const brokenStorage = (): StorageDriver =>
  Object.assign(Object.create(env.storage) as StorageDriver, {
    putFile: async () => {
      throw new Error('disk full');
    },
  });

const deps = (storage: StorageDriver): ExportDeps => ({
  pool: env.app.pool,
  state: exportState(env.db),
  storage,
  retentionDays: 7,
  tmpDir,
});

describe('runExport', () => {
  it('puts the job back in the queue with a reason while a retry is due, then fails it with one', async () => {
    const id = await queuedJob();
    await expect(runExport(deps(brokenStorage()), id, false)).rejects.toThrow('disk full');
    expect(await row(id)).toMatchObject({ status: 'queued', error: RETRY_REASON, file_key: null });

    await expect(runExport(deps(brokenStorage()), id, true)).rejects.toThrow('disk full');
    expect(await row(id)).toMatchObject({ status: 'failed', error: FAILED_REASON, file_key: null });
    // the half-made file does not outlive the attempt
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('a retry that works clears the reason and stores the file', async () => {
    const id = await queuedJob();
    await expect(runExport(deps(brokenStorage()), id, false)).rejects.toThrow();
    expect(await runExport(deps(env.storage), id, false)).toBe('succeeded');
    const done = await row(id);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(await env.storage.exists(done.file_key)).toBe(true);
  });

  it('does nothing for a job that already finished (a duplicate delivery)', async () => {
    const id = await queuedJob('succeeded');
    expect(await runExport(deps(env.storage), id, false)).toBe('finished-before');
    expect(await row(id)).toMatchObject({ status: 'succeeded', started_at: null });
  });

  it('lets a superseded attempt change nothing once a newer attempt owns the row', async () => {
    const id = await queuedJob();
    const state = exportState(env.db);
    const stale = await state.claim(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const current = await state.claim(id);
    const attempt = (job: typeof stale) => ({ id, startedAt: job!.started_at! });
    const result = { fileKey: 'demo/exports/x/stale.csv', rows: 1, replacedCharCount: null, expiresAt: new Date() };
    expect(await state.succeed(attempt(stale), result)).toBe(false);
    await state.fail(id, 'stale attempt', attempt(stale));
    expect(await row(id)).toMatchObject({ status: 'running', error: null, file_key: null });
    expect(await state.succeed(attempt(current), result)).toBe(true);
  });
});

describe('an abandoned job (every attempt lost with its worker)', () => {
  it('is marked failed with the reason when pg-boss gives up on it', async () => {
    const id = await queuedJob('running');
    await env.startWorker();
    await env.boss.send(EXPORT_DEAD_QUEUE, { export_job_id: id });
    const failed = await eventually(async () => {
      const r = await row(id);
      return r.status === 'failed' ? r : null;
    }, 20_000);
    expect(failed.error).toBe(ABANDONED_REASON);
  });
});
