/**
 * National-scale data (DESIGN.md §9) for benchmarks: ~515 chambers, 1.2 M companies (largest
 * chamber 80 000), 20 000 members in the largest chamber, positions, 10 000 conferences and ~5 M
 * conference members with the conference companies that follow from them.
 *
 * Chambers: `c001` … `c515`. `c001` is the large chamber (80 000 companies, ~20 000 members),
 * `c002` a typical one (2 000 companies, ~500 members); the other 513 follow a Zipf-like
 * distribution so the total is 1.2 M. `scale` multiplies companies, members and positions (and
 * so conference members and companies); the conference calendar (10 000 conferences) does not
 * depend on it, since a chamber's meetings do not depend on how many of its members we load.
 *
 * Deterministic: the same seed, scale and `today` give byte-identical rows (created_at/updated_at
 * included). Dates are relative to `today` (Asia/Tokyo): two years of past conferences, six
 * months of upcoming ones.
 *
 * Loads with COPY (copy.ts) inside one transaction, with keys, indexes and foreign keys taken off
 * and rebuilt afterwards (bulk.ts), then ANALYZE. The tables are locked until it commits: run it
 * against a database no app is using. What is generated is described in plan.ts (sizes, groups,
 * calendar, answers) and rows.ts (columns); names.ts has the word lists.
 */
import pg from 'pg';
import { restoreKeysAndIndexes, stripKeysAndIndexes } from './bulk.ts';
import { copyFrom } from './copy.ts';
import { type IdBases, LARGE_CCI_CODE, NATIONAL_USERS, Plan, TYPICAL_CCI_CODE, DEFAULT_SEED, JST_MS } from './plan.ts';
import * as R from './rows.ts';

export { DEFAULT_SEED, LARGE_CCI_CODE, NATIONAL_CHAMBERS, NATIONAL_USERS, type NationalUser, TYPICAL_CCI_CODE } from './plan.ts';

/** Tables this seed writes (in load order). */
export const SEEDED_TABLES = [
  'chamber',
  'master_data',
  'conference_template',
  'company',
  'member',
  'position',
  'conference',
  'conference_member',
  'conference_company',
  'users',
] as const;
type Table = (typeof SEEDED_TABLES)[number];
/** Also cleared by `truncate` (they reference the seeded tables). */
const CLEARED_TABLES = ['audit_log', 'export_job'] as const;

export interface SeedNationalOptions {
  /** fraction of the national size (companies, members, positions, conference members); default 1 */
  scale?: number;
  /** clear every Kaigi table first (TRUNCATE … RESTART IDENTITY CASCADE) */
  truncate?: boolean;
  seed?: number;
  /** 'YYYY-MM-DD' (Asia/Tokyo) the dates are relative to; default today */
  today?: string;
  /** progress lines; default console.log */
  log?: (line: string) => void;
}

