/**
 * One attempt at one import job (DESIGN.md §11.4, issue 17): fetch the upload, read it with the
 * import reader, check (and, for real, write) the rows a batch at a time in ONE transaction, then
 * record counts, the first errors, warnings, a preview and an XLSX of the failing rows. All or
 * nothing: with a failed row nothing is committed unless skip_invalid; a dry run commits nothing;
 * a file-level error (ImportFileError) fails the job and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { ImportChangeEntry, ImportCounts, ImportJob, ImportRowError, ImportWarningEntry } from '../db/schema.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { fileNameOf, safeFileName } from '../storage/keys.ts';
import { cellText, ImportFileError, openImportFile, type ImportRow } from '../lib/import/read/index.ts';
import { IMPORT_KINDS } from '../lib/import/kinds/index.ts';
import type { CheckedRow, KindContext } from '../lib/import/kinds/types.ts';
import { importMessages as m } from '../lib/import/messages.ts';
import { clipText, previewValues } from '../lib/import/preview.ts';
import { changeText } from '../lib/import/kinds/types.ts';
import { FORMAT_FILES, openWriter } from './writers/index.ts';
import type { ExportWriter } from './writers/types.ts';
import { PROGRESS_INTERVAL_MS, type Attempt } from './export-state.ts';
import type { ImportState } from './import-state.ts';

/** Rows per look-up and write: one `= any($1)` query per kind and batch. */
export const IMPORT_BATCH_ROWS = 1000;
/** Checked batches waiting for the transaction to write them, at most (memory: a few MB each). */
const WRITES_AHEAD = 2;
export const MAX_LISTED_ERRORS = 1000;
export const PREVIEW_ROWS = 20;

export interface ImportDeps {
  pool: pg.Pool;
  state: ImportState;
  storage: StorageDriver;
  tmpDir?: string;
}

/** Ends the transaction without committing (a dry run, or rows that stop an all-or-nothing import). */
class Rollback extends Error {}

export async function runImport(
  deps: ImportDeps,
  jobId: number,
  lastAttempt: boolean,
): Promise<'succeeded' | 'failed' | 'finished-before'> {
  const job = await deps.state.claim(jobId);
  if (!job) return 'finished-before';
  const attempt = { id: job.id, startedAt: job.started_at! };
  const tmp = (ext: string) => path.join(deps.tmpDir ?? os.tmpdir(), `kaigi-import-${job.id}-${randomUUID()}${ext}`);
  const upload = tmp(path.extname(job.key).toLowerCase());
  const errorFile = tmp('.xlsx');
  try {
    if (!(await deps.storage.getFile(job.key, upload))) {
      await deps.state.fail(job.id, 'import_file_missing', m.fileMissing(), attempt);
      return 'failed';
    }
    return await importFile(deps, job, attempt, upload, errorFile);
  } catch (err) {
    if (err instanceof ImportFileError) {
      await deps.state.fail(job.id, err.code, err.message, attempt);
      return 'failed';
    }
    // the same file would fail the same way again: recorded once, not retried (issue 29)
    if (retryCannotHelp(err)) {
      await deps.state.fail(job.id, 'import_value_unstorable', m.unstorable(), attempt);
      return 'failed';
    }
    await (lastAttempt
      ? deps.state.fail(job.id, 'import_failed', m.failed(), attempt)
      : deps.state.awaitRetry(attempt, m.retry()));
    throw err;
  } finally {
    await rm(upload, { force: true });
    await rm(errorFile, { force: true });
  }
}

