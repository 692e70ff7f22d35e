/**
 * One attempt at one export job: count and read the rows in a single read-only snapshot (a cursor,
 * a batch at a time), write them to a temporary file, store the finished file under the chamber's
 * prefix, then mark the job succeeded. The file reaches storage only once it is complete, and a
 * retried attempt starts over, so a crash never leaves half a file behind (issue 6).
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { StorageDriver } from '../storage/driver.ts';
import { safeFileName } from '../storage/keys.ts';
import { dateFormatter } from '../lib/export-dates.ts';
import { jstDayOf } from '../lib/conference-dates.ts';
import {
  isDocumentType,
  type ExportFormat,
  type ExportJobParams,
  type ExportType,
  type SjisReplacement,
  type TableFormat,
  type TableType,
} from '../schemas/export.ts';
import type { ExportJob } from '../db/schema.ts';
import { PROGRESS_INTERVAL_MS, type Attempt, type ExportState } from './export-state.ts';
import { SOURCES } from './sources/index.ts';
import { ExportInputError, type SourceContext } from './sources/types.ts';
import { DOCUMENTS } from './documents/index.ts';
import type { ExportDocument } from './documents/types.ts';
import { FORMAT_FILES, openWriter } from './writers/index.ts';

/** Rows per cursor fetch: large enough to amortise the round trip, small enough to keep memory flat. */
const BATCH_ROWS = 5000;
const DAY_MS = 86_400_000;

export interface ExportDeps {
  pool: pg.Pool;
  state: ExportState;
  storage: StorageDriver;
  /** EXPORT_RETENTION_DAYS: the file is deleted this many days after it is made */
  retentionDays: number;
  /** where files are assembled before upload (default: the OS temp folder) */
  tmpDir?: string;
}

export type RunOutcome = 'succeeded' | 'failed' | 'superseded' | 'finished-before';

/** Shown on the job; the cause itself goes to the log, never to the user (DESIGN.md §5). */
export const RETRY_REASON = 'ファイルの作成中にエラーが発生しました。自動的に再試行します。';
export const FAILED_REASON = 'ファイルの作成中にエラーが発生しました。再試行の上限に達したため中止しました。';

/**
 * `{cci}/exports/{id}/{label}_{YYYYMMDD}{suffix}{ext}`: the key names its job, its last segment the
 * download; CSV names its encoding (_UTF-8 / _SJIS) so the two files differ (issue 15 item 6).
 */
export function exportKey(cciCode: string, jobId: number, label: string, format: ExportFormat, now: Date): string {
  const stamp = jstDayOf(now).replaceAll('-', '');
  const { suffix, extension } = FORMAT_FILES[format];
  return `${cciCode}/exports/${jobId}/${safeFileName(`${label}_${stamp}`, 'export')}${suffix}${extension}`;
}

/**
 * `lastAttempt`: pg-boss will not retry this one. A job that cannot be produced as asked
 * (ExportInputError) fails at once with its reason; other errors are rethrown for pg-boss to retry,
 * the row saying so meanwhile.
 */
export async function runExport(deps: ExportDeps, jobId: number, lastAttempt: boolean): Promise<RunOutcome> {
  const job = await deps.state.claim(jobId);
  if (!job) return 'finished-before';
  const attempt = { id: job.id, startedAt: job.started_at! };
  const extension = FORMAT_FILES[job.format as ExportFormat].extension;
  const tmpFile = path.join(deps.tmpDir ?? os.tmpdir(), `kaigi-export-${job.id}-${randomUUID()}${extension}`);

  try {
    return await produce(deps, job, attempt, tmpFile);
  } catch (err) {
    if (err instanceof ExportInputError) {
      await deps.state.fail(job.id, err.message, attempt);
      return 'failed';
    }
    await (lastAttempt ? deps.state.fail(job.id, FAILED_REASON, attempt) : deps.state.awaitRetry(attempt, RETRY_REASON));
    throw err;
  } finally {
    await rm(tmpFile, { force: true });
  }
}

interface Written {
  fileLabel: string;
  rows: number;
  replacedCharCount: number | null;
  replacements: SjisReplacement[] | null;
}

async function produce(deps: ExportDeps, job: ExportJob, attempt: Attempt, tmpFile: string): Promise<RunOutcome> {
  const params = job.params as unknown as ExportJobParams;
  const format = job.format as ExportFormat;
  const type = job.type as ExportType;
  const client = await deps.pool.connect();
  let broken = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // the ordering of a 100 000-row export sorts tens of MB: in memory, not in temporary files
    await client.query(`set local work_mem = '64MB'`);
    const ctx: SourceContext = { client, cciCode: job.cci_code, params, dates: dateFormatter(params.date_style) };
    const written = isDocumentType(type)
      ? await writeDocument(deps, attempt, await DOCUMENTS[type](ctx), tmpFile)
      : await writeTable(deps, attempt, ctx, type, format as TableFormat, tmpFile);
    await client.query('commit');

    const now = new Date();
    const key = exportKey(job.cci_code, job.id, written.fileLabel, format, now);
    await deps.storage.putFile(key, tmpFile, FORMAT_FILES[format].contentType);
    const stored = await deps.state.succeed(attempt, {
      fileKey: key,
      rows: written.rows,
      replacedCharCount: written.replacedCharCount,
      replacements: written.replacements,
      expiresAt: new Date(now.getTime() + deps.retentionDays * DAY_MS),
    });
    return stored ? 'succeeded' : 'superseded';
  } catch (err) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    // a connection that cannot even roll back is discarded, not returned to the pool
    client.release(broken);
  }
}

/** A document (the 議事録): one piece, rendered from the snapshot and written whole. */
async function writeDocument(deps: ExportDeps, attempt: Attempt, document: ExportDocument, tmpFile: string): Promise<Written> {
  await deps.state.progress(attempt, 0, 1);
  await writeFile(tmpFile, await document.render());
  return { fileLabel: document.fileLabel, rows: 1, replacedCharCount: null, replacements: null };
}

/** A table: counted, then read through a cursor a batch at a time into the format's writer. */
async function writeTable(
  deps: ExportDeps,
  attempt: Attempt,
  ctx: SourceContext,
  type: TableType,
  format: TableFormat,
  tmpFile: string,
): Promise<Written> {
  const { client } = ctx;
  const source = await SOURCES[type](ctx);
  const { rows: counted } = await client.query<{ n: number }>(source.count.text, source.count.values);
  const total = counted[0].n;
  await deps.state.progress(attempt, 0, total);

  const writer = openWriter(format, tmpFile, { ...source, dateStyle: ctx.params.date_style });
  let done = 0;
  try {
    await client.query(`declare export_rows no scroll cursor for ${source.rows.text}`, source.rows.values);
    const fetchBatch = () => {
      const batch = client.query(`fetch ${BATCH_ROWS} from export_rows`);
      batch.catch(() => {}); // awaited below; a failure after an earlier error is not unhandled
      return batch;
    };
    let reported = Date.now();
    let next = fetchBatch();
    for (;;) {
      const { rows } = await next;
      if (rows.length === 0) break;
      // PostgreSQL produces the next batch while this one is written
      next = fetchBatch();
      for (const row of rows) writer.write(source.toCells(row));
      done += rows.length;
      await writer.flush();
      if (Date.now() - reported >= PROGRESS_INTERVAL_MS) {
        await deps.state.progress(attempt, done);
        reported = Date.now();
      }
    }
  } catch (err) {
    writer.abort();
    throw err;
  }
  const { replacedCharCount, replacements } = await writer.finish();
  return { fileLabel: source.fileLabel, rows: done, replacedCharCount, replacements };
}
