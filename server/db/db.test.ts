// @vitest-environment node
/**
 * Integration: embedded PostgreSQL (fresh temp data dir, free port) → migrations → demo seed
 * (twice: idempotent) → ja-x-icu ordering and keyword search → stop leaves no process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import { startEmbeddedPostgres } from '../infra/embedded-postgres.ts';
import { freePort } from '../infra/free-port.ts';
import { runMigrations } from './migrate.ts';
import { createDb, type Db } from './client.ts';
import { seedDemo, type SeedUser } from './seed/demo.ts';
import * as s from './schema.ts';

function postgresProcessesFor(dataDir: string): Promise<number[]> {
  return fs.readdir('/proc').then(async (entries) => {
    const pids: number[] = [];
    for (const e of entries) {
      if (!/^\d+$/.test(e)) continue;
      const cmd = await fs.readFile(`/proc/${e}/cmdline`, 'utf8').catch(() => '');
      const state = await fs.readFile(`/proc/${e}/stat`, 'utf8').catch(() => '');
      const zombie = state.slice(state.lastIndexOf(')') + 2).startsWith('Z');
      if (!zombie && cmd.split('\0').includes(dataDir)) pids.push(Number(e));
    }
    return pids;
  });
}

const USERS: SeedUser[] = [
  { username: 'super-admin@example.com', email: 'super-admin@example.com', userType: 'CCI_ADMIN', displayName: 'デモ 管理者' },
  {
    username: 'company-admin@example.com',
    email: 'company-admin@example.com',
    userType: 'COMPANY_ADMIN',
    companyCode: 'C0001',
    displayName: '山田 太郎',
  },
  {
    username: 'company-new@example.com',
    email: 'company-new@example.com',
    userType: 'COMPANY_ADMIN',
    companyCode: 'C0002',
    displayName: '桜井 美咲',
  },
];

describe('database layer on embedded PostgreSQL', () => {
  let tmp: string;
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let conn: ReturnType<typeof createDb> | undefined;
  let db: Db;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kaigi-db-test-'));
    await fs.chmod(tmp, 0o755); // the server may run as OS user `postgres` (when we are root)
    dataDir = path.join(tmp, 'pgdata');
    pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    await runMigrations(pg.url);
    await runMigrations(pg.url); // second run: nothing pending
    conn = createDb(pg.url);
    db = conn.db;
  }, 60_000);

  afterAll(async () => {
    await conn?.pool.end();
    await pg?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }, 60_000);

  const counts = async () => ({
    chamber: (await db.select({ n: count() }).from(s.chamber))[0]!.n,
    company: (await db.select({ n: count() }).from(s.company))[0]!.n,
    member: (await db.select({ n: count() }).from(s.member))[0]!.n,
    position: (await db.select({ n: count() }).from(s.position))[0]!.n,
    master_data: (await db.select({ n: count() }).from(s.master_data))[0]!.n,
    conference_template: (await db.select({ n: count() }).from(s.conference_template))[0]!.n,
    conference: (await db.select({ n: count() }).from(s.conference))[0]!.n,
    conference_company: (await db.select({ n: count() }).from(s.conference_company))[0]!.n,
    conference_member: (await db.select({ n: count() }).from(s.conference_member))[0]!.n,
    users: (await db.select({ n: count() }).from(s.users))[0]!.n,
  });

  it('seeds the demo chamber once and upserts users on every run', async () => {
    await seedDemo(db, { users: USERS });
    const first = await counts();
    expect(first).toMatchObject({
      chamber: 1,
      company: 20,
      master_data: 7, // 6 cci_position_type + 1 CCI_CONFERENCE_TEMPLATE
      conference_template: 1,
      conference: 4, // 総会 + 懇親会 + 部会 + held 常議員会
      users: 3,
    });
    expect(first.member).toBeGreaterThanOrEqual(20);
    expect(first.position).toBeGreaterThan(first.member);
    expect(first.conference_member).toBeGreaterThan(20);

    await seedDemo(db, {
      users: [{ ...USERS[0]!, displayName: '改名 管理者' }, USERS[1]!, USERS[2]!],
    });
    expect(await counts()).toEqual(first);
    const [admin] = await db.select().from(s.users).where(eq(s.users.username, USERS[0]!.username));
    expect(admin?.display_name).toBe('改名 管理者');
  });

  it('has the demo facts the other layers rely on', async () => {
    const companies = await db.select().from(s.company).where(eq(s.company.cci_code, 'demo'));
    const c1 = companies.find((c) => c.company_code === 'C0001')!;
    const c2 = companies.find((c) => c.company_code === 'C0002')!;
    expect(c1.attributes.email).toBeTruthy();
    expect(c1.attributes.admin_changed_info_flag).toBe('0');
    expect(c2.attributes.email ?? null).toBeNull();
    expect(c2.attributes.admin_changed_info_flag).toBe('1');
    expect(c1.name1).toBe(c1.attributes.name1); // generated column
    expect(c1.search_text).toBe('c0001 株式会社山田製作所 やまだせいさくしょ');

    const [u] = await db.select().from(s.users).where(eq(s.users.username, 'company-admin@example.com'));
    expect(u).toMatchObject({ user_type: 'COMPANY_ADMIN', company_id: c1.id, cci_code: 'demo' });

    const confs = await db.select().from(s.conference).orderBy(asc(s.conference.event_date));
    const now = Date.now();
    const sub = confs.find((c) => c.parent_id !== null)!;
    expect(sub.name).toBe('懇親会');
    expect(confs.find((c) => c.id === sub.parent_id)?.status).toBe('published');
    expect(confs.filter((c) => c.status === 'published' && +c.event_date > now)).toHaveLength(3);
    expect(confs.filter((c) => c.status === 'held' && +c.event_date < now)).toHaveLength(1);

    const types = await db
      .select({ code: s.master_data.master_code, name: s.master_data.name })
      .from(s.master_data)
      .where(eq(s.master_data.master_type_code, 'cci_position_type'))
      .orderBy(asc(s.master_data.sort_order));
    expect(types.map((t) => t.name)).toEqual(['役員', '部会', '支部', '委員会', '女性会', '青年部']);
    const used = await db.selectDistinct({ t: s.position.position_type }).from(s.position);
    expect(used.map((r) => r.t).sort()).toEqual([...s.POSITION_TYPES].sort());
  });

  it('sorts kana in 五十音順 with the ja-x-icu collation', async () => {
    const { rows } = await conn!.pool.query<{ x: string }>(
      `select x from (values ('カキ'), ('あい'), ('がぎ'), ('アオ'), ('かか')) v(x) order by x collate "ja-x-icu"`,
    );
    // byte order would put every hiragana before every katakana
    expect(rows.map((r) => r.x)).toEqual(['あい', 'アオ', 'かか', 'カキ', 'がぎ']);

    const { rows: colls } = await conn!.pool.query<{ table: string; collation: string }>(
      `select c.relname as table, co.collname as collation
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_collation co on co.oid = a.attcollation
        where a.attname = 'name_kana' and c.relname in ('chamber', 'company', 'member') order by 1`,
    );
    expect(colls).toEqual([
      { table: 'chamber', collation: 'ja-x-icu' },
      { table: 'company', collation: 'ja-x-icu' },
      { table: 'member', collation: 'ja-x-icu' },
    ]);

    // the column collation applies without an explicit COLLATE
    await db.insert(s.company).values([
      { cci_code: 'demo', company_code: 'X0001', attributes: { name1: 'あいう', name_kana: 'あいう' } },
      { cci_code: 'demo', company_code: 'X0002', attributes: { name1: 'アオ', name_kana: 'アオ' } },
    ]);
    const sorted = await db
      .select({ kana: s.company.name_kana })
      .from(s.company)
      .where(eq(s.company.cci_code, 'demo'))
      .orderBy(asc(s.company.name_kana))
      .limit(4);
    expect(sorted.map((r) => r.kana)).toEqual(['あいう', 'アオ', 'アオバケンセツ', 'イトウショウジ']);
    await db.delete(s.company).where(sql`${s.company.company_code} like 'X%'`);
  });

  it('finds companies by keyword through the bigram index', async () => {
    const find = async (kw: string) =>
      (
        await db
          .select({ code: s.company.company_code })
          .from(s.company)
          .where(sql`${s.company.cci_code} = 'demo' and ${s.keywordCondition(s.company.search_text, kw)}`)
          .orderBy(asc(s.company.company_code))
      ).map((r) => r.code);
    expect(await find('商事')).toEqual(['C0005', 'C0015']);
    expect(await find('ｼｮｳｼﾞ')).toEqual(['C0005', 'C0015']); // half-width katakana → kana
    expect(await find('いとう　商事')).toEqual(['C0015']); // AND of terms
    expect(await find('Ｃ００１')).toEqual([
      'C0010',
      'C0011',
      'C0012',
      'C0013',
      'C0014',
      'C0015',
      'C0016',
      'C0017',
      'C0018',
      'C0019',
    ]);
    expect(await find('%')).toEqual([]); // LIKE wildcards are literal

    const client = await conn!.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = await client.query(
        `explain select id from company where kaigi_bigrams(search_text) @> kaigi_bigrams($1::text)`,
        ['商事'],
      );
      expect(JSON.stringify(plan.rows)).toContain('company_cci_code_search_bigrams_idx');
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('plans no parallel workers on its connections (pages at many connections, DESIGN.md §9)', async () => {
    const { rows } = await conn!.pool.query('show max_parallel_workers_per_gather');
    expect(rows[0].max_parallel_workers_per_gather).toBe('0');
  });

  it('stop() leaves no postgres process behind', async () => {
    expect((await postgresProcessesFor(dataDir)).length).toBeGreaterThan(0);
    await conn!.pool.end();
    conn = undefined;
    await pg!.stop();
    pg = undefined;
    expect(await postgresProcessesFor(dataDir)).toEqual([]);
  });
});
