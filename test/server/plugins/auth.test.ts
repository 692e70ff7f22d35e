import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { bearer, buildTestApp, signIn, type Tokens } from '../../helpers/app.ts';

let app: FastifyInstance;
let admin: Tokens;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signIn('cci-admin@example.com');
});
afterAll(() => app.close());

const userInfo = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/v1/cci/user_info', headers });

describe('bearer authentication (DESIGN.md §6)', () => {
  it('accepts the ID token and the access token of a signed-in user', async () => {
    for (const token of [admin.idToken, admin.accessToken]) {
      const res = await userInfo(bearer(token));
      expect(res.statusCode).toBe(200);
      expect(res.json().user_type).toBe('CCI_ADMIN');
    }
  });

  it('answers 401 problem+json without a token', async () => {
    const res = await userInfo();
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('answers 401 for a malformed Authorization header', async () => {
    for (const authorization of ['Bearer', 'Basic abc', `Token ${admin.idToken}`, 'Bearer not-a-jwt']) {
      expect((await userInfo({ authorization })).statusCode).toBe(401);
    }
  });

  it('answers 401 for a tampered token (payload changed, signature kept)', async () => {
    const [header, payload, signature] = admin.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims['cognito:username'] = 'someone-else';
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    expect((await userInfo(bearer(forged))).statusCode).toBe(401);
  });

  it('answers 401 for a token signed by another issuer with its own key', async () => {
    const claims = decodeJwt(admin.idToken);
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer('https://cognito-idp.ap-northeast-1.amazonaws.com/ap-northeast-1_evil')
      .sign(privateKey);
    expect((await userInfo(bearer(foreign))).statusCode).toBe(401);
  });

  it('answers 401 for a token with the right claims but a foreign signing key', async () => {
    const claims = decodeJwt(admin.idToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    expect((await userInfo(bearer(forged))).statusCode).toBe(401);
  });

  it('answers 401 for a real token once it has expired', async () => {
    const exp = decodeJwt(admin.idToken).exp!;
    const later = await buildTestApp({ currentDate: () => new Date((exp + 60) * 1000) });
    try {
      const res = await later.inject({ method: 'GET', url: '/v1/cci/user_info', headers: bearer(admin.idToken) });
      expect(res.statusCode).toBe(401);
    } finally {
      await later.close();
    }
  });

  it('answers 401 for a signed-in user whose account row is disabled or missing', async () => {
    const staff = await signIn('cci-staff@example.com');
    const username = decodeJwt(staff.idToken)['cognito:username'] as string;
    await app.pool.query('update users set enabled = false where username = $1', [username]);
    try {
      const res = await userInfo(bearer(staff.idToken));
      expect(res.statusCode).toBe(401);
    } finally {
      await app.pool.query('update users set enabled = true where username = $1', [username]);
    }
    expect((await userInfo(bearer(staff.idToken))).statusCode).toBe(200);
  });
});
