/**
 * TRUST_PROXY (DESIGN.md §10): behind a proxy the client address comes only from the hops it
 * names, so a client cannot choose its own rate-limit key with a forged X-Forwarded-For.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadSettings } from '../../../server/config/env.ts';
import { problemsOf } from '../../helpers/config-problems.ts';
import { buildTestApp } from '../../helpers/app.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/kaigi',
  COGNITO_USER_POOL_ID: 'ap-northeast-1_abc',
  COGNITO_CLIENT_ID: 'client',
  PUBLIC_ORIGIN: 'https://kaigi.example.jp',
  S3_BUCKET: 'kaigi-files',
  SMTP_URL: 'smtps://user:pass@email-smtp.ap-northeast-1.amazonaws.com:465',
  MAIL_FROM: 'kaigi@example.jp',
};

describe('TRUST_PROXY validation', () => {
  it('trusts no proxy by default outside production', () => {
    expect(loadSettings({}).trustProxy).toBe(0);
  });

  it('is required in production, with a message saying what to set', () => {
    expect(problemsOf(PRODUCTION)).toEqual([expect.stringMatching(/^TRUST_PROXY is required in production/)]);
    expect(loadSettings({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadSettings({ ...PRODUCTION, TRUST_PROXY: '0' }).trustProxy).toBe(0);
  });

  it('takes a list of addresses and CIDR ranges', () => {
    expect(loadSettings({ TRUST_PROXY: '10.0.0.0/16, 192.168.1.7 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/16',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['true', '11', '-1', '10.0.0.0/33', '10.0.0.0/8,proxy.example.jp', '::1/129', '1.2.3']) {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY must be/)]);
    }
  });
});

describe('the forget-password limit per client address', () => {
  const FORGET = '/v1/company/common/users/forget_password';
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  /** The production app (trustProxy used to follow it) with one forget-password request per address. */
  const build = async (TRUST_PROXY: string) => {
    const { trustProxy } = loadSettings({ ...PRODUCTION, TRUST_PROXY });
    app = await buildTestApp({
      app: { production: true, trustProxy, passwordResetLimits: { forgetPerIp: { max: 1, timeWindowMs: 60_000 } } },
    });
    return app;
  };
  // A malformed e-mail is refused (400) after the per-address limit counted it, without calling Cognito.
  const forget = (target: FastifyInstance, forwardedFor: string) =>
    target.inject({
      method: 'POST',
      url: FORGET,
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'broken' },
    });

  it('TRUST_PROXY=1: only the address the proxy saw (the last X-Forwarded-For entry) counts', async () => {
    const target = await build('1');
    expect((await forget(target, '198.51.100.1, 203.0.113.7')).statusCode).toBe(400);
    const again = await forget(target, '198.51.100.2, 203.0.113.7');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('rate_limited');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forget(target, '198.51.100.1, 203.0.113.8')).statusCode).toBe(400);
  });

  it('TRUST_PROXY=0: forged X-Forwarded-For values from one socket share its limit', async () => {
    const target = await build('0');
    expect((await forget(target, '198.51.100.1')).statusCode).toBe(400);
    expect((await forget(target, '198.51.100.2')).statusCode).toBe(429);
  });

  it('TRUST_PROXY as a range: hops from it are skipped, the first address outside it is the client', async () => {
    const target = await build('10.0.0.0/8');
    expect((await forget(target, '198.51.100.1, 203.0.113.7, 10.1.2.3')).statusCode).toBe(400);
    expect((await forget(target, '198.51.100.2, 203.0.113.7, 10.9.9.9')).statusCode).toBe(429);
    expect((await forget(target, '203.0.113.8')).statusCode).toBe(400);
  });
});
