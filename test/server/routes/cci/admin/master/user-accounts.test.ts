/**
 * Staff accounts (DESIGN.md §6, issue 18 item 2), reissued temporary passwords (issue 15 item 3)
 * and the disabled login's stable 401 (issue 18 item 3), against cognito-local.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AdminGetUserCommand, AdminSetUserPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { bearer, buildTestApp, caller, fieldsNamed, signIn } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { cognitoAdminClient } from '../../../../../../server/infra/cognito-local.ts';
import { testStack } from '../../../../../helpers/stack.ts';

const stack = testStack();
const BASE = '/v1/cci/admin/master/users';
const cognito = cognitoAdminClient(stack.cognitoEndpoint);
const UserPoolId = stack.clientConfig.cognito.userPoolId;

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

const newEmail = () => `staff-${randomUUID().slice(0, 8)}@example.com`;

/** What a first sign-in with `password` answers: the challenge name, or 'signed-in', or the error name. */
const signInStep = async (email: string, password: string) => {
  try {
    const out = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.auth.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return out.ChallengeName ?? 'signed-in';
  } catch (err) {
    return (err as Error).name;
  }
};

const createStaff = (body: object, email: string | null = DEMO.admin) => call('POST', BASE, email, body);

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(async () => {
  await app.close();
  cognito.destroy();
});

describe('POST /v1/cci/admin/master/users (staff accounts)', () => {
  it('creates a chamber login: 201 with a temporary password that must be changed at the first sign-in', async () => {
    const email = newEmail();
    const res = await createStaff({
      email: `  ${email.toUpperCase()} `,
      display_name: '新人 一郎',
      user_type: 'CCI_CONFERENCE_USER',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created).toMatchObject({
      cci_code: 'demo',
      email,
      display_name: '新人 一郎',
      user_type: 'CCI_CONFERENCE_USER',
      company_id: null,
      enabled: true,
      version: 1,
    });
    expect(created.temporary_password).toMatch(/^\S{12}$/);
    expect(await signInStep(email, created.temporary_password)).toBe('NEW_PASSWORD_REQUIRED');

    const { UserAttributes = [] } = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: created.username }));
    expect(Object.fromEntries(UserAttributes.map((a) => [a.Name, a.Value]))['custom:user_type']).toBe('CCI_CONFERENCE_USER');
    const shown = await call('GET', `${BASE}/${created.username}`, DEMO.admin);
    expect(shown.json()).not.toHaveProperty('temporary_password');
    const { rows } = await app.pool.query("select actor, after from audit_log where entity = 'user' and entity_id = $1", [
      created.username,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].after)).not.toContain(created.temporary_password);
  });

  it('a CCI_ADMIN may create another CCI_ADMIN, who can then use the console', async () => {
    const email = newEmail();
    const res = await createStaff({ email, display_name: '次期 管理者', user_type: 'CCI_ADMIN' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user_type).toBe('CCI_ADMIN');
  });

  it('an e-mail already registered (any chamber, any case) is 409 user_exists, and nothing is added', async () => {
    const res = await createStaff({ email: DEMO.companyAdmin.toUpperCase(), display_name: '重複', user_type: 'CCI_ADMIN' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'user_exists', detail: expect.stringMatching(/既に登録/) });
    const { rows } = await app.pool.query('select count(*)::int as n from users where email = $1', [DEMO.companyAdmin]);
    expect(rows[0].n).toBe(1);
  });

  it('validates the body: e-mail, display name, and only the chamber roles', async () => {
    const res = await createStaff({ email: 'not-an-email', display_name: ' ', user_type: 'COMPANY_ADMIN', company_id: 1 });
    expect(res.statusCode).toBe(400);
    for (const f of ['body.email', 'body.display_name', 'body.user_type', 'body.company_id'])
      expect(fieldsNamed(res)).toContain(f);
  });

  it('refuses CCI_CONFERENCE_USER and company admins (403) and anonymous callers (401)', async () => {
    const body = { email: newEmail(), display_name: '不可', user_type: 'CCI_CONFERENCE_USER' };
    expect((await createStaff(body, DEMO.staff)).statusCode).toBe(403);
    expect((await createStaff(body, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await createStaff(body, null)).statusCode).toBe(401);
    const { rows } = await app.pool.query('select 1 from users where email = $1', [body.email]);
    expect(rows).toHaveLength(0);
  });
});

