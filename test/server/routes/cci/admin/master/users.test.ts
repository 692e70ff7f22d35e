import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { cognitoAdminClient } from '../../../../../../server/infra/cognito-local.ts';
import { buildSearchText } from '../../../../../../server/db/normalize.ts';
import { testStack } from '../../../../../helpers/stack.ts';

const stack = testStack();
const BASE = '/v1/cci/admin/master/users';
const cognito = cognitoAdminClient(stack.cognitoEndpoint);

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let otherCompanyId: number;
let adminUsername: string;
let otherChamberUser: string;

const usernameOf = async (email: string) =>
  (await app.pool.query<{ username: string }>('select username from users where email = $1', [email])).rows[0].username;

/**
 * A company of the demo chamber of this file's own (demo companies stay as other tests expect
 * them), complete like a real one: other files sort and search the chamber's companies.
 */
async function throwawayCompany(): Promise<number> {
  const code = `UT-${randomUUID().slice(0, 8)}`;
  const attributes = {
    name1: '利用者テスト株式会社',
    name_kana: 'リヨウシャテスト',
    email: `${code}@example.com`,
    admin_changed_info_flag: '0',
  };
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into company (cci_code, company_code, attributes, search_text) values ('demo', $1, $2, $3) returning id`,
    [code, attributes, buildSearchText(code, attributes.name1, attributes.name_kana)],
  );
  return rows[0].id;
}

/** A users row of the demo chamber; with `login`, also a real Cognito user (never a demo account). */
async function throwawayUser(opts: { login: boolean; userType?: string; companyId?: number }): Promise<string> {
  const email = `users-test-${randomUUID().slice(0, 8)}@example.com`;
  const companyId = opts.companyId ?? null;
  const username = opts.login
    ? (await app.cognitoUsers.createCompanyAdmin({ email, companyId: companyId ?? 1 })).username
    : randomUUID();
  await app.pool.query(
    `insert into users (username, cci_code, user_type, company_id, email, display_name) values ($1, 'demo', $2, $3, $4, 'テスト 利用者')`,
    [username, opts.userType ?? 'COMPANY_ADMIN', companyId, email],
  );
  return username;
}

const cognitoEnabled = async (username: string) =>
  (await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.clientConfig.cognito.userPoolId, Username: username })))
    .Enabled;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  ({ companyId: otherCompanyId } = await ensureOtherChamber(app.pool));
  adminUsername = await usernameOf(DEMO.admin);
  otherChamberUser = `other-${randomUUID()}`;
  await app.pool.query(
    `insert into users (username, cci_code, user_type, email, display_name) values ($1, $2, 'CCI_ADMIN', 'admin@other.example.jp', 'よその管理者')`,
    [otherChamberUser, OTHER_CCI],
  );
});
afterAll(async () => {
  await app.close();
  cognito.destroy();
});

describe('GET /v1/cci/admin/master/users (the console list)', () => {
  it("lists the chamber's users only, sorted by e-mail by default", async () => {
    const res = await call('GET', `${BASE}?page_size=1000`, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const data: Array<{ email: string; cci_code: string; username: string }> = res.json().data;
    expect(data.map((u) => u.email)).toEqual(expect.arrayContaining(Object.values(DEMO)));
    expect(data.every((u) => u.cci_code === 'demo')).toBe(true);
    expect(data.some((u) => u.username === otherChamberUser)).toBe(false);
    // the demo accounts in e-mail order (other files may add users in between)
    const demoEmails: string[] = Object.values(DEMO);
    expect(data.map((u) => u.email).filter((e) => demoEmails.includes(e))).toEqual([...demoEmails].sort());
  });

  it('filters by user_type, user_type__in, enabled, company_id and keyword (e-mail, display name)', async () => {
    const emailsOf = async (query: string) => {
      const res = await call('GET', `${BASE}?page_size=1000&${query}`, DEMO.admin);
      expect(res.statusCode, query).toBe(200);
      return res.json().data.map((u: { email: string }) => u.email);
    };
    const companyAdmins = await emailsOf('user_type=COMPANY_ADMIN');
    expect(companyAdmins).toEqual(expect.arrayContaining([DEMO.companyAdmin, DEMO.companyNew]));
    expect(companyAdmins).not.toContain(DEMO.admin);
    const chamberUsers = await emailsOf('user_type__in=CCI_ADMIN,CCI_CONFERENCE_USER&keyword=cci-');
    expect(chamberUsers).toEqual(expect.arrayContaining([DEMO.admin, DEMO.staff]));
    expect(chamberUsers).not.toContain(DEMO.companyAdmin);
    const ofC0001 = await emailsOf(`company_id=${await companyIdOf(app.pool, 'C0001')}`);
    expect(ofC0001).toContain(DEMO.companyAdmin);
    expect(ofC0001).not.toContain(DEMO.companyNew);
    expect(await emailsOf('enabled=true&keyword=COMPANY-NEW')).toEqual([DEMO.companyNew]);
    expect(await emailsOf(`keyword=${encodeURIComponent('担当花子')}`)).toEqual([DEMO.staff]);
  });

  it('sorts and picks fields', async () => {
    const res = await call('GET', `${BASE}?sort=-user_type,email&fields=email,user_type&page_size=1000`, DEMO.admin);
    expect(res.statusCode).toBe(200);
    const data: Array<{ email: string; user_type: string }> = res.json().data;
    expect(Object.keys(data[0]).sort()).toEqual(['email', 'user_type']);
    const types = data.map((u) => u.user_type);
    expect(types).toEqual([...types].sort().reverse());
  });

  it.each([
    ['an unknown role', '?user_type=ROOT', 'user_type'],
    ['an unknown role in a list', '?user_type__in=CCI_ADMIN,ROOT', 'user_type__in'],
    ['a non-boolean enabled', '?enabled=maybe', 'enabled'],
    ['an unknown parameter', '?password=x', 'password'],
    ['an unknown sort field', '?sort=version', 'sort'],
  ])('answers 400 naming the parameter for %s', async (_what, query, field) => {
    const res = await call('GET', `${BASE}${query}`, DEMO.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldsNamed(res)).toContain(field);
  });

  it('refuses another chamber (403), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', `${BASE}?cci_code=other`, DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('GET /v1/cci/admin/master/users/{username} (spec §7)', () => {
  it('reads a user of the chamber, for both chamber roles', async () => {
    for (const email of [DEMO.admin, DEMO.staff]) {
      const res = await call('GET', `${BASE}/${adminUsername}`, email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        username: adminUsername,
        cci_code: 'demo',
        user_type: 'CCI_ADMIN',
        company_id: null,
        email: DEMO.admin,
        enabled: true,
      });
    }
  });

  it("answers 404 for another chamber's user and an unknown one, 414 for an over-long name, 403/401 otherwise", async () => {
    expect((await call('GET', `${BASE}/${otherChamberUser}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${randomUUID()}`, DEMO.admin)).statusCode).toBe(404);
    // Fastify's router refuses path parameters over 100 characters before validation
    expect((await call('GET', `${BASE}/${'x'.repeat(101)}`, DEMO.admin)).statusCode).toBe(414);
    expect((await call('GET', `${BASE}/${adminUsername}`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${adminUsername}`, null)).statusCode).toBe(401);
  });
});

