/** Imports in API tests (DESIGN.md §11.4): upload a file as the console does, run a job, read it back. */
import { expect } from 'vitest';
import type pg from 'pg';
import type { caller } from './app.ts';
import type { ExportTestEnv } from './export-app.ts';
import { eventually } from './export-files.ts';

export const IMPORT_BASE = '/v1/cci/demo/import';
export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportJob = {
  id: number;
  status: string;
  counts: { rows: number; created: number; updated: number; unchanged: number; failed: number } | null;
  errors: Array<{ row: number; column: string | null; code: string; message: string }> | null;
  error: string | null;
  error_code: string | null;
  error_file_key: string | null;
  warnings: Array<{ code: string; message: string; column?: string }> | null;
  preview: Array<Record<string, unknown>> | null;
} & Record<string, unknown>;

type Call = ReturnType<typeof caller>;

/** RFC 4180 CSV, CRLF. */
export const csvOf = (rows: Array<Array<string | null>>): string =>
  rows
    .map((r) => r.map((c) => (c === null ? '' : /[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(','))
    .join('\r\n') + '\r\n';

/** put_object_url (purpose import) as the console asks for it, then the bytes through the signed URL. */
export async function uploadImport(
  env: ExportTestEnv,
  call: Call,
  who: string,
  fileName: string,
  content: Buffer | string,
  contentType = CSV_TYPE,
) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const res = await call('POST', '/v1/cci/demo/common/s3/put_object_url', who, {
    file_name: fileName,
    content_type: contentType,
    size: bytes.length,
    purpose: 'import',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { key, url, headers } = res.json() as { key: string; url: string; headers: Record<string, string> };
  // PUT through the presigned URL, as the browser does (the local driver's URL is the API's own)
  const put = await env.app.inject({ method: 'PUT', url, headers, payload: bytes });
  expect(put.statusCode, put.body).toBe(200);
  return key;
}

export async function finishedImport(call: Call, who: string, id: number): Promise<ImportJob> {
  return eventually(
    async () => {
      const job: ImportJob = (await call('GET', `${IMPORT_BASE}/${id}`, who)).json();
      return job.status === 'succeeded' || job.status === 'failed' ? job : null;
    },
    60_000,
    `import job ${id}`,
  );
}

/** Uploads `content`, imports it and waits for the job to finish. */
export async function importFile(
  env: ExportTestEnv,
  call: Call,
  who: string,
  opts: {
    type: string;
    fileName?: string;
    content: Buffer | string;
    contentType?: string;
    dry_run?: boolean;
    skip_invalid?: boolean;
  },
): Promise<ImportJob> {
  const key = await uploadImport(env, call, who, opts.fileName ?? 'import.csv', opts.content, opts.contentType);
  const res = await call('POST', IMPORT_BASE, who, {
    type: opts.type,
    key,
    ...(opts.dry_run !== undefined ? { dry_run: opts.dry_run } : {}),
    ...(opts.skip_invalid !== undefined ? { skip_invalid: opts.skip_invalid } : {}),
  });
  expect(res.statusCode, res.body).toBe(202);
  return finishedImport(call, who, res.json().id);
}

/** What the chamber's lists hold: companies, members and positions (all chambers), as one digest. */
export async function listsChecksum(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ sum: string }>(
    `select md5(coalesce((select string_agg(t::text, '|' order by t.id) from company t), '') ||
                coalesce((select string_agg(t::text, '|' order by t.id) from member t), '') ||
                coalesce((select string_agg(t::text, '|' order by t.id) from position t), '')) as sum`,
  );
  return rows[0].sum;
}
