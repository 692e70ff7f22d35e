// @vitest-environment node
/**
 * Integration: the national-scale seed (scripts/seed-national.ts) at --scale=0.001 on a database
 * of its own (created on the run's PostgreSQL server, dropped afterwards): planned counts,
 * consistency between the tables, keys/indexes/foreign keys restored exactly as the migrations
 * made them, byte-identical rows for the same seed, and the app's keyword condition finding rows
 * through the rebuilt bigram index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, count, eq, sql } from 'drizzle-orm';
import { runMigrations } from './migrate.ts';
import { createDb } from './client.ts';
import * as s from './schema.ts';
import {
  LARGE_CCI_CODE,
  NATIONAL_CHAMBERS,
  NATIONAL_USERS,
  SEEDED_TABLES,
  seedNational,
  type SeedNationalResult,
  TYPICAL_CCI_CODE,
} from '../../scripts/seed/national.ts';
import { DEFAULT_SEED, Plan } from '../../scripts/seed/plan.ts';
import { companyRows, conferenceMemberRows } from '../../scripts/seed/rows.ts';
import { testStack } from '../../test/helpers/stack.ts';

const SCALE = 0.001;
const TODAY = '2026-04-01';

describe('national seed (scale 0.001)', () => {
  const serverUrl = testStack().databaseUrl;
  const dbName = `kaigi_seed_national_${process.pid}_${Date.now()}`;
  const url = (() => {
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let conn: ReturnType<typeof createDb>;
  let schemaBefore: unknown;
  let first: SeedNationalResult;
  const log: string[] = [];

  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const q = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    (await conn.pool.query<T>(text, values)).rows;

  /** Index and constraint definitions of the public schema, with their validation state. */
  const schemaSnapshot = async () => ({
    indexes: await q(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`),
    constraints: await q(
      `select conrelid::regclass::text as table, conname, contype, convalidated, pg_get_constraintdef(oid) as def
         from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
  });

  /** md5 over every row (all columns, created_at included) of each seeded table, in key order. */
  const checksums = async () => {
    const out: Record<string, string> = {};
    for (const t of SEEDED_TABLES) {
      const key = t === 'chamber' ? 'cci_code' : t === 'users' ? 'username' : 'id';
      const [row] = await q<{ md5: string }>(`select md5(string_agg(t::text, E'\\n' order by t.${key})) as md5 from ${t} t`);
      out[t] = row!.md5;
    }
    return out;
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    await runMigrations(url);
    conn = createDb(url, { max: 2 });
    schemaBefore = await schemaSnapshot();
    first = await seedNational(url, { scale: SCALE, today: TODAY, truncate: true, log: (l) => log.push(l) });
  }, 60_000);

  afterAll(async () => {
    await conn?.pool.end();
    await admin(`drop database if exists ${dbName} with (force)`);
  }, 60_000);

  it('loads the planned rows and reports them', async () => {
    const counted: Record<string, number> = {};
    for (const t of SEEDED_TABLES) counted[t] = Number((await q<{ n: string }>(`select count(*) as n from ${t}`))[0]!.n);
    expect(counted).toEqual(first.rows);
    expect(counted).toMatchObject({ chamber: NATIONAL_CHAMBERS, conference: 10_000, users: NATIONAL_USERS.length });
    // 1.2 M × 0.001, at least one company per chamber
    expect(counted.company).toBeGreaterThanOrEqual(1_200);
    expect(counted.company).toBeLessThan(1_500);
    // ~5 M × 0.001 conference members (plus each chamber's first member)
    expect(counted.conference_member).toBeGreaterThan(4_000);
    expect(counted.conference_member).toBeLessThan(15_000);
    expect(counted.position).toBeGreaterThan(counted.member!);

    const perChamber = await q<{ cci_code: string; n: string }>(
      `select cci_code, count(*) as n from company where cci_code = any($1) group by 1 order by 1`,
      [[LARGE_CCI_CODE, TYPICAL_CCI_CODE]],
    );
    expect(perChamber).toEqual([
      { cci_code: LARGE_CCI_CODE, n: '80' },
      { cci_code: TYPICAL_CCI_CODE, n: '2' },
    ]);
    expect(log.some((l) => /^conference_member\s+[\d,]+ rows/.test(l))).toBe(true);
  });

  it('restores keys, indexes and validated foreign keys exactly as the migrations made them', async () => {
    expect(await schemaSnapshot()).toEqual(schemaBefore);
    // identity sequences continue after the loaded ids
    const [{ max }] = (await q<{ max: number }>(`select max(id) as max from company`)) as [{ max: number }];
    const [inserted] = await conn.db
      .insert(s.company)
      .values({ cci_code: TYPICAL_CCI_CODE, company_code: 'X0001', attributes: { name1: '追加' } })
      .returning({ id: s.company.id });
    expect(inserted!.id).toBe(max + 1);
    await conn.db.delete(s.company).where(eq(s.company.id, inserted!.id));
  });

  it('keeps the tables consistent with each other', async () => {
    const [r] = await q<Record<string, string>>(`
      select
        (select count(*) from conference_member cm join member m on m.id = cm.member_id join conference c on c.id = cm.conference_id
          where cm.company_id <> m.company_id or cm.cci_code <> m.cci_code or cm.cci_code <> c.cci_code) as member_mismatch,
        (select count(*) from (select distinct conference_id, company_id from conference_member) x) as invited_pairs,
        (select count(*) from conference_company) as conference_companies,
        (select count(*) from conference_company cc where not exists (
          select 1 from conference_member cm where cm.conference_id = cc.conference_id and cm.company_id = cc.company_id)) as orphan_companies,
        (select count(*) from conference_company cc where answer_content is distinct from (
          select case when count(cm.answer_content) = 0 then null when count(cm.answer_content) = count(*) then 'answered' else 'partial' end
            from conference_member cm where cm.conference_id = cc.conference_id and cm.company_id = cc.company_id)) as wrong_summary,
        (select count(*) from conference c join conference p on p.id = c.parent_id where p.cci_code <> c.cci_code) as foreign_parent,
        (select count(*) from member m join company c on c.id = m.company_id where m.company_code <> c.company_code or m.cci_code <> c.cci_code) as member_company,
        (select count(*) from conference_member cm join conference c on c.id = cm.conference_id where c.status = 'draft' and cm.answer_content is not null) as draft_answers,
        (select count(*) from conference_member cm join conference c on c.id = cm.conference_id where cm.answer_content = 'delegate' and not c.allow_delegate) as bad_delegate
    `);
    expect(r).toEqual({
      member_mismatch: '0',
      invited_pairs: r!.conference_companies,
      conference_companies: r!.conference_companies,
      orphan_companies: '0',
      wrong_summary: '0',
      foreign_parent: '0',
      member_company: '0',
      draft_answers: '0',
      bad_delegate: '0',
    });
    const statuses = await q<{ status: string }>(`select distinct status from conference order by 1`);
    expect(statuses.map((x) => x.status)).toEqual(['cancelled', 'closed', 'draft', 'held', 'published']);
  });

  it('writes the benchmark users, company admins on C000001 of their chamber', async () => {
    const rows = await q<{
      username: string;
      cci_code: string;
      user_type: string;
      company_code: string | null;
      email: string | null;
      flag: string | null;
    }>(
      `select u.username, u.cci_code, u.user_type, c.company_code, c.attributes->>'email' as email,
              c.attributes->>'admin_changed_info_flag' as flag
         from users u left join company c on c.id = u.company_id and c.cci_code = u.cci_code order by u.username`,
    );
    expect(rows.map((r) => [r.username, r.cci_code, r.user_type, r.company_code])).toEqual(
      [...NATIONAL_USERS]
        .sort((a, b) => a.username.localeCompare(b.username))
        .map((u) => [u.username, u.cci_code, u.user_type, u.company_code ?? null]),
    );
    for (const r of rows.filter((x) => x.user_type === 'COMPANY_ADMIN')) {
      expect(r.email).toMatch(/@/);
      expect(r.flag).toBe('0');
      const [{ n }] = (await q<{ n: string }>(
        `select count(*) as n from conference_company cc join company c on c.id = cc.company_id where c.cci_code = $1 and c.company_code = 'C000001'`,
        [r.cci_code],
      )) as [{ n: string }];
      expect(Number(n)).toBeGreaterThan(0);
    }
  });

  it('finds companies and members with the app keyword condition (bigram index rebuilt)', async () => {
    const companies = (keyword: string) =>
      conn.db
        .select({ n: count() })
        .from(s.company)
        .where(and(eq(s.company.cci_code, LARGE_CCI_CODE), s.keywordCondition(s.company.search_text, keyword)))
        .then((r) => r[0]!.n);
    const allCompanies = async () => {
      const rows = await q<{ name1: string }>(`select name1 from company where cci_code = $1`, [LARGE_CCI_CODE]);
      return rows.map((r) => r.name1);
    };
    // business words cycle through a weighted list: look for the commonest one present
    const names = await allCompanies();
    const word = ['商事', '建設', '工業', '商店'].find((w) => names.some((n) => n.includes(w)))!;
    const expected = names.filter((n) => n.includes(word)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await companies(word)).toBe(expected);
    // kana of a stored name (katakana stored, hiragana searched: both normalise the same)
    const [sample] = await q<{ name_kana: string; company_code: string }>(
      `select name_kana, company_code from company where cci_code = $1 order by id limit 1`,
      [LARGE_CCI_CODE],
    );
    expect(await companies(sample!.name_kana)).toBeGreaterThan(0);
    expect(await companies(sample!.company_code.toLowerCase())).toBe(1);

    const [m] = await q<{ name: string; name_kana: string }>(
      `select name, name_kana from member where cci_code = $1 order by id limit 1`,
      [LARGE_CCI_CODE],
    );
    const [surname] = m!.name.split(' ');
    const members = await conn.db
      .select({ name: s.member.name })
      .from(s.member)
      .where(
        and(
          eq(s.member.cci_code, LARGE_CCI_CODE),
          s.keywordCondition(s.member.search_text, `${surname} ${m!.name_kana.split(' ')[1]}`),
        ),
      );
    expect(members.map((x) => x.name)).toContain(m!.name);

    const client = await conn.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = await client.query(
        `explain select id from company where cci_code = $2 and kaigi_bigrams(search_text) @> kaigi_bigrams($1::text)`,
        [word, LARGE_CCI_CODE],
      );
      // one GIN index holds the chamber and the bigrams (migration 0003): only the chamber's matches are read
      expect(JSON.stringify(plan.rows)).toMatch(
        /company_cci_code_search_bigrams_idx.*Index Cond: \(\(cci_code = .*kaigi_bigrams/,
      );
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('gives identical rows for the same seed, different rows for another', async () => {
    const before = await checksums();
    await seedNational(url, { scale: SCALE, today: TODAY, truncate: true, log: () => {} });
    expect(await checksums()).toEqual(before);
    // another seed (checked on the generated lines: no third load needed)
    const noIds = {
      company: 0,
      member: 0,
      position: 0,
      conference: 0,
      conference_member: 0,
      conference_company: 0,
      master_data: 0,
      conference_template: 0,
    };
    const lines = (seed: number) => {
      const plan = new Plan(seed, SCALE, TODAY, noIds);
      return [[...companyRows(plan, 0)].join(''), [...conferenceMemberRows(plan, noIds)].join('')];
    };
    const [companies, invitations] = lines(DEFAULT_SEED);
    const [otherCompanies, otherInvitations] = lines(7);
    expect(otherCompanies).not.toBe(companies);
    expect(otherInvitations).not.toBe(invitations);
    expect(lines(DEFAULT_SEED)).toEqual([companies, invitations]);
  });

  it('refuses to load twice without truncate, leaving the data and indexes as they were', async () => {
    const before = await checksums();
    await expect(seedNational(url, { scale: SCALE, today: TODAY, log: () => {} })).rejects.toThrow(/already loaded.*--truncate/);
    expect(await checksums()).toEqual(before);
    expect(await schemaSnapshot()).toEqual(schemaBefore);
    const [{ n }] = (await conn.db
      .select({ n: count() })
      .from(s.chamber)
      .where(sql`${s.chamber.cci_code} = ${LARGE_CCI_CODE}`)) as [{ n: number }];
    expect(n).toBe(1);
  });
});