describe('POST /v1/cci/admin/master/users/{username}/temporary_password', () => {
  it("reissues a company admin's password: the old one stops working, the new one asks for a new password", async () => {
    const email = newEmail();
    const companyId = (await app.pool.query("select id from company where cci_code = 'demo' order by id limit 1")).rows[0].id;
    const { username } = await app.cognitoUsers.createCompanyAdmin({ email, companyId });
    await app.pool.query(
      `insert into users (username, cci_code, user_type, company_id, email) values ($1, 'demo', 'COMPANY_ADMIN', $2, $3)`,
      [username, companyId, email],
    );
    const res = await call('POST', `${BASE}/${username}/temporary_password`, DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { temporary_password } = res.json();
    expect(res.json()).toEqual({ username, temporary_password: expect.stringMatching(/^\S{12}$/) });
    expect(await signInStep(email, temporary_password)).toBe('NEW_PASSWORD_REQUIRED');
    expect(await signInStep(email, 'wrong-password')).not.toBe('signed-in');

    const { rows } = await app.pool.query(
      "select action, before, after from audit_log where entity = 'user' and entity_id = $1",
      [username],
    );
    expect(rows).toEqual([{ action: 'reissue_password', before: null, after: null }]);
  });

  it("reissues a staff user's password too", async () => {
    const email = newEmail();
    const created = (await createStaff({ email, display_name: '再発行 花子', user_type: 'CCI_CONFERENCE_USER' })).json();
    const res = await call('POST', `${BASE}/${created.username}/temporary_password`, DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().temporary_password).not.toBe(created.temporary_password);
    expect(await signInStep(email, res.json().temporary_password)).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('the own password is changed from the user menu (422 own_password); a login Cognito lacks is 422', async () => {
    const self = (await app.pool.query<{ username: string }>('select username from users where email = $1', [DEMO.admin])).rows[0]
      .username;
    const own = await call('POST', `${BASE}/${self}/temporary_password`, DEMO.admin);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ code: 'own_password', detail: expect.stringMatching(/パスワード変更/) });

    const ghost = randomUUID();
    await app.pool.query(
      `insert into users (username, cci_code, user_type, email) values ($1, 'demo', 'CCI_CONFERENCE_USER', $2)`,
      [ghost, newEmail()],
    );
    const missing = await call('POST', `${BASE}/${ghost}/temporary_password`, DEMO.admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('cognito_user_missing');
  });

  it("another chamber's user and an unknown one are 404; CCI_CONFERENCE_USER and company admins 403", async () => {
    const foreign = `other-${randomUUID()}`;
    await ensureOtherChamber(app.pool);
    await app.pool.query(`insert into users (username, cci_code, user_type, email) values ($1, $2, 'CCI_ADMIN', $3)`, [
      foreign,
      OTHER_CCI,
      newEmail(),
    ]);
    expect((await call('POST', `${BASE}/${foreign}/temporary_password`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${randomUUID()}/temporary_password`, DEMO.admin)).statusCode).toBe(404);
    const staffUser = (await app.pool.query('select username from users where email = $1', [DEMO.companyAdmin])).rows[0].username;
    expect((await call('POST', `${BASE}/${staffUser}/temporary_password`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/${staffUser}/temporary_password`, DEMO.companyAdmin)).statusCode).toBe(403);
  });
});

describe('a disabled login (issue 18 item 3)', () => {
  it('gets 401 user_disabled with the Japanese message; enabling restores it', async () => {
    const email = newEmail();
    const created = (await createStaff({ email, display_name: '停止 次郎', user_type: 'CCI_CONFERENCE_USER' })).json();
    // a permanent password, so the login signs straight in (as after its first sign-in)
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: 'staff-pass-1', Permanent: true }),
    );
    const { idToken } = await signIn(email, 'staff-pass-1');
    const me = () => app.inject({ method: 'GET', url: '/v1/cci/user_info', headers: bearer(idToken) });
    expect((await me()).statusCode).toBe(200);

    const off = await call('PUT', `${BASE}/${created.username}`, DEMO.admin, { version: 1, enabled: false });
    expect(off.statusCode).toBe(200);
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'user_disabled',
      detail: 'このアカウントは利用停止中です。管理者にお問い合わせください。',
    });

    const on = await call('PUT', `${BASE}/${created.username}`, DEMO.admin, { version: 2, enabled: true });
    expect(on.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
  });

  it('an unknown login keeps the plain 401 unauthorized', async () => {
    const ghostEmail = newEmail();
    const { username } = await app.cognitoUsers.createLogin({ email: ghostEmail, userType: 'CCI_ADMIN', companyId: null });
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: 'ghost-pass-1', Permanent: true }),
    );
    const { idToken } = await signIn(ghostEmail, 'ghost-pass-1');
    const res = await app.inject({ method: 'GET', url: '/v1/cci/user_info', headers: bearer(idToken) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });
});
