import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { cognitoAdminClient } from '../../../../../../server/infra/cognito-local.ts';
import { testStack } from '../../../../../helpers/stack.ts';

const stack = testStack();
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let cognito: CognitoIdentityProviderClient;
let c0001: number;
let c0003: number;
let otherMemberId: number;
const BASE = '/v1/cci/admin/master/members';
/** A tag unique to this run, so the file's rows never collide with other files' rows. */
const TAG = randomUUID().slice(0, 6);
const uniqueEmail = (what: string) => `member-${what}-${randomUUID().slice(0, 8)}@example.com`;

interface MemberBody {
  id: number;
  version: number;
  company_code: string;
  name: string;
  [key: string]: unknown;
}

async function createMember(body: Record<string, unknown>): Promise<MemberBody> {
  const res = await call('POST', BASE, DEMO.admin, { company_id: c0003, name: `試験 ${TAG}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  cognito = cognitoAdminClient(stack.cognitoEndpoint);
  c0001 = await companyIdOf(app.pool, 'C0001');
  c0003 = await companyIdOf(app.pool, 'C0003');
  const { companyId } = await ensureOtherChamber(app.pool);
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into member (cci_code, company_id, company_code, name, email) values ($1, $2, 'X0001', 'よその 会員', $3) returning id`,
    [OTHER_CCI, companyId, uniqueEmail('other')],
  );
  otherMemberId = rows[0].id;
});
afterAll(async () => {
  cognito.destroy();
  await app.close();
});

