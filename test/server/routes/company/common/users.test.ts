import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import errorHandler from '../../../../../server/plugins/app/error-handler.ts';
import auth from '../../../../../server/plugins/app/auth.ts';
import cognitoUsers, { cognitoUsersOptionsOf } from '../../../../../server/plugins/app/cognito.ts';
import companyCommonUsers, { type PasswordResetLimits } from '../../../../../server/routes/company/common/users.ts';
import { requestValidatorCompiler } from '../../../../../server/lib/request-validation.ts';
import { cognitoAdminClient, readLocalConfirmationCode } from '../../../../../server/infra/cognito-local.ts';
import { testStack } from '../../../../helpers/stack.ts';

const stack = testStack();
const FORGET = '/v1/company/common/users/forget_password';
const RESET = '/v1/company/common/users/reset_password';
const ROOMY = { max: 1000, timeWindowMs: 60_000 };

/**
 * The users routes on the production error handler and auth guard (public routes must pass it
 * without a token), with the app's ajv settings and limits chosen per test.
 */
async function buildApp(limits: Partial<PasswordResetLimits> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(requestValidatorCompiler());
  await app.register(errorHandler);
  await app.register(auth, { ...stack.auth, findUser: async () => null });
  await app.register(cognitoUsers, cognitoUsersOptionsOf(stack.clientConfig.cognito));
  await app.register(companyCommonUsers, {
    limits: { forgetPerIp: ROOMY, forgetPerAccount: ROOMY, resetPerIp: ROOMY, resetPerAccount: ROOMY, ...limits },
  });
  await app.ready();
  return app;
}

const post = (app: FastifyInstance, url: string, body: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url, payload: body as object, remoteAddress });

let app: FastifyInstance;
const admin = cognitoAdminClient(stack.cognitoEndpoint);

beforeAll(async () => {
  app = await buildApp();
});
afterAll(async () => {
  await app.close();
  admin.destroy();
});