describe('PUT /v1/cci/admin/master/users/{username} (spec §7)', () => {
  it('disabling also disables the Cognito user, and re-enabling enables it', async () => {
    const username = await throwawayUser({ login: true, companyId: await throwawayCompany() });
    const off = await call('PUT', `${BASE}/${username}`, DEMO.admin, { version: 1, enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, version: 2, user_type: 'COMPANY_ADMIN' });
    expect(await cognitoEnabled(username)).toBe(false);

    const on = await call('PUT', `${BASE}/${username}`, DEMO.admin, { version: 2, enabled: true, display_name: '再開 太郎' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, version: 3, display_name: '再開 太郎' });
    expect(await cognitoEnabled(username)).toBe(true);

    const { rows } = await app.pool.query(
      "select before, after from audit_log where entity = 'user' and entity_id = $1 order by id",
      [username],
    );
    expect(rows.map((r) => [r.before.enabled, r.after.enabled])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('a COMPANY_ADMIN keeps to its side: another company of the chamber is fine; a chamber role or a foreign company is 422', async () => {
    const ownCompany = await throwawayCompany();
    const nextCompany = await throwawayCompany();
    const username = await throwawayUser({ login: true, companyId: ownCompany });
    const url = `${BASE}/${username}`;
    for (const payload of [
      { version: 1, user_type: 'CCI_CONFERENCE_USER' },
      { version: 1, user_type: 'CCI_ADMIN', company_id: null },
    ]) {
      const res = await call('PUT', url, DEMO.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'role_side_change', errors: [{ field: 'body.user_type' }] });
      expect(res.json().detail).toMatch(/事業所のユーザーと会議所のユーザーの間/);
    }
    for (const payload of [
      { version: 1, company_id: otherCompanyId },
      { version: 1, company_id: 2_000_000_000 },
      { version: 1, company_id: null },
    ]) {
      const res = await call('PUT', url, DEMO.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_company', errors: [{ field: 'body.company_id' }] });
    }
    const moved = await call('PUT', url, DEMO.admin, { version: 1, company_id: nextCompany });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ user_type: 'COMPANY_ADMIN', company_id: nextCompany, version: 2 });
  });

  it('a chamber user keeps to its side (422 role_side_change) and carries no company (422 invalid_company)', async () => {
    const username = await throwawayUser({ login: false, userType: 'CCI_CONFERENCE_USER' });
    const url = `${BASE}/${username}`;
    const toCompany = await call('PUT', url, DEMO.admin, {
      version: 1,
      user_type: 'COMPANY_ADMIN',
      company_id: await throwawayCompany(),
    });
    expect(toCompany.statusCode).toBe(422);
    expect(toCompany.json().code).toBe('role_side_change');
    const withCompany = await call('PUT', url, DEMO.admin, {
      version: 1,
      user_type: 'CCI_ADMIN',
      company_id: await throwawayCompany(),
    });
    expect(withCompany.json()).toMatchObject({ code: 'invalid_company', errors: [{ field: 'body.company_id' }] });
    expect((await call('GET', url, DEMO.admin)).json()).toMatchObject({ user_type: 'CCI_CONFERENCE_USER', version: 1 });
  });

  it('a role change also updates the custom:user_type / custom:company_id the SPA reads (spec §3)', async () => {
    const ownCompany = await throwawayCompany();
    const nextCompany = await throwawayCompany();
    const username = await throwawayUser({ login: true, companyId: ownCompany });
    const res = await call('PUT', `${BASE}/${username}`, DEMO.admin, { version: 1, company_id: nextCompany });
    expect(res.statusCode).toBe(200);
    const { UserAttributes = [] } = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.clientConfig.cognito.userPoolId, Username: username }),
    );
    const attrs = Object.fromEntries(UserAttributes.map((a) => [a.Name, a.Value]));
    expect(attrs['custom:user_type']).toBe('COMPANY_ADMIN');
    expect(attrs['custom:company_id']).toBe(String(nextCompany));
  });

  it('a stale version is 409 with the current one; two PUTs with the same version give one 200 and one 409', async () => {
    const username = await throwawayUser({ login: false, userType: 'CCI_CONFERENCE_USER' });
    const url = `${BASE}/${username}`;
    const results = await Promise.all([
      call('PUT', url, DEMO.admin, { version: 1, display_name: '同時A' }),
      call('PUT', url, DEMO.admin, { version: 1, display_name: '同時B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stale = await call('PUT', url, DEMO.admin, { version: 1, display_name: null });
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
  });

  it('a user cannot disable or demote itself (422), but may rename itself', async () => {
    const { version, display_name } = (await call('GET', `${BASE}/${adminUsername}`, DEMO.admin)).json();
    for (const payload of [
      { version, enabled: false },
      { version, user_type: 'CCI_CONFERENCE_USER' },
    ]) {
      const res = await call('PUT', `${BASE}/${adminUsername}`, DEMO.admin, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('cannot_change_self');
    }
    const rename = await call('PUT', `${BASE}/${adminUsername}`, DEMO.admin, { version, display_name, enabled: true });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ enabled: true, user_type: 'CCI_ADMIN', version: version + 1 });
  });

  it('disables a login Cognito does not know, but cannot enable it (422 cognito_user_missing)', async () => {
    const username = await throwawayUser({ login: false, userType: 'CCI_CONFERENCE_USER' });
    const off = await call('PUT', `${BASE}/${username}`, DEMO.admin, { version: 1, enabled: false });
    expect(off.statusCode).toBe(200);
    const on = await call('PUT', `${BASE}/${username}`, DEMO.admin, { version: 2, enabled: true });
    expect(on.statusCode).toBe(422);
    expect(on.json().code).toBe('cognito_user_missing');
    expect((await call('GET', `${BASE}/${username}`, DEMO.admin)).json()).toMatchObject({ enabled: false, version: 2 });
  });

  it('changes the role of a login Cognito does not know (nothing there to keep in step)', async () => {
    const username = await throwawayUser({ login: false, userType: 'CCI_ADMIN' });
    const res = await call('PUT', `${BASE}/${username}`, DEMO.admin, { version: 1, user_type: 'CCI_CONFERENCE_USER' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user_type: 'CCI_CONFERENCE_USER', version: 2 });
  });

  it('validates the body, naming each bad field', async () => {
    const res = await call('PUT', `${BASE}/${adminUsername}`, DEMO.admin, {
      user_type: 'ROOT',
      enabled: 'yes',
      display_name: 'x'.repeat(101),
      email: 'new@example.com',
    });
    expect(res.statusCode).toBe(400);
    const fields: string[] = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of ['body.version', 'body.user_type', 'body.enabled', 'body.display_name', 'body.email']) {
      expect(
        fields.some((x) => x.startsWith(f)),
        f,
      ).toBe(true);
    }
  });

  it('refuses CCI_CONFERENCE_USER (403), company admins (403), other chambers (404) and anonymous callers (401)', async () => {
    const username = await throwawayUser({ login: false, userType: 'CCI_CONFERENCE_USER' });
    expect((await call('PUT', `${BASE}/${username}`, DEMO.staff, { version: 1, enabled: false })).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${username}`, DEMO.companyAdmin, { version: 1, enabled: false })).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${otherChamberUser}`, DEMO.admin, { version: 1, enabled: false })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/${username}`, null, { version: 1, enabled: false })).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/${username}`, DEMO.admin)).json()).toMatchObject({ enabled: true, version: 1 });
  });
});