async function importFile(deps: ImportDeps, job: ImportJob, attempt: Attempt, upload: string, errorFile: string) {
  const kind = IMPORT_KINDS[job.type];
  const sheet = await openImportFile(upload, {
    fileName: fileNameOf(job.key),
    knownHeaders: kind.headers,
    requiredHeaders: kind.required,
  });
  // the reader cannot know a file's rows before the end; an apply knows them from its dry run
  if (job.applied_from) await deps.state.progress(attempt, 0, await deps.state.rowsOf(job.applied_from));
  const counts: ImportCounts = { rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  const errors: ImportRowError[] = [];
  // the rows' own warnings (a 〓 kept as stored); the sheet's are read with the rows (a note row is
  // found while reading), so they are joined at the end
  const rowWarnings: ImportWarningEntry[] = [];
  const preview: Record<string, unknown>[] = [];
  let errorWriter: ExportWriter | null = null;
  let reported = 0;

  const client = await deps.pool.connect();
  const read = await deps.pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const ctx: KindContext = {
      client,
      read,
      now: (await client.query<{ now: Date }>('select now()')).rows[0].now,
      tx: drizzle(client, { schema }) as unknown as Db,
      cciCode: job.cci_code,
      actor: job.created_by,
      jobId: job.id,
      write: !job.dry_run,
      column: (header) => sheet.headers.indexOf(header),
      seen: new Set(),
    };
    // a retried attempt lists its changes afresh
    await read.query('delete from import_change where import_job_id = $1', [job.id]);
    const record = async (checked: CheckedRow[]) => {
      await recordChanges(read, job.id, checked);
      for (const r of checked) {
        counts.rows += 1;
        counts[r.result] += 1;
        if (preview.length < PREVIEW_ROWS) preview.push({ row: r.source.row, result: r.result, values: previewValues(r.values) });
        for (const w of r.warnings ?? []) if (rowWarnings.length < MAX_LISTED_ERRORS) rowWarnings.push(w);
        if (r.result !== 'failed') continue;
        for (const e of r.errors) if (errors.length < MAX_LISTED_ERRORS) errors.push(e);
        errorWriter ??= openWriter('xlsx', errorFile, {
          sheetName: m.errorFileSheet,
          title: m.errorFileSheet,
          columns: [...sheet.headers, m.errorFileReason].map((header) => ({ header, width: 16 })),
        });
        errorWriter.write([...r.source.cells.map((c) => (c instanceof Date ? cellText(c) : c)), reasonOf(r)]);
      }
      // with a failed row an all-or-nothing import writes nothing: stop writing at once
      if (counts.failed > 0 && !job.skip_invalid) ctx.write = false;
      if (errorWriter) await errorWriter.flush();
      // a progress write is a commit: each one would wait for the import's WAL so far to be flushed
      if (Date.now() - reported >= PROGRESS_INTERVAL_MS) {
        await deps.state.progress(attempt, counts.rows);
        reported = Date.now();
      }
    };
    // Batches are checked one after another (reading, normalising, look-ups on the read connection)
    // while the transaction writes the ones before, up to WRITES_AHEAD of them: PostgreSQL's writes
    // are the critical path, and a slow batch to read (a GC pause, a large XML chunk) should not
    // leave it idle. Each write starts after the one before; a failed one fails every later one.
    const writes: Promise<void>[] = [];
    const next = async (rows: ImportRow[]) => {
      const checked = await kind.check(ctx, rows);
      await record(checked);
      if (!ctx.write) return;
      const written = (writes.at(-1) ?? Promise.resolve()).then(() => (ctx.write ? kind.write(ctx, checked) : undefined));
      written.catch(() => {}); // awaited (and thrown) below or after the last batch
      writes.push(written);
      if (writes.length > WRITES_AHEAD) await writes.shift();
    };
    let batch: ImportRow[] = [];
    for await (const row of sheet.rows) {
      batch.push(row);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await next(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await next(batch);
    await writes.at(-1);
    if (job.dry_run || (counts.failed > 0 && !job.skip_invalid)) throw new Rollback();
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    if (!(err instanceof Rollback)) {
      (errorWriter as ExportWriter | null)?.abort();
      throw err;
    }
  } finally {
    client.release(broken);
    read.release();
  }

  let errorFileKey: string | null = null;
  if (errorWriter) {
    await (errorWriter as ExportWriter).finish();
    errorFileKey = `${job.cci_code}/imports/${job.id}/${safeFileName(`取込エラー_${job.id}`, 'errors')}.xlsx`;
    await deps.storage.putFile(errorFileKey, errorFile, FORMAT_FILES.xlsx.contentType);
  }
  const warnings = [...sheet.warnings, ...rowWarnings];
  const result = { counts, errors, warnings, preview, error_file_key: errorFileKey };
  const stopped = !job.dry_run && counts.failed > 0 && !job.skip_invalid;
  await deps.state.finish(
    attempt,
    result,
    stopped ? { code: 'import_rows_invalid', message: m.rowsInvalid(counts.failed) } : undefined,
  );
  return stopped ? 'failed' : 'succeeded';
}

/**
 * The batch's created and updated rows into the change list (issue 33), through the look-up
 * connection: it commits at once, so a dry run's rollback keeps the list. A new row lists every
 * cell it brings (before: null).
 */
async function recordChanges(read: pg.PoolClient, jobId: number, checked: CheckedRow[]): Promise<void> {
  const changed = checked.flatMap((r): Array<{ row: number; result: string; changes: ImportChangeEntry[] }> => {
    if (r.result === 'updated') return [{ row: r.source.row, result: r.result, changes: r.changes ?? [] }];
    if (r.result !== 'created') return [];
    const changes = Object.entries(r.values).flatMap(([column, value]) => {
      const after = changeText(value);
      return after === null ? [] : [{ column: clipText(column), before: null, after }];
    });
    return [{ row: r.source.row, result: r.result, changes }];
  });
  if (changed.length === 0) return;
  await read.query(
    `insert into import_change (import_job_id, row, result, changes)
     select $1, v.row, v.result, v.changes from jsonb_to_recordset($2::jsonb) as v(row int, result text, changes jsonb)`,
    [jobId, JSON.stringify(changed)],
  );
}

/**
 * A value PostgreSQL cannot hold (SQLSTATE class 22, data exception; 54, program limit exceeded,
 * e.g. a string too long for jsonb) or a string too long for V8: the file's content, not a passing
 * fault, so another attempt would only fail the same way.
 */
function retryCannotHelp(err: unknown): boolean {
  if (err instanceof RangeError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code);
}

const reasonOf = (r: CheckedRow) => r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join(' / ');