/** A throwaway COMPANY_ADMIN who has signed in once (set a password): never a demo account. */
async function throwawayUser(tag: string): Promise<{ email: string; password: string }> {
  const email = `reset-${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const created = await app.cognitoUsers.createCompanyAdmin({ email, companyId: 99, displayName: tag });
  const first = await signInRaw(email, created.temporaryPassword!);
  expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const password = 'first password';
  await admin.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.auth.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: first.Session,
      ChallengeResponses: { USERNAME: created.username, NEW_PASSWORD: password },
    }),
  );
  return { email, password };
}

const signInRaw = (email: string, password: string) =>
  admin.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.auth.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

const codeOf = (email: string) => readLocalConfirmationCode(stack.cognitoDataDir, stack.clientConfig.cognito.userPoolId, email);

describe('POST /v1/company/common/users/forget_password (spec §7)', () => {
  it('gives the same answer for an existing and an unknown account, and sends a code only to the existing one', async () => {
    const { email } = await throwawayUser('forget');
    const known = await post(app, FORGET, { email });
    const unknown = await post(app, FORGET, { email: `nobody-${randomUUID().slice(0, 8)}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(known.json().message).toMatch(/確認コード/);
    expect(await codeOf(email)).toMatch(/^\d{6}$/);
  });

  it('accepts the e-mail as a Japanese IME types it (full-width, upper-case)', async () => {
    const { email } = await throwawayUser('fullwidth');
    const typed = email.toUpperCase().replace('@', '＠').replace('EXAMPLE', 'ＥＸＡＭＰＬＥ');
    const res = await post(app, FORGET, { email: `\u3000${typed}` });
    expect(res.statusCode).toBe(200);
    expect(await codeOf(email)).toMatch(/^\d{6}$/);
  });

  it('needs no token (public) and ignores a stale one', async () => {
    const res = await app.inject({
      method: 'POST',
      url: FORGET,
      headers: { authorization: 'Bearer not.a.token' },
      payload: { email: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['missing e-mail', {}, 'body.email'],
    ['not an e-mail', { email: 'nobody' }, 'body.email'],
    ['over-long e-mail', { email: `${'a'.repeat(250)}@example.com` }, 'body.email'],
    ['unknown property', { email: 'a@example.com', admin: true }, 'body.admin'],
  ])('answers 400 problem+json naming the field: %s', async (_name, body, field) => {
    const res = await post(app, FORGET, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 400 malformed_json for broken JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: FORGET,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_json', status: 400 });
    expect(res.json().detail).toMatch(/JSON/);
  });
});

describe('POST /v1/company/common/users/reset_password (spec §7, §9)', () => {
  it('sets the new password with the e-mailed code; the user signs in with it, not the old one', async () => {
    const { email, password: oldPassword } = await throwawayUser('reset');
    expect((await post(app, FORGET, { email })).statusCode).toBe(200);
    const code = await codeOf(email);
    expect(code).toBeDefined();

    const newPassword = 'ひみつのパスワード';
    const res = await post(app, RESET, { email: email.toUpperCase(), code, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/再設定/);

    const signedIn = await signInRaw(email, newPassword);
    expect(signedIn.AuthenticationResult?.IdToken).toBeDefined();
    await expect(signInRaw(email, oldPassword)).rejects.toMatchObject({
      name: expect.stringMatching(/NotAuthorized|InvalidPassword/),
    });
    // the code is spent
    const again = await post(app, RESET, { email, code, password: 'yet another one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_code');
  });

  it('accepts a code typed in full-width digits', async () => {
    const { email } = await throwawayUser('fwcode');
    await post(app, FORGET, { email });
    const code = (await codeOf(email))!;
    const fullWidth = code.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const res = await post(app, RESET, { email, code: fullWidth, password: 'full width ok' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['too short', 'short7!', 'minLength'],
    ['leading space', ' abcdefgh', 'pattern'],
    ['trailing space', 'abcdefgh ', 'pattern'],
  ])(
    'refuses a password against the policy (%s) with 400 naming password, before asking Cognito',
    async (_name, password, expectedCode) => {
      const { email } = await throwawayUser('policy');
      await post(app, FORGET, { email });
      const code = (await codeOf(email))!;
      const res = await post(app, RESET, { email, code, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().detail).toMatch(/[ぁ-んァ-ン一-龥]/);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body.password', code: expectedCode })]);
      // the code was not consumed
      expect(await codeOf(email)).toBe(code);
    },
  );

  it('accepts exactly 8 characters of any kind (no character classes, spec §9)', async () => {
    const { email } = await throwawayUser('eight');
    await post(app, FORGET, { email });
    const res = await post(app, RESET, { email, code: (await codeOf(email))!, password: 'aaaaaaaa' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 invalid_code for a wrong code, and for an account that does not exist', async () => {
    const { email } = await throwawayUser('wrong');
    await post(app, FORGET, { email });
    const code = (await codeOf(email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(app, RESET, { email, code: wrong, password: 'good password' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'invalid_code' });
    expect(res.json().detail).toMatch(/確認コード/);

    const nobody = await post(app, RESET, {
      email: `nobody-${randomUUID().slice(0, 8)}@example.com`,
      code: '123456',
      password: 'good password',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('invalid_code');
  });

  it('answers 400 naming each missing or unknown field', async () => {
    const res = await post(app, RESET, { email: 'a@example.com', extra: 'x' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.code', 'body.password', 'body.extra']));
  });

  it('answers 400 malformed_json for broken JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: RESET,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('malformed_json');
  });
});

describe('rate limits (DESIGN.md §10)', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildApp({
      forgetPerAccount: { max: 3, timeWindowMs: 60_000 },
      forgetPerIp: { max: 6, timeWindowMs: 60_000 },
      resetPerAccount: { max: 2, timeWindowMs: 60_000 },
      resetPerIp: { max: 4, timeWindowMs: 60_000 },
    });
  });
  afterAll(() => limited.close());

  const expect429 = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(res.json().detail).toMatch(/しばらくしてから/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('forget: per account, whatever the spelling of the e-mail and whether it exists', async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    const spellings = [email, email.toUpperCase(), ` ${email}`];
    for (const [i, spelling] of spellings.entries()) {
      expect((await post(limited, FORGET, { email: spelling }, `10.0.0.${i + 1}`)).statusCode).toBe(200);
    }
    expect429(await post(limited, FORGET, { email }, '10.0.0.9'));
    // another account is unaffected
    expect((await post(limited, FORGET, { email: `other-${email}` }, '10.0.0.9')).statusCode).toBe(200);
  });

  it('forget: per IP, counting every request including bad ones', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await post(limited, FORGET, { email: `ip-${i}-${randomUUID().slice(0, 8)}@example.com` }, ip)).statusCode).toBe(
        200,
      );
    }
    expect((await post(limited, FORGET, { email: 'broken' }, ip)).statusCode).toBe(400);
    expect429(await post(limited, FORGET, { email: `ip-last-${randomUUID().slice(0, 8)}@example.com` }, ip));
    // another IP is unaffected
    expect(
      (await post(limited, FORGET, { email: `ip-other-${randomUUID().slice(0, 8)}@example.com` }, '10.1.0.2')).statusCode,
    ).toBe(200);
  });

  it('reset: per account (code guessing) and per IP', async () => {
    const email = `guess-${randomUUID().slice(0, 8)}@example.com`;
    const attempt = (ip: string, who = email) =>
      post(limited, RESET, { email: who, code: '123456', password: 'good password' }, ip);
    expect((await attempt('10.2.0.1')).statusCode).toBe(400);
    expect((await attempt('10.2.0.2')).statusCode).toBe(400);
    expect429(await attempt('10.2.0.3'));

    const ip = '10.2.1.1';
    for (let i = 0; i < 4; i++) expect((await attempt(ip, `g${i}-${email}`)).statusCode).toBe(400);
    expect429(await attempt(ip, `g9-${email}`));
  });
});