export interface SeedNationalResult {
  rows: Record<Table, number>;
  /** milliseconds per phase: each table's COPY, 'indexes', 'foreign keys', 'analyze', 'total' */
  timings: Record<string, number>;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------
export async function seedNational(databaseUrl: string, opts: SeedNationalOptions = {}): Promise<SeedNationalResult> {
  const scale = opts.scale ?? 1;
  if (!(scale > 0 && scale <= 1)) throw new Error(`scale must be in (0, 1], got ${scale}`);
  const seed = opts.seed ?? DEFAULT_SEED;
  const today = opts.today ?? todayInTokyo();
  const log = opts.log ?? ((line: string) => console.log(line));
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const rows = {} as Record<Table, number>;

  let frozen: boolean;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kaigi-seed-national' });
  await client.connect();
  client.on('notice', (n) => log(`  notice: ${n.message}`));
  try {
    await client.query('begin');
    await client.query(`set local maintenance_work_mem = '512MB'`);
    await client.query(`set local synchronous_commit = off`);
    await client.query(`set local timezone = 'UTC'`);

    if (opts.truncate) {
      await client.query(`truncate ${[...SEEDED_TABLES, ...CLEARED_TABLES].join(', ')} restart identity cascade`);
      log('truncated the Kaigi tables');
    }
    const { rowCount: existing } = await client.query(`select 1 from chamber where cci_code = any($1::text[])`, [
      [LARGE_CCI_CODE, TYPICAL_CCI_CODE],
    ]);
    if (existing) {
      throw new Error(`national data is already loaded (chamber ${LARGE_CCI_CODE} exists): run with --truncate to reload`);
    }
    const empty = (
      await client.query<{ empty: boolean }>(
        `select ${SEEDED_TABLES.map((t) => `not exists (select 1 from ${t})`).join(' and ')} as empty`,
      )
    ).rows[0]!.empty;

    const stripped = await stripKeysAndIndexes(client, SEEDED_TABLES);
    log(
      `took off ${stripped.keys.length} keys, ${stripped.indexes.length} indexes, ${stripped.foreignKeys.length} foreign keys for the load`,
    );
    // A table truncated in this transaction can be loaded with COPY FREEZE (rows written frozen
    // and all-visible: no VACUUM needed). With no foreign key left, the tables truncate alone.
    if (empty && !opts.truncate) await client.query(`truncate ${SEEDED_TABLES.join(', ')} restart identity`);
    const freeze = (frozen = empty || !!opts.truncate);

    const idBase = async (table: string) =>
      freeze ? 0 : Number((await client.query<{ max: number | null }>(`select max(id) as max from ${table}`)).rows[0]!.max ?? 0);
    const ids: IdBases = {
      company: await idBase('company'),
      member: await idBase('member'),
      position: await idBase('position'),
      conference: await idBase('conference'),
      conference_member: await idBase('conference_member'),
      conference_company: await idBase('conference_company'),
      master_data: await idBase('master_data'),
      conference_template: await idBase('conference_template'),
    };

    const tPlan = performance.now();
    const plan = new Plan(seed, scale, today, ids);
    const large = plan.chambers[0]!;
    const typical = plan.chambers[1]!;
    timings.plan = performance.now() - tPlan;
    log(
      `plan (seed ${seed}, scale ${scale}, today ${today}): ${fmt(plan.chambers.length)} chambers, ${fmt(plan.companies)} companies, ` +
        `${fmt(plan.members.count)} members, ${fmt(plan.conferences)} conferences; ` +
        `${large.cci_code} ${fmt(large.companies)} companies / ${fmt(large.members)} members / ${large.conferences.length} conferences, ` +
        `${typical.cci_code} ${fmt(typical.companies)} / ${fmt(typical.members)} / ${typical.conferences.length} ` +
        `(${(timings.plan / 1000).toFixed(1)} s)`,
    );

    const load = async (table: Table, columns: string, lines: Iterable<string>) => {
      const t = performance.now();
      let n = 0;
      let lastReport = t;
      function* counted(): Generator<string> {
        for (const line of lines) {
          n++;
          if ((n & 0xffff) === 0 && performance.now() - lastReport > 10_000) {
            lastReport = performance.now();
            log(`  ${table}: ${fmt(n)} rows so far (${fmt(Math.round(n / ((lastReport - t) / 1000)))} rows/s)`);
          }
          yield line;
        }
      }
      rows[table] = await copyFrom(client, `copy ${table} (${columns}) from stdin with (freeze ${freeze})`, counted());
      const ms = (timings[table] = performance.now() - t);
      log(
        `${table.padEnd(20)} ${fmt(rows[table]).padStart(11)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s  ${fmt(Math.round(rows[table] / (ms / 1000))).padStart(9)} rows/s`,
      );
    };
    await load('chamber', R.CHAMBER_COLUMNS, R.chamberRows(plan));
    await load('master_data', R.MASTER_DATA_COLUMNS, R.masterDataRows(plan, ids.master_data));
    await load('conference_template', R.TEMPLATE_COLUMNS, R.templateRows(plan));
    await load('company', R.COMPANY_COLUMNS, R.companyRows(plan, ids.company));
    await load('member', R.MEMBER_COLUMNS, R.memberRows(plan, ids));
    await load('position', R.POSITION_COLUMNS, R.positionRows(plan, ids));
    await load('conference', R.CONFERENCE_COLUMNS, R.conferenceRows(plan));
    await load('conference_member', R.CONFERENCE_MEMBER_COLUMNS, R.conferenceMemberRows(plan, ids));
    await load('conference_company', R.CONFERENCE_COMPANY_COLUMNS, R.conferenceCompanyRows(plan, ids));
    await load('users', R.USER_COLUMNS, R.userRows(plan, ids, NATIONAL_USERS));

    // keys and indexes, then foreign keys (validated against the loaded rows)
    const tIndexes = performance.now();
    const perTable = new Map<string, number>();
    let tFk = 0;
    await restoreKeysAndIndexes(client, stripped, (label, ms) => {
      const fk = stripped.foreignKeys.find((f) => f.name === label);
      if (fk) {
        tFk += ms;
        return;
      }
      const table = [...stripped.keys, ...stripped.indexes].find((k) => k.name === label)!.table;
      perTable.set(table, (perTable.get(table) ?? 0) + ms);
      if (ms > 5_000) log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
    });
    timings.indexes = performance.now() - tIndexes - tFk;
    timings['foreign keys'] = tFk;
    const slow = [...perTable].filter(([, ms]) => ms >= 100).map(([t, ms]) => `${t} ${(ms / 1000).toFixed(1)} s`);
    log(
      `keys and indexes ${(timings.indexes / 1000).toFixed(1)} s${slow.length ? ` (${slow.join(', ')})` : ''}, ` +
        `foreign keys ${(tFk / 1000).toFixed(1)} s`,
    );

    // identity sequences continue after the loaded ids
    for (const t of SEEDED_TABLES) {
      if (t === 'chamber' || t === 'users') continue;
      await client.query(
        `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`,
      );
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    await client.end();
    throw err;
  }

  try {
    const t = performance.now();
    // COPY FREEZE left the heaps all-visible; otherwise VACUUM sets the visibility map too
    await client.query(`${frozen ? 'analyze' : 'vacuum (analyze)'} ${SEEDED_TABLES.join(', ')}`);
    timings.analyze = performance.now() - t;
    const { rows: size } = await client.query<{ bytes: string }>(`select pg_database_size(current_database())::text as bytes`);
    const bytes = Number(size[0]!.bytes);
    timings.total = performance.now() - t0;
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    log(
      `vacuum/analyze ${(timings.analyze / 1000).toFixed(1)} s; total ${fmt(total)} rows in ${(timings.total / 60_000).toFixed(1)} min ` +
        `(${fmt(Math.round(total / (timings.total / 1000)))} rows/s overall), database size ${(bytes / 2 ** 30).toFixed(2)} GiB`,
    );
    return { rows, timings, bytes };
  } finally {
    await client.end();
  }
}

function todayInTokyo(): string {
  return new Date(Date.now() + JST_MS).toISOString().slice(0, 10);
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
