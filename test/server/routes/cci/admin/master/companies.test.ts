import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, companyIdOf, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { and, eq } from 'drizzle-orm';
import { company, keywordCondition } from '../../../../../../server/db/schema.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let otherCompanyId: number;
const BASE = '/v1/cci/admin/master/companies';

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  ({ companyId: otherCompanyId } = await ensureOtherChamber(app.pool));
});
afterAll(() => app.close());

describe('GET /v1/cci/admin/master/companies (spec §3 filters, §9 paging)', () => {
  it('pages with the spec defaults and reports the total', async () => {
    const res = await call('GET', BASE, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, page_size: 10 });
    expect(body.meta.total).toBeGreaterThanOrEqual(20);
    expect(body.data).toHaveLength(10);
    expect(body.data.every((c: { cci_code: string }) => c.cci_code === 'demo')).toBe(true);
    const codes = body.data.map((c: { company_code: string }) => c.company_code);
    expect(codes).toEqual([...codes].sort());
  });

  it('filters by company_code (full-width input accepted) and by __startswith', async () => {
    const exact = (await call('GET', `${BASE}?company_code=${encodeURIComponent('Ｃ０００１')}`, DEMO.staff)).json();
    expect(exact.data.map((c: { company_code: string }) => c.company_code)).toEqual(['C0001']);
    const prefix = (await call('GET', `${BASE}?company_code__startswith=C000&page_size=100`, DEMO.staff)).json();
    expect(prefix.meta.total).toBe(9);
  });

  it('matches the keyword regardless of full-/half-width and hiragana/katakana', async () => {
    const first = (await call('GET', `${BASE}?company_code=C0001`, DEMO.admin)).json().data[0];
    const kana: string = first.attributes.name_kana;
    const asHiragana = kana.replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
    for (const keyword of [first.attributes.name1.slice(0, 2), asHiragana.slice(0, 3), 'ｃ０００１']) {
      const res = await call('GET', `${BASE}?keyword=${encodeURIComponent(keyword)}&page_size=100`, DEMO.admin);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.map((c: { id: number }) => c.id),
        keyword,
      ).toContain(first.id);
    }
  });

  it('sorts by kana descending and picks fields', async () => {
    const res = await call('GET', `${BASE}?sort=-name_kana&fields=id,attributes&page_size=5`, DEMO.admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data[0]).sort()).toEqual(['attributes', 'id']);
    const kana: Array<string | undefined> = data.map((c: { attributes: { name_kana?: string } }) => c.attributes.name_kana);
    // companies without a フリガナ come first in descending order (PostgreSQL's NULLS FIRST for DESC);
    // other test files share the chamber, so there may be some
    const missing = kana.filter((k) => k == null).length;
    expect(kana.slice(0, missing).every((k) => k == null)).toBe(true);
    const named = kana.slice(missing) as string[];
    expect(named).toEqual([...named].sort((a, b) => b.localeCompare(a, 'ja')));
  });

  // issue 37: the unfiltered page's statement is built once per sort order and kept
  it('pages every sort order as PostgreSQL orders the chamber, on a second page and after another chamber used it', async () => {
    const orderOf: Record<string, string> = {
      company_code: 'company_code, id',
      '-company_code': 'company_code desc, id',
      name_kana: 'name_kana, id',
      '-name_kana': 'name_kana desc, id',
      '-id': 'id desc',
      joined_on: 'joined_on, id',
      '-updated_at': 'updated_at desc, id',
    };
    for (const [sort, orderBy] of Object.entries(orderOf)) {
      const { rows } = await app.pool.query<{ id: number }>(
        `select id from company where cci_code = 'demo' order by ${orderBy} limit 3 offset 3`,
      );
      await app.companies.list('other', { sort });
      const res = await call('GET', `${BASE}?sort=${sort}&page=2&page_size=3`, DEMO.admin);
      expect(
        res.json().data.map((c: { id: number }) => c.id),
        sort,
      ).toEqual(rows.map((r) => r.id));
    }
    // a keyword of one term, of two, and of a one-character term: each term bound where it belongs
    for (const keyword of ['商事', '株式 会社', 'c 1']) {
      const expected = await app.db
        .select({ id: company.id })
        .from(company)
        .where(and(eq(company.cci_code, 'demo'), keywordCondition(company.search_text, keyword)))
        .orderBy(company.company_code, company.id);
      expect(expected.length, keyword).toBeGreaterThan(0);
      await app.companies.list('other', { keyword });
      const res = await call('GET', `${BASE}?keyword=${encodeURIComponent(keyword)}&page_size=100`, DEMO.admin);
      expect(
        res.json().data.map((c: { id: number }) => c.id),
        keyword,
      ).toEqual(expected.map((r) => r.id));
      expect(res.json().meta.total, keyword).toBe(expected.length);
    }
    // what the kept statements gave the other chamber is its own, whatever other files added to it
    const { rows: others } = await app.pool.query<{ id: number }>(
      `select id from company where cci_code = 'other' order by company_code, id limit 10`,
    );
    const other = await app.companies.list('other', { sort: 'company_code' });
    expect(other.data.map((c) => c.id)).toEqual(others.map((r) => r.id));
    expect(other.data.every((c) => c.cci_code === 'other')).toBe(true);
    const found = await app.companies.list('other', { keyword: 'よその', page_size: 100 });
    expect(found.data.map((c) => c.id)).toContain(otherCompanyId);
    expect(found.data.every((c) => c.cci_code === 'other')).toBe(true);
  });

  it('answers 400 invalid_text for a NUL in the query or the body, never 500', async () => {
    const query = await call('GET', `${BASE}?keyword=a%00b`, DEMO.admin);
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('invalid_text');
    const body = await call('POST', BASE, DEMO.admin, { company_code: 'NUL1', attributes: { name1: 'a\u0000b' } });
    expect(body.statusCode).toBe(400);
  });

  it.each([
    ['an unknown parameter', '?colour=red', 'colour'],
    ['an unknown sort field', '?sort=password', 'sort'],
    ['page_size over 1000', '?page_size=1001', 'page_size'],
    ['a non-numeric page', '?page=abc', 'page'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses another chamber (403), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `${BASE}?cci_code=other`, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('POST, GET and PUT of a company (chamber)', () => {
  const newCompany = {
    company_code: 'Ｔ－１００',
    attributes: {
      name1: 'テスト工業株式会社',
      name_kana: 'テストコウギョウ',
      postal_code: '１２３－４５６７',
      phone: '０３－１２３４－５６７８',
    },
  };

  it('creates with codes and digits normalised, reads it back, and refuses a duplicate code', async () => {
    const res = await call('POST', BASE, DEMO.admin, newCompany);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ company_code: 'T-100', version: 1, cci_code: 'demo' });
    expect(created.attributes).toMatchObject({ postal_code: '123-4567', phone: '03-1234-5678', admin_changed_info_flag: '0' });
    const read = await call('GET', `${BASE}/${created.id}`, DEMO.staff);
    expect(read.json()).toEqual(created);
    const dup = await call('POST', BASE, DEMO.admin, newCompany);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('duplicate_company_code');
  });

  it('validates the body and names each bad field', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      company_code: '',
      attributes: { name1: 'x'.repeat(201), postal_code: '12-34', email: 'not-mail' },
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of [
      'body.company_code',
      'body.attributes.name1',
      'body.attributes.postal_code',
      'body.attributes.email',
      'body.extra',
    ]) {
      expect(
        fields.some((x: string) => x.startsWith(f)),
        f,
      ).toBe(true);
    }
  });

  it('stores フリガナ in カタカナ, the postal code as 123-4567 and 住所 half-width (issue 15 §4)', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      company_code: 'T-415',
      attributes: {
        name1: '表記テスト株式会社',
        name_kana: 'ひょうき　ﾃｽﾄ‐がいしゃ',
        postal_code: '４３００９４４',
        address: '静岡県浜松市中央区田町３１５－２１ ＡＢＣビル',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attributes).toMatchObject({
      name_kana: 'ヒョウキ テストーガイシャ',
      postal_code: '430-0944',
      address: '静岡県浜松市中央区田町315-21 ABCビル',
    });
    const id = res.json().id;
    const updated = await call('PUT', `${BASE}/${id}`, DEMO.admin, {
      version: 1,
      attributes: { name1: '表記テスト株式会社', name_kana: 'ヴぇるでぃ・しょうじ', postal_code: '430ー0944' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().attributes).toMatchObject({ name_kana: 'ヴェルディ・ショウジ', postal_code: '430-0944' });
  });

  it('refuses フリガナ in other scripts and postal codes that are not 7 digits, naming the field in Japanese', async () => {
    // the company of the test above: no other test reads it
    const id = await companyIdOf(app.pool, 'T-415');
    const { version, attributes } = (await call('GET', `${BASE}/${id}`, DEMO.admin)).json();
    for (const [field, value] of [
      ['name_kana', '表記テスト'],
      ['name_kana', 'ABC ショウジ'],
      ['name_kana', 'ショウジ2'],
      ['postal_code', '430-094'],
      ['postal_code', '43009445'],
      ['postal_code', 'abc-defg'],
      ['phone', 'TEL 03-1234-5678'],
    ]) {
      const res = await call('PUT', `${BASE}/${id}`, DEMO.admin, {
        version,
        attributes: { name1: attributes.name1, [field]: value },
      });
      expect(res.statusCode, value).toBe(400);
      // the postal code is also '' or nothing (an anyOf): its other branch adds errors on the same field
      expect(new Set(res.json().errors.map((e: { field: string }) => e.field)), value).toEqual(
        new Set([`body.attributes.${field}`]),
      );
      expect(res.json().errors, value).toContainEqual({
        field: `body.attributes.${field}`,
        code: 'pattern',
        message: expect.stringMatching(
          { name_kana: /^フリガナはカタカナで/, postal_code: /^郵便番号は7桁の数字で/, phone: /053\(433\)2681/ }[field]!,
        ),
      });
    }
    // as offices write them (issue 33): one stored form, the same as the import's
    const written = await call('PUT', `${BASE}/${id}`, DEMO.admin, {
      version,
      attributes: { name1: attributes.name1, phone: '０５３（４３３）２６８１' },
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().attributes.phone).toBe('053-433-2681');
  });

  it('updates with the current version (flag set to 1), and answers a stale version with 409 and the current one', async () => {
    const id = await companyIdOf(app.pool, 'C0003');
    const before = (await call('GET', `${BASE}/${id}`, DEMO.admin)).json();
    const ok = await call('PUT', `${BASE}/${id}`, DEMO.admin, {
      version: before.version,
      attributes: { ...before.attributes, admin_changed_info_flag: undefined, name1: '更新後の名称' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      version: before.version + 1,
      attributes: { name1: '更新後の名称', admin_changed_info_flag: '1' },
    });
    const stale = await call('PUT', `${BASE}/${id}`, DEMO.admin, {
      version: before.version,
      attributes: { name1: '古い版からの更新' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: before.version + 1 });
    // the members' copy of the company name follows: a keyword finds them by the new name
    const members = await call('GET', `/v1/cci/admin/master/members?keyword=${encodeURIComponent('更新後の名称')}`, DEMO.admin);
    expect(members.json().data.length).toBeGreaterThan(0);
    expect(members.json().data.every((m: { company_id: number }) => m.company_id === id)).toBe(true);
  });

  it('two PUTs with the same version: one 200 and one 409', async () => {
    const id = await companyIdOf(app.pool, 'C0004');
    const { version, attributes } = (await call('GET', `${BASE}/${id}`, DEMO.admin)).json();
    const body = (name1: string) => ({ version, attributes: { name1, name_kana: attributes.name_kana } });
    const results = await Promise.all([
      call('PUT', `${BASE}/${id}`, DEMO.admin, body('同時A')),
      call('PUT', `${BASE}/${id}`, DEMO.admin, body('同時B')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('writes the audit log for every change', async () => {
    const id = await companyIdOf(app.pool, 'C0003');
    const { rows } = await app.pool.query(
      "select action, before, after from audit_log where entity = 'company' and entity_id = $1",
      [String(id)],
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows[0].after.attributes.name1).toBe('更新後の名称');
  });

  it('refuses writes by CCI_CONFERENCE_USER (403) and hides other chambers (404)', async () => {
    expect((await call('POST', BASE, DEMO.staff, newCompany)).statusCode).toBe(403);
    const id = await companyIdOf(app.pool, 'C0005');
    expect((await call('PUT', `${BASE}/${id}`, DEMO.staff, { version: 1, attributes: { name1: 'x' } })).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${otherCompanyId}`, DEMO.admin)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${BASE}/${otherCompanyId}`, DEMO.admin, { version: 1, attributes: { name1: 'x' } })).statusCode,
    ).toBe(404);
    expect((await call('GET', `${BASE}/${id}`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${id}`, null)).statusCode).toBe(401);
  });
});
