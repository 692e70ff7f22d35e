/**
 * Import jobs as the chamber's CCI_ADMIN creates, applies and follows them (DESIGN.md §11.4,
 * issue 17). The worker's side of the row is server/jobs/import-state.ts.
 */
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { IMPORT_JOB_STATUSES, IMPORT_TYPES, import_change, import_job, upload, type ImportJob } from '../db/schema.ts';
import type { ImportChange, ImportCreate, ImportJobOut } from '../schemas/import.ts';
import { listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import { containsKeyword } from '../lib/masters-contains.ts';
import { jobListConditions, jobListSpec } from '../lib/job-list.ts';
import { audit, type Executor } from '../lib/audit.ts';
import { Problem } from '../lib/problem.ts';
import type { ImportQueue } from '../jobs/import-queue.ts';

/** GET /v1/cci/{cci_code}/import: filters type, status, created_by; newest first (as the export list). */
export const IMPORT_JOB_LIST: ListSpec = jobListSpec(import_job, import_job.key, IMPORT_JOB_STATUSES, IMPORT_TYPES, [
  'id',
  'cci_code',
  'type',
  'key',
  'dry_run',
  'skip_invalid',
  'status',
  'error',
  'error_code',
  'progress_done',
  'progress_total',
  'counts',
  'errors',
  'error_file_key',
  'warnings',
  'preview',
  'applied_from',
  'created_by',
  'created_at',
  'started_at',
  'finished_at',
]);
export const ImportJobListQuery = listQuerySchema(IMPORT_JOB_LIST);

/** created or updated: the change list's filter `result` (issue 33) */
const CHANGE_RESULTS = ['created', 'updated'] as const;

/**
 * GET /v1/cci/{cci_code}/import/{id}/changes (issue 33, decision 0037): the common list parameters
 * (spec §3) as every list takes them — sorted by the sheet's row (default) or by result, `keyword` a
 * substring of any cell's value before or after, `fields` of row, result and changes, and the
 * filter `result`.
 */
export const IMPORT_CHANGE_LIST: ListSpec = {
  id: import_change.row,
  sortable: { row: import_change.row, result: import_change.result },
  defaultSort: ['row'],
  keyword: (keyword) => {
    const cell = containsKeyword([sql`change->>'before'`, sql`change->>'after'`], keyword);
    return cell && sql`exists (select from jsonb_array_elements(${import_change.changes}) change where ${cell})`;
  },
  extra: { result: Type.Enum(CHANGE_RESULTS) },
  fields: ['row', 'result', 'changes'],
};
export const ImportChangeListQuery = listQuerySchema(IMPORT_CHANGE_LIST);

const toImportChange = ({ row, result, changes }: typeof import_change.$inferSelect): ImportChange => ({ row, result, changes });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toImportJob(row: ImportJob): ImportJobOut {
  return {
    id: row.id,
    cci_code: row.cci_code,
    type: row.type,
    key: row.key,
    dry_run: row.dry_run,
    skip_invalid: row.skip_invalid,
    status: row.status,
    error: row.error,
    error_code: row.error_code,
    progress_done: row.progress_done,
    progress_total: row.progress_total,
    counts: row.counts ?? null,
    errors: row.errors ?? null,
    error_file_key: row.error_file_key,
    warnings: row.warnings ?? null,
    preview: row.preview ?? null,
    applied_from: row.applied_from,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/** A key that is not an `import` upload of this chamber: a 422 on the field (a 404 would send the SPA to /404). */
const unknownKey = () =>
  new Problem(422, 'import_key_not_found', '取込ファイルが見つかりません。もう一度アップロードしてください。', [
    { field: 'body.key', code: 'import_key_not_found', message: 'not an import upload of this chamber' },
  ]);

export interface ImportJobsRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<ImportJobOut>>>;
  /** null for another chamber's job or an unknown id (→ 404) */
  find(cciCode: string, id: number): Promise<ImportJobOut | null>;
  create(cciCode: string, actor: string, input: ImportCreate, queue: ImportQueue): Promise<ImportJobOut>;
  /** A succeeded dry run's file, for real, as a new job; null for an unknown id (→ 404). */
  apply(cciCode: string, actor: string, id: number, queue: ImportQueue): Promise<ImportJobOut | null>;
  /** The job's change list, a page in row order (issue 33); null for an unknown id (→ 404). */
  changes(cciCode: string, id: number, query: Record<string, unknown>): Promise<ListResult<Partial<ImportChange>> | null>;
  /** The chamber's job whose error file `key` is ({cci}/imports/{id}/…). */
  findByErrorFileKey(cciCode: string, key: string): Promise<ImportJobOut | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    importJobs: ImportJobsRepository;
  }
}

async function insertJob(
  tx: Executor,
  cciCode: string,
  actor: string,
  values: Pick<ImportJob, 'type' | 'key' | 'dry_run' | 'skip_invalid' | 'applied_from'>,
  queue: ImportQueue,
): Promise<ImportJobOut> {
  const [row] = await tx
    .insert(import_job)
    .values({ cci_code: cciCode, created_by: actor, ...values })
    .returning();
  const created = toImportJob(row);
  await audit(tx, { cciCode, actor, action: 'create', entity: 'import_job', entityId: row.id, after: created });
  await queue.enqueue(tx, row.id);
  return created;
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: ImportJobsRepository = {
      list(cciCode, query) {
        const base = jobListConditions(import_job, cciCode, query);
        return runList(db, import_job, planList(IMPORT_JOB_LIST, query, base), toImportJob);
      },

      async find(cciCode, id) {
        const [row] = await db
          .select()
          .from(import_job)
          .where(and(eq(import_job.cci_code, cciCode), eq(import_job.id, id)));
        return row ? toImportJob(row) : null;
      },

      async changes(cciCode, id, query) {
        if (!(await repository.find(cciCode, id))) return null;
        const base = [
          eq(import_change.import_job_id, id),
          typeof query.result === 'string' ? eq(import_change.result, query.result as ImportChange['result']) : undefined,
        ];
        return runList(db, import_change, planList(IMPORT_CHANGE_LIST, query, base), toImportChange);
      },

      async findByErrorFileKey(cciCode, key) {
        const prefix = `${cciCode}/imports/`;
        const id = key.startsWith(prefix) ? /^(\d{1,9})\//.exec(key.slice(prefix.length)) : null;
        return id ? repository.find(cciCode, Number(id[1])) : null;
      },

      async create(cciCode, actor, input, queue) {
        return db.transaction(async (tx) => {
          const [found] = await tx
            .select({ id: upload.id })
            .from(upload)
            .where(and(eq(upload.cci_code, cciCode), eq(upload.key, input.key), eq(upload.purpose, 'import')));
          if (!found) throw unknownKey();
          const { type, key, dry_run, skip_invalid } = input;
          return insertJob(tx, cciCode, actor, { type, key, dry_run, skip_invalid, applied_from: null }, queue);
        });
      },

      async apply(cciCode, actor, id, queue) {
        return db.transaction(async (tx) => {
          const [dry] = await tx
            .select()
            .from(import_job)
            .where(and(eq(import_job.cci_code, cciCode), eq(import_job.id, id)))
            .for('update');
          if (!dry) return null;
          if (!dry.dry_run) {
            throw new Problem(
              422,
              'import_not_dry_run',
              'この取込は既に実行されたものです。確認（ドライラン）の取込だけを実行できます。',
            );
          }
          if (dry.status === 'queued' || dry.status === 'running') {
            throw new Problem(409, 'import_not_finished', '確認がまだ終わっていません。終わってから実行してください。');
          }
          if (dry.status === 'failed') {
            throw new Problem(
              422,
              'import_dry_run_failed',
              '確認に失敗した取込は実行できません。ファイルを直して取り込み直してください。',
            );
          }
          const [applied] = await tx
            .select({ id: import_job.id })
            .from(import_job)
            .where(and(eq(import_job.cci_code, cciCode), eq(import_job.applied_from, id)))
            .limit(1);
          if (applied)
            throw new Problem(409, 'import_already_applied', 'この確認結果は既に実行されています。', [], {
              import_id: applied.id,
            });
          // the upload expires with the retention days (server/jobs/import-cleanup.ts); the key share
          // lock keeps a clean-up running now from deleting it before the new job is queued
          const [kept] = await tx
            .select({ id: upload.id })
            .from(upload)
            .where(and(eq(upload.cci_code, cciCode), eq(upload.key, dry.key)))
            .for('key share');
          if (!kept) {
            throw new Problem(
              422,
              'import_file_expired',
              '取込ファイルは保存期間を過ぎたため削除されました。もう一度アップロードしてください。',
            );
          }
          const { type, key, skip_invalid } = dry;
          return insertJob(tx, cciCode, actor, { type, key, dry_run: false, skip_invalid, applied_from: id }, queue);
        });
      },
    };
    app.decorate('importJobs', repository);
  },
  { name: 'import-jobs-repository', dependencies: ['database'] },
);
