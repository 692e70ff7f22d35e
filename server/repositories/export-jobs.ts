/**
 * Export jobs as the chamber's staff create and follow them (issue 6, DESIGN.md §4). The worker's
 * side of the row (claim, progress, result) is server/jobs/export-state.ts.
 */
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { EXPORT_JOB_STATUSES, conference, export_job } from '../db/schema.ts';
import {
  EXPORT_TYPES,
  ORDERS_BY_TYPE,
  formatsOf,
  type ExportCreate,
  type ExportJob,
  type ExportJobParams,
  type ExportType,
} from '../schemas/export.ts';
import { listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import { jobListConditions, jobListSpec } from '../lib/job-list.ts';
import { audit } from '../lib/audit.ts';
import { jstDayOf } from '../lib/conference-dates.ts';
import { Problem } from '../lib/problem.ts';
import { fileNameOf } from '../storage/keys.ts';
import type { ExportQueue } from '../jobs/export-queue.ts';

type ExportJobRow = typeof export_job.$inferSelect;

/** spec §7: GET /v1/cci/{cci_code}/export filters created_by and status; newest first. */
export const EXPORT_JOB_LIST: ListSpec = jobListSpec(export_job, export_job.file_key, EXPORT_JOB_STATUSES, EXPORT_TYPES, [
  'id',
  'cci_code',
  'created_by',
  'type',
  'format',
  'params',
  'status',
  'error',
  'progress_done',
  'progress_total',
  'replaced_char_count',
  'replacements',
  'file_key',
  'file_name',
  'created_at',
  'started_at',
  'finished_at',
  'expires_at',
  'expired',
]);
export const ExportJobListQuery = listQuerySchema(EXPORT_JOB_LIST);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toExportJob(row: ExportJobRow, now = new Date()): ExportJob {
  return {
    id: row.id,
    cci_code: row.cci_code,
    created_by: row.created_by,
    type: row.type as ExportJob['type'],
    format: row.format as ExportJob['format'],
    params: row.params as unknown as ExportJobParams,
    status: row.status,
    error: row.error,
    progress_done: row.progress_done,
    progress_total: row.progress_total,
    replaced_char_count: row.replaced_char_count,
    replacements: row.replacements ?? null,
    file_key: row.file_key,
    file_name: row.file_key ? fileNameOf(row.file_key) : null,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    expires_at: iso(row.expires_at),
    expired: row.expires_at !== null && row.expires_at <= now,
  };
}

const paramError = (field: string, code: string, detail: string, message: string) =>
  new Problem(400, code, detail, [{ field: `body.params.${field}`, code, message }]);

const CONFERENCE_TYPES: readonly ExportType[] = [
  'attendance',
  'reception',
  'attendees',
  'room_comments',
  'room_chat',
  'votes',
  'minutes',
];

/** The stored params: the body's, checked against the type, with every default made explicit. */
function resolveParams(input: ExportCreate, today: string): ExportJobParams {
  const given = input.params ?? {};
  const formats = formatsOf(input.type);
  if (!formats.includes(input.format)) {
    throw new Problem(400, 'unsupported_format', 'この出力内容では選択できない形式です。', [
      { field: 'body.format', code: 'unsupported_format', message: `one of ${formats.join(', ')}` },
    ]);
  }
  const orders = ORDERS_BY_TYPE[input.type];
  if (given.order !== undefined && !orders.includes(given.order)) {
    throw paramError('order', 'unsupported_order', 'この出力内容では選択できない並び順です。', `one of ${orders.join(', ')}`);
  }
  const needsConference = CONFERENCE_TYPES.includes(input.type);
  if (needsConference && given.conference_id === undefined) {
    throw paramError('conference_id', 'required', '会議を指定してください。', 'required for this type');
  }
  if (!needsConference && given.conference_id !== undefined) {
    throw paramError('conference_id', 'not_allowed', 'この出力内容では会議を指定できません。', 'not allowed for this type');
  }
  if (input.type !== 'members' && given.as_of !== undefined) {
    throw paramError('as_of', 'not_allowed', '基準日は会員一覧でのみ指定できます。', 'members only');
  }
  return {
    ...(given.conference_id !== undefined ? { conference_id: given.conference_id } : {}),
    order: given.order ?? orders[0],
    date_style: given.date_style ?? 'western',
    ...(input.type === 'members' ? { as_of: given.as_of ?? today } : {}),
  };
}

export interface ExportJobsRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<ExportJob>>>;
  /** null for another chamber's job or an unknown id (→ 404) */
  find(cciCode: string, id: number): Promise<ExportJob | null>;
  /** The row, its audit entry and the queue job, in one transaction. */
  create(cciCode: string, actor: string, input: ExportCreate, queue: ExportQueue): Promise<ExportJob>;
  /** The chamber's job whose file `key` is (keys name their job: {cci}/exports/{id}/…). */
  findByFileKey(cciCode: string, key: string): Promise<ExportJob | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    exportJobs: ExportJobsRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: ExportJobsRepository = {
      list(cciCode, query) {
        const base = jobListConditions(export_job, cciCode, query);
        const now = new Date();
        return runList(db, export_job, planList(EXPORT_JOB_LIST, query, base), (row: ExportJobRow) => toExportJob(row, now));
      },

      async find(cciCode, id) {
        const [row] = await db
          .select()
          .from(export_job)
          .where(and(eq(export_job.cci_code, cciCode), eq(export_job.id, id)));
        return row ? toExportJob(row) : null;
      },

      async findByFileKey(cciCode, key) {
        const prefix = `${cciCode}/exports/`;
        const id = key.startsWith(prefix) ? /^(\d{1,9})\//.exec(key.slice(prefix.length)) : null;
        return id ? repository.find(cciCode, Number(id[1])) : null;
      },

      async create(cciCode, actor, input, queue) {
        const params = resolveParams(input, jstDayOf(new Date()));
        return db.transaction(async (tx) => {
          if (params.conference_id !== undefined) {
            const [found] = await tx
              .select({ id: conference.id })
              .from(conference)
              .where(and(eq(conference.cci_code, cciCode), eq(conference.id, params.conference_id)));
            // a 400 on the field, not a 404: the SPA sends every 404 to /404 (spec §2)
            if (!found)
              throw paramError('conference_id', 'unknown_conference', '指定された会議が見つかりません。', 'no such conference');
          }
          const [row] = await tx
            .insert(export_job)
            .values({ cci_code: cciCode, created_by: actor, type: input.type, format: input.format, params: { ...params } })
            .returning();
          const created = toExportJob(row);
          await audit(tx, { cciCode, actor, action: 'create', entity: 'export_job', entityId: row.id, after: created });
          await queue.enqueue(tx, row.id);
          return created;
        });
      },
    };
    app.decorate('exportJobs', repository);
  },
  { name: 'export-jobs-repository', dependencies: ['database'] },
);
