/**
 * Issue 15 item 8, decision 0013: tokens of the hosted login's stand-in (the e2e harness's OAuth
 * server) are accepted only when the API is configured to trust that issuer, with that issuer's
 * keys, and they select the user row by the Cognito username like the user pool's own tokens.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { bearer, buildTestApp, signIn } from '../../helpers/app.ts';
import { testStack } from '../../helpers/stack.ts';

const ISSUER = 'https://hosted-login.test';

let jwksServer: http.Server;
let trusting: FastifyInstance;
let plain: FastifyInstance;
let key: CryptoKey;
let otherKey: CryptoKey;
let adminUsername: string;

beforeAll(async () => {
  ({ privateKey: key } = await generateKeyPair('RS256', { extractable: true }));
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  const jwk = { ...(await exportJWK(key)), kid: 'hosted', alg: 'RS256', use: 'sig' };
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  jwksServer = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;

  const stack = testStack();
  const extraIssuers = [{ issuer: ISSUER, jwksUri: `http://127.0.0.1:${port}/.well-known/jwks.json` }];
  trusting = await buildTestApp({ app: { auth: { ...stack.auth, extraIssuers } } });
  plain = await buildTestApp();
  adminUsername = String(decodeJwt((await signIn('cci-admin@example.com')).idToken)['cognito:username']);
});
afterAll(async () => {
  await trusting?.close();
  await plain?.close();
  jwksServer?.close();
});

/** An ID token shaped like Cognito's, from the stand-in issuer. */
const idToken = (signingKey: CryptoKey, audience = testStack().auth.clientId) =>
  new SignJWT({ token_use: 'id', 'cognito:username': adminUsername, email: 'cci-admin@example.com' })
    .setProtectedHeader({ alg: 'RS256', kid: 'hosted' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(adminUsername)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(signingKey);

const userInfo = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/v1/cci/user_info', headers: bearer(token) });

describe('the hosted login stand-in issuer', () => {
  it('is trusted when configured: its ID token reaches the user row by cognito:username', async () => {
    const res = await userInfo(trusting, await idToken(key));
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(adminUsername);
  });

  it('its access token (token_use access, client_id, username) is accepted too', async () => {
    const access = await new SignJWT({ token_use: 'access', client_id: testStack().auth.clientId, username: adminUsername })
      .setProtectedHeader({ alg: 'RS256', kid: 'hosted' })
      .setIssuer(ISSUER)
      .setSubject(adminUsername)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await userInfo(trusting, access)).statusCode).toBe(200);
  });

  it('is refused (401) by an API not configured to trust it', async () => {
    const res = await userInfo(plain, await idToken(key));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('a token naming it but signed with another key, or for another client, is refused', async () => {
    expect((await userInfo(trusting, await idToken(otherKey))).statusCode).toBe(401);
    expect((await userInfo(trusting, await idToken(key, 'another-client'))).statusCode).toBe(401);
  });

  it("the user pool's own tokens still work beside it", async () => {
    const { idToken: poolToken } = await signIn('cci-staff@example.com');
    expect((await userInfo(trusting, poolToken)).statusCode).toBe(200);
  });
});

describe('the hosted login in config.json and the CSP (issue 15 item 8)', () => {
  it('names the domain and the straight-there flag, and lets the SPA call the token endpoint', async () => {
    const stack = testStack();
    const cognito = { ...stack.clientConfig.cognito, hostedLoginDomain: 'auth.kaigi.example.jp', hostedLoginOnly: true };
    const app = await buildTestApp({ app: { clientConfig: { ...stack.clientConfig, cognito } } });
    try {
      const res = await app.inject('/config.json');
      expect(res.json().cognito).toMatchObject({ hostedLoginDomain: 'auth.kaigi.example.jp', hostedLoginOnly: true });
      expect(String(res.headers['content-security-policy'])).toMatch(/connect-src [^;]*https:\/\/auth\.kaigi\.example\.jp/);
    } finally {
      await app.close();
    }
  });
});