describe('GET /v1/cci/admin/master/members', () => {
  it('pages with the spec defaults (§9), only the own chamber, ordered by company code', async () => {
    const res = await call('GET', BASE, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, page_size: 10 });
    expect(body.meta.total).toBeGreaterThanOrEqual(30);
    expect(body.data).toHaveLength(10);
    expect(body.data.every((m: { cci_code: string }) => m.cci_code === 'demo')).toBe(true);
    const codes = body.data.map((m: { company_code: string }) => m.company_code);
    expect(codes).toEqual([...codes].sort());
  });

  it('filters by company_id and company_code (full-width typed), and adds the company name with expand=company', async () => {
    const byId = (await call('GET', `${BASE}?company_id=${c0001}&expand=company`, DEMO.staff)).json();
    expect(byId.data.map((m: { name: string }) => m.name).sort()).toEqual(['山田 太郎', '山田 花子']);
    expect(byId.data[0].company).toEqual({ id: c0001, company_code: 'C0001', name1: '株式会社山田製作所' });
    const byCode = (await call('GET', `${BASE}?company_code=${encodeURIComponent('Ｃ０００１')}`, DEMO.staff)).json();
    expect(byCode.meta.total).toBe(2);
    expect(byCode.data[0].company).toBeUndefined();
  });

  it('matches the keyword on name, kana (hiragana or katakana) and company, whatever the width', async () => {
    for (const keyword of ['山田 太郎', 'やまだ たろう', 'ﾔﾏﾀﾞ', 'ｃ０００１', '山田製作所']) {
      const res = await call('GET', `${BASE}?keyword=${encodeURIComponent(keyword)}&page_size=100`, DEMO.admin);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.map((m: { name: string }) => m.name),
        keyword,
      ).toContain('山田 太郎');
    }
  });

  it('filters by active_on (open ends count as open) and by period ranges', async () => {
    const past = await createMember({ name: `過去 ${TAG}`, start_at: '2010-04-01', end_at: '2012-03-31' });
    const open = await createMember({ name: `継続 ${TAG}`, start_at: '2011-04-01' });
    const query = (q: string) => call('GET', `${BASE}?keyword=${TAG}&page_size=100&${q}`, DEMO.admin);
    const ids = async (q: string) => (await query(q)).json().data.map((m: { id: number }) => m.id);
    expect(await ids('active_on=2011-06-01')).toEqual(expect.arrayContaining([past.id, open.id]));
    expect(await ids('active_on=2013-01-01')).toEqual(expect.arrayContaining([open.id]));
    expect(await ids('active_on=2013-01-01')).not.toContain(past.id);
    expect(await ids('active_on=2009-01-01')).not.toContain(past.id);
    expect(await ids('end_at__lte=2012-12-31')).toEqual([past.id]);
  });

  it('sorts by kana descending and picks fields', async () => {
    const res = await call(
      'GET',
      `${BASE}?sort=-name_kana&fields=id,name_kana&page_size=5&company_code__in=C0005,C0008,C0015`,
      DEMO.admin,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data[0]).sort()).toEqual(['id', 'name_kana']);
    const kana = data.map((m: { name_kana: string }) => m.name_kana);
    expect(kana).toEqual([...kana].sort((a, b) => b.localeCompare(a, 'ja')));
  });

  it.each([
    ['an unknown parameter', '?colour=red', 'colour'],
    ['an unknown sort field', '?sort=email', 'sort'],
    ['an unknown expansion', '?expand=positions', 'expand'],
    ['a malformed active_on', '?active_on=2024-13-01', 'active_on'],
    ['a year PostgreSQL refuses', '?active_on=0000-01-01', 'active_on'],
    ['a year PostgreSQL refuses in a range', '?start_at__gte=0000-01-01', 'start_at__gte'],
    ['a non-numeric company_id', '?company_id=abc', 'company_id'],
    ['page_size over 1000', '?page_size=1001', 'page_size'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses another chamber (403), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `${BASE}?cci_code=${OTHER_CCI}`, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('POST, GET and PUT of a member', () => {
  it('creates with the company code taken from the company, reads it back with and without expand', async () => {
    const created = await createMember({
      name: `新規 ${TAG}`,
      name_kana: 'シンキ',
      title: '取締役',
      email: `ＮＥＷ-${TAG}＠Example.com`,
      start_at: '2024-04-01',
    });
    expect(created).toMatchObject({
      cci_code: 'demo',
      company_code: 'C0003',
      email: `new-${TAG}@example.com`,
      end_at: null,
      version: 1,
    });
    const read = await call('GET', `${BASE}/${created.id}`, DEMO.staff);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    const expanded = (await call('GET', `${BASE}/${created.id}?expand=company`, DEMO.staff)).json();
    expect(expanded.company).toMatchObject({ id: c0003, company_code: 'C0003', name1: expect.any(String) });
    const found = (await call('GET', `${BASE}?keyword=${encodeURIComponent('しんき')}`, DEMO.staff)).json();
    expect(found.data.map((m: { id: number }) => m.id)).toContain(created.id);
  });

  it('validates the body and names each bad field', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      company_id: 'x',
      name: ' ',
      email: 'not-mail',
      start_at: '2024-02-30',
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of ['body.company_id', 'body.name', 'body.email', 'body.start_at', 'body.extra']) {
      expect(
        fields.some((x: string) => x.startsWith(f)),
        f,
      ).toBe(true);
    }
    const tooLong = await call('POST', BASE, DEMO.admin, { company_id: c0003, name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('stores フリガナ typed in ひらがな or 半角カナ as カタカナ, and refuses kanji naming the field (issue 15 §4)', async () => {
    const created = await createMember({ name: `表記 ${TAG}`, name_kana: ' やまだ　ﾀﾛｳ ' });
    expect(created.name_kana).toBe('ヤマダ タロウ');
    const updated = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: 1, name_kana: 'すずき いちろー' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().name_kana).toBe('スズキ イチロー');
    for (const [method, url, body] of [
      ['POST', BASE, { company_id: c0003, name: `表記 ${TAG}`, name_kana: '山田 たろう' }],
      ['PUT', `${BASE}/${created.id}`, { version: 2, name_kana: 'Yamada Taro' }],
    ] as const) {
      const res = await call(method, url, DEMO.admin, body);
      expect(res.statusCode, url).toBe(400);
      // name_kana may also be null (an anyOf): that branch adds errors on the same field
      expect(res.json().errors.every((e: { field: string }) => e.field === 'body.name_kana')).toBe(true);
      expect(res.json().errors).toContainEqual({
        field: 'body.name_kana',
        code: 'pattern',
        message: expect.stringMatching(/^フリガナはカタカナで/),
      });
    }
    expect((await call('GET', `${BASE}/${created.id}`, DEMO.admin)).json().name_kana).toBe('スズキ イチロー');
  });

  it('refuses an end before the start (400 body.end_at) and a company of another chamber (400 company_not_found)', async () => {
    const period = await call('POST', BASE, DEMO.admin, {
      company_id: c0003,
      name: '期間',
      start_at: '2024-04-01',
      end_at: '2024-03-31',
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().errors[0]).toMatchObject({ field: 'body.end_at', code: 'period' });
    const { companyId } = await ensureOtherChamber(app.pool);
    const foreign = await call('POST', BASE, DEMO.admin, { company_id: companyId, name: 'よそ' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'company_not_found', errors: [{ field: 'body.company_id' }] });
  });

  it('updates partially (null or an emptied field clears), moves to another company, and answers a stale version with 409', async () => {
    const created = await createMember({ name: `更新 ${TAG}`, name_kana: 'コウシン', title: '部長', email: uniqueEmail('upd') });
    const ok = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, {
      version: created.version,
      company_id: c0001,
      title: null,
      name_kana: '',
      end_at: '2030-03-31',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      version: created.version + 1,
      company_id: c0001,
      company_code: 'C0001',
      name: `更新 ${TAG}`,
      title: null,
      name_kana: null,
      email: created.email,
      end_at: '2030-03-31',
    });
    const stale = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: created.version, name: '古い版' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: created.version + 1 });
    const backwards = await call('PUT', `${BASE}/${created.id}`, DEMO.admin, {
      version: created.version + 1,
      start_at: '2031-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].field).toBe('body.end_at');
  });

  it('two PUTs with the same version: one 200 and one 409', async () => {
    const created = await createMember({ name: `同時 ${TAG}` });
    const results = await Promise.all(
      ['A', 'B'].map((x) => call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: created.version, title: x })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('writes the audit log with before and after', async () => {
    const created = await createMember({ name: `監査 ${TAG}` });
    await call('PUT', `${BASE}/${created.id}`, DEMO.admin, { version: 1, title: '監査後' });
    const { rows } = await app.pool.query(
      "select action, actor, before, after from audit_log where entity = 'member' and entity_id = $1 order by id",
      [String(created.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]).toMatchObject({ before: { title: null }, after: { title: '監査後', version: 2 } });
  });

  it('refuses writes by CCI_CONFERENCE_USER and company admins (403), hides other chambers (404), needs a token (401)', async () => {
    const body = { company_id: c0003, name: '権限' };
    expect((await call('POST', BASE, DEMO.staff, body)).statusCode).toBe(403);
    expect((await call('POST', BASE, DEMO.companyAdmin, body)).statusCode).toBe(403);
    expect((await call('POST', BASE, null, body)).statusCode).toBe(401);
    const own = await createMember({ name: `権限 ${TAG}` });
    expect((await call('PUT', `${BASE}/${own.id}`, DEMO.staff, { version: 1, name: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${own.id}`, null, { version: 1, name: 'x' })).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/${own.id}`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${own.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/${otherMemberId}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/${otherMemberId}`, DEMO.admin, { version: 1, name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/abc`, DEMO.admin)).statusCode).toBe(400);
  });
});

describe('POST /v1/cci/admin/master/members/{id}/user', () => {
  const userUrl = (id: number) => `${BASE}/${id}/user`;

  it('creates the COMPANY_ADMIN in Cognito and the users row; the temporary password must be replaced', async () => {
    const email = uniqueEmail('login');
    const m = await createMember({ name: `ログイン ${TAG}`, email });
    const res = await call('POST', userUrl(m.id), DEMO.admin);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email, user_type: 'COMPANY_ADMIN', company_id: c0003 });
    expect(body.temporary_password).toEqual(expect.any(String));

    const { rows } = await app.pool.query('select * from users where username = $1', [body.username]);
    expect(rows[0]).toMatchObject({
      cci_code: 'demo',
      user_type: 'COMPANY_ADMIN',
      company_id: c0003,
      email,
      display_name: `ログイン ${TAG}`,
      enabled: true,
    });
    const cognitoUser = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.clientConfig.cognito.userPoolId, Username: body.username }),
    );
    expect(cognitoUser.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'custom:user_type', Value: 'COMPANY_ADMIN' },
        { Name: 'custom:company_id', Value: String(c0003) },
      ]),
    );
    const signIn = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.auth.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: body.temporary_password },
      }),
    );
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const audited = await app.pool.query("select actor from audit_log where entity = 'users' and entity_id = $1", [
      body.username,
    ]);
    expect(audited.rows).toHaveLength(1);

    const again = await call('POST', userUrl(m.id), DEMO.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('user_exists');
  });

  it('answers 422 member_has_no_email for a member without an e-mail', async () => {
    const m = await createMember({ name: `メールなし ${TAG}` });
    const res = await call('POST', userUrl(m.id), DEMO.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('member_has_no_email');
  });

  it('answers 409 user_exists when a users row or only a Cognito account has the e-mail', async () => {
    const taken = await createMember({ name: `既存 ${TAG}`, email: DEMO.companyAdmin });
    const res = await call('POST', userUrl(taken.id), DEMO.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('user_exists');

    const email = uniqueEmail('cognito-only');
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: stack.clientConfig.cognito.userPoolId,
        Username: email,
        UserAttributes: [{ Name: 'email', Value: email }],
        MessageAction: 'SUPPRESS',
      }),
    );
    const orphan = await createMember({ name: `認証のみ ${TAG}`, email });
    const conflict = await call('POST', userUrl(orphan.id), DEMO.admin);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('user_exists');
  });

  it('leaves no silent half state: a failed users insert disables the new Cognito user and answers 500', async () => {
    const email = uniqueEmail('broken');
    const m = await createMember({ name: `失敗 ${TAG}`, email });
    // A test-only trigger makes the users insert fail for this one e-mail.
    await app.pool.query(`
      create function people_test_refuse_user() returns trigger language plpgsql as $$
      begin
        if new.email = '${email}' then raise exception 'refused by test'; end if;
        return new;
      end $$;
      create trigger people_test_refuse_user before insert on users for each row execute function people_test_refuse_user();
    `);
    try {
      const res = await call('POST', userUrl(m.id), DEMO.admin);
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('user_creation_failed');
      expect(res.body).not.toContain('refused by test');
    } finally {
      await app.pool.query('drop trigger people_test_refuse_user on users; drop function people_test_refuse_user();');
    }
    const { rows } = await app.pool.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
    const cognitoUser = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.clientConfig.cognito.userPoolId, Username: email }),
    );
    expect(cognitoUser.Enabled).toBe(false);
  });

  it('is for CCI_ADMIN only (403), hides other chambers and unknown ids (404), needs a token (401)', async () => {
    const m = await createMember({ name: `権限ユーザー ${TAG}`, email: uniqueEmail('perm') });
    expect((await call('POST', userUrl(m.id), DEMO.staff)).statusCode).toBe(403);
    expect((await call('POST', userUrl(m.id), DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('POST', userUrl(m.id), null)).statusCode).toBe(401);
    expect((await call('POST', userUrl(otherMemberId), DEMO.admin)).statusCode).toBe(404);
    expect((await call('POST', userUrl(2_000_000_000), DEMO.admin)).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/0/user`, DEMO.admin)).statusCode).toBe(400);
  });
});
