// @vitest-environment node
/**
 * Migration 0008 (issue 15 §4, issue 18 §7; docs/decisions/0012-code-folding.md) on a database of
 * its own that already holds what the old rules let in: `w239329` beside `W239329` and
 * `Ｗ２３９３２９`, lower-case template codes beside upper-case ones, search texts with 髙橋. The
 * migration must not fail; it folds the codes, renames the later duplicates, says so in audit_log,
 * and folds the 異体字 of search_text exactly as the app's normalizeSearchText now does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';
import { buildSearchText } from './normalize.ts';
import { SEARCH_VARIANTS_FROM } from '../../access/itaiji.ts';
import { testStack } from '../../test/helpers/stack.ts';

const CCI = 'mig';
const LONG = 'abcdefghijklmnopqrst'; // 20 characters, the longest company code
const fullWidth = (s: string) => String.fromCharCode(...[...s].map((c) => c.charCodeAt(0) + 0xfee0));

describe('migration 0008: codes folded, duplicates renamed, 異体字 folded in search_text', () => {
  const serverUrl = testStack().databaseUrl;
  const dbName = `kaigi_code_folding_${process.pid}_${Date.now()}`;
  const url = (() => {
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let client: pg.Client;
  let tmp: string;
  const ids: Record<string, number> = {};

  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  const q = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await client.query<T>(text, values)).rows;

  /** The migrations before 0008, as a database made before this change has them. */
  async function migrateTo0007() {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kaigi-mig-'));
    await fs.cp(MIGRATIONS_FOLDER, tmp, { recursive: true });
    const journalFile = path.join(tmp, 'meta', '_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
    journal.entries = journal.entries.filter((e) => e.idx <= 7);
    await fs.writeFile(journalFile, JSON.stringify(journal));
    await migrate(drizzle(client), { migrationsFolder: tmp });
  }

  async function company(key: string, code: string, name: string, searchText: string) {
    const [row] = await q<{ id: number }>(
      `insert into company (cci_code, company_code, attributes, search_text) values ($1, $2, $3, $4) returning id`,
      [CCI, code, { name1: name }, searchText],
    );
    ids[key] = row!.id;
    const [m] = await q<{ id: number }>(
      `insert into member (cci_code, company_id, company_code, name, search_text) values ($1, $2, $3, '山田 太郎', $4) returning id`,
      [CCI, row!.id, code, `山田 太郎 ${code.normalize('NFKC').toLowerCase()} ${name}`],
    );
    ids[`${key}.member`] = m!.id;
  }

  async function template(key: string, code: string) {
    const [row] = await q<{ id: number }>(
      `insert into conference_template (cci_code, conference_template_code, name) values ($1, $2, $2) returning id`,
      [CCI, code],
    );
    ids[key] = row!.id;
    await q(
      `insert into master_data (cci_code, master_type_code, master_code, name, attributes)
       values ($1, 'CCI_CONFERENCE_TEMPLATE', $2, $2, $3)`,
      [CCI, code, { conference_template_id: row!.id }],
    );
  }

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await migrateTo0007();
    await q(`insert into chamber (cci_code, name) values ($1, 'マイグレーション商工会議所')`, [CCI]);
    // the oldest is lower-case: the upper-case one, already folded, keeps the code
    await company('lower', 'w239329', '株式会社髙橋商事', 'w239329 株式会社髙橋商事');
    await company('upper', 'W239329', '渡邉建設', 'w239329 渡邉\u{E0104}建設');
    await company('wide', 'Ｗ２３９３２９', '山﨑工業', 'w239329 山﨑工業');
    await company('taken', 'W239329-2', '先客', 'w239329-2 先客');
    await company('long1', LONG, '長い', `${LONG} 長い`);
    await company('long2', fullWidth(LONG.toUpperCase()), '長い2', `${LONG} 長い2`);
    await company('alone', 'c0001', '単独', 'c0001 単独');
    // every variant of the table, stored as the old normalisation left it (NFKC kept them all)
    await company('variants', 'V1', SEARCH_VARIANTS_FROM, `v1 ${SEARCH_VARIANTS_FROM}`);
    await template('tplLower', 'wk11_temp');
    await template('tplUpper', 'WK11_TEMP');
    await template('tplAlone', 'seminar');
    await client.end();
    await runMigrations(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await admin(`drop database if exists ${dbName} with (force)`);
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }, 60_000);

  const codeOf = async (id: number) =>
    (await q<{ company_code: string; version: number }>(`select company_code, version from company where id = $1`, [id]))[0];

  it('keeps the code on the row already folded, renames the others to the first free -N', async () => {
    expect(await codeOf(ids.upper!)).toEqual({ company_code: 'W239329', version: 1 });
    expect(await codeOf(ids.taken!)).toEqual({ company_code: 'W239329-2', version: 1 });
    expect(await codeOf(ids.lower!)).toEqual({ company_code: 'W239329-3', version: 2 });
    expect(await codeOf(ids.wide!)).toEqual({ company_code: 'W239329-4', version: 2 });
    // the oldest keeps the code when none is folded yet; the suffix stays within 20 characters
    expect(await codeOf(ids.long1!)).toEqual({ company_code: LONG.toUpperCase(), version: 2 });
    expect(await codeOf(ids.long2!)).toMatchObject({ company_code: 'ABCDEFGHIJKLMNOPQR-2' });
    expect(await codeOf(ids.alone!)).toEqual({ company_code: 'C0001', version: 2 });
  });

  it('copies the new code to the members and keeps the rows findable by it', async () => {
    const rows = await q<{ company_code: string; search_text: string }>(
      `select company_code, search_text from member where id = any($1) order by id`,
      [[ids['lower.member'], ids['alone.member']]],
    );
    expect(rows.map((r) => r.company_code)).toEqual(['W239329-3', 'C0001']);
    expect(rows[0]!.search_text).toContain('w239329-3');
    const [renamed] = await q<{ search_text: string }>(`select search_text from company where id = $1`, [ids.lower]);
    expect(renamed!.search_text).toContain('w239329-3');
  });

  it('writes every change to audit_log for the chamber to review', async () => {
    const rows = await q<{ entity: string; entity_id: string; before: unknown; after: unknown }>(
      `select entity, entity_id, before, after from audit_log where actor = 'migration 0008_code_folding' order by id`,
    );
    expect(rows).toContainEqual({
      entity: 'company',
      entity_id: String(ids.lower),
      before: { company_code: 'w239329' },
      after: { company_code: 'W239329-3' },
    });
    expect(rows).toContainEqual({
      entity: 'conference_template',
      entity_id: String(ids.tplLower),
      before: { conference_template_code: 'wk11_temp' },
      after: { conference_template_code: 'WK11_TEMP-2' },
    });
    expect(rows.filter((r) => r.entity === 'company')).toHaveLength(5);
  });

  it('folds template codes alike and renames their master_data rows with them', async () => {
    const templates = await q<{ id: number; conference_template_code: string }>(
      `select id, conference_template_code from conference_template where cci_code = $1 order by id`,
      [CCI],
    );
    expect(templates.map((t) => t.conference_template_code)).toEqual(['WK11_TEMP-2', 'WK11_TEMP', 'SEMINAR']);
    const masters = await q<{ master_code: string; template: number }>(
      `select master_code, (attributes->>'conference_template_id')::int as template
         from master_data where cci_code = $1 and master_type_code = 'CCI_CONFERENCE_TEMPLATE' order by template`,
      [CCI],
    );
    expect(masters).toEqual(templates.map((t) => ({ master_code: t.conference_template_code, template: t.id })));
  });

  it('refuses a second code that folds alike, whoever writes it', async () => {
    await expect(q(`insert into company (cci_code, company_code) values ($1, 'c0001')`, [CCI])).rejects.toMatchObject({
      code: '23505',
      constraint: 'company_cci_code_folded_code_key',
    });
    await expect(
      q(`insert into conference_template (cci_code, conference_template_code, name) values ($1, 'Seminar', 'x')`, [CCI]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'conference_template_cci_code_folded_code_key' });
  });

  it('folds the 異体字 of stored search texts as normalizeSearchText does now', async () => {
    const texts = await q<{ id: number; search_text: string }>(`select id, search_text from company where id = any($1)`, [
      [ids.lower, ids.upper, ids.wide, ids.variants],
    ]);
    const byId = new Map(texts.map((t) => [t.id, t.search_text]));
    expect(byId.get(ids.variants!)).toBe(buildSearchText('V1', SEARCH_VARIANTS_FROM));
    expect(byId.get(ids.lower!)).toBe('w239329 株式会社高橋商事 w239329-3');
    expect(byId.get(ids.upper!)).toBe('w239329 渡辺建設');
    expect(byId.get(ids.wide!)).toBe('w239329 山崎工業 w239329-4');
    const [member] = await q<{ search_text: string }>(`select search_text from member where id = $1`, [ids['upper.member']]);
    expect(member!.search_text).toBe('山田 太郎 w239329 渡辺建設');
  });
});
