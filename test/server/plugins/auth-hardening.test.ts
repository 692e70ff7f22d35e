/**
 * Issue 11: tokens must carry exp and iat, the Bearer scheme is case-insensitive, and another
 * chamber's path is refused before the request is validated (DESIGN.md §6).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, importJWK, type JWK } from 'jose';
import { bearer, buildTestApp, signIn, type Tokens } from '../../helpers/app.ts';

let app: FastifyInstance;
let admin: Tokens;
let company: Tokens;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signIn('cci-admin@example.com');
  company = await signIn('company-admin@example.com');
});
afterAll(() => app.close());

const userInfo = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/v1/cci/user_info', headers });

/** cognito-local signs with a key shipped in its npm package: tests can mint tokens it would accept. */
async function signLikeCognitoLocal(claims: Record<string, unknown>): Promise<string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
}

describe('token claims', () => {
  it('a re-signed copy of a real token is accepted (the minting works)', async () => {
    const token = await signLikeCognitoLocal(decodeJwt(admin.idToken));
    expect((await userInfo(bearer(token))).statusCode).toBe(200);
  });

  it('a validly signed token without exp is refused with 401, and not cached as valid', async () => {
    const { exp: _exp, ...claims } = decodeJwt(admin.idToken);
    const token = await signLikeCognitoLocal(claims);
    for (let i = 0; i < 2; i++) {
      const res = await userInfo(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('a validly signed token without iat is refused with 401', async () => {
    const { iat: _iat, ...claims } = decodeJwt(admin.accessToken);
    expect((await userInfo(bearer(await signLikeCognitoLocal(claims)))).statusCode).toBe(401);
  });
});

describe('Authorization scheme (RFC 7235: case-insensitive)', () => {
  it('accepts bearer, BEARER and Bearer', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
      const res = await userInfo({ authorization: `${scheme} ${admin.idToken}` });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('tenancy comes before validation', () => {
  it('another chamber in the path is 403 even when the query or body is invalid', async () => {
    const headers = bearer(admin.idToken);
    const list = await app.inject({ method: 'GET', url: '/v1/cci/other-cci/export?no_such_filter=1', headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('forbidden');
    const create = await app.inject({ method: 'POST', url: '/v1/cci/other-cci/export', headers, payload: { type: 42 } });
    expect(create.statusCode).toBe(403);
    const upload = await app.inject({
      method: 'POST',
      url: '/v1/cci/other-cci/common/s3/put_object_url',
      headers,
      payload: {},
    });
    expect(upload.statusCode).toBe(403);
  });

  it('an invalid request to its own chamber is still a 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/cci/demo/export?no_such_filter=1', headers: bearer(admin.idToken) });
    expect(res.statusCode).toBe(400);
  });

  it('another chamber in a repeated cci_code query parameter is 403', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/cci/admin/master/companies?cci_code=demo&cci_code=other-cci',
      headers: bearer(admin.idToken),
    });
    expect(res.statusCode).toBe(403);
  });

  it('a company admin naming another chamber gets 404 before validation', async () => {
    // get_object_url without its required `path` would be a 400 in its own chamber
    const res = await app.inject({
      method: 'GET',
      url: '/v1/company/other-cci/common/s3/get_object_url',
      headers: bearer(company.idToken),
    });
    expect(res.statusCode).toBe(404);
    const own = await app.inject({
      method: 'GET',
      url: '/v1/company/demo/common/s3/get_object_url',
      headers: bearer(company.idToken),
    });
    expect(own.statusCode).toBe(400);
  });
});
