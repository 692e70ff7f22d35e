/**
 * bench:room's heavy jobs (issue 29): while the chat is measured, an 80 000-row company import and a
 * 100 000-row members export run again and again through the API, as a chamber's staff would start
 * them, on the API process that does its jobs the way `npm start` does (bench/api-server.ts `jobs`).
 * The first import creates its companies, the later ones are dry runs of the same file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { seedMembers } from './export-seed.ts';
import { writeCompanyFiles } from './import-files.ts';

/** the members export reads these, beside the demo chamber's own few */
const MEMBER_PREFIX = 'R';
/** the import's companies */
const IMPORT_PREFIX = 'I';

export interface JobRun {
  kind: 'import' | 'export';
  what: string;
  rows: number;
  /** the job's started_at → finished_at, s */
  seconds: number;
  /** started_at and finished_at, ms since the epoch */
  from: number;
  to: number;
  status: string;
}

/** `exportRows` members of `cci` for the export (seeded once per size) and none of the import's companies. */
export async function prepareJobData(pool: pg.Pool, cci: string, exportRows: number): Promise<void> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int n from member m join company c on c.id = m.company_id where m.cci_code = $1 and c.company_code like $2 || '%'`,
    [cci, MEMBER_PREFIX],
  );
  if (rows[0]!.n !== exportRows) {
    console.log(`seeding ${exportRows} members for the export…`);
    await pool.query('begin');
    const own = `select id from company where cci_code = $1 and company_code like $2 || '%'`;
    await pool.query(`delete from position where member_id in (select id from member where company_id in (${own}))`, [
      cci,
      MEMBER_PREFIX,
    ]);
    await pool.query(`delete from member where company_id in (${own})`, [cci, MEMBER_PREFIX]);
    await pool.query(`delete from company where cci_code = $1 and company_code like $2 || '%'`, [cci, MEMBER_PREFIX]);
    await seedMembers(pool, cci, exportRows, MEMBER_PREFIX);
    await pool.query('commit');
  }
  // every run's first import creates its rows
  await pool.query(`delete from company where cci_code = $1 and company_code like $2 || '%'`, [cci, IMPORT_PREFIX]);
  await pool.query('vacuum analyze company, member, position');
}

export async function importFileOf(dir: string, rows: number): Promise<string> {
  const files = { xlsx: `${dir}/companies-${rows}.xlsx`, csv: `${dir}/companies-${rows}.csv` };
  if (!existsSync(files.xlsx)) await writeCompanyFiles(files, rows);
  return files.xlsx;
}

type Api = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/**
 * Starts imports of `file` and members exports through `base` (…/v1/cci/{cci}) one after another,
 * each kind in its own loop, until `stop()`; resolves with every job once the last has finished.
 */
export function keepJobsRunning(base: string, api: Api, file: string) {
  let stopping = false;
  const runs: JobRun[] = [];
  /** the job's status, rows and time once it has finished */
  const finished = async (url: string) => {
    for (;;) {
      const job = await api<{ status: string; progress_total: number | null; started_at: string; finished_at: string }>(
        'GET',
        url,
      );
      if (job.status === 'succeeded' || job.status === 'failed') {
        const [from, to] = [Date.parse(job.started_at), Date.parse(job.finished_at)];
        return { status: job.status, rows: job.progress_total ?? 0, seconds: (to - from) / 1000, from, to };
      }
      await sleep(250);
    }
  };
  const imports = (async () => {
    const bytes = readFileSync(file);
    for (let first = true; !stopping; first = false) {
      const upload = await api<{ key: string; url: string; headers: Record<string, string> }>(
        'POST',
        `${base}/common/s3/put_object_url`,
        {
          file_name: 'companies.xlsx',
          content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: bytes.length,
          purpose: 'import',
        },
      );
      const put = await fetch(new URL(upload.url, base), { method: 'PUT', headers: upload.headers, body: bytes });
      if (!put.ok) throw new Error(`upload: ${put.status}`);
      const { id } = await api<{ id: number }>('POST', `${base}/import`, { type: 'companies', key: upload.key, dry_run: !first });
      const done = await finished(`${base}/import/${id}`);
      runs.push({ kind: 'import', what: first ? 'companies, XLSX, applied' : 'companies, XLSX, dry run', ...done });
    }
  })();
  const exportsLoop = (async () => {
    while (!stopping) {
      const { id } = await api<{ id: number }>('POST', `${base}/export`, { type: 'members', format: 'xlsx' });
      runs.push({ kind: 'export', what: 'members, XLSX', ...(await finished(`${base}/export/${id}`)) });
    }
  })();
  return {
    async stop(): Promise<JobRun[]> {
      stopping = true;
      await Promise.all([imports, exportsLoop]);
      return runs;
    },
  };
}
