import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../server/config/env.ts';
import { problemsOf } from '../../helpers/config-problems.ts';

/** a complete production setup */
const PRODUCTION_COMPLETE = {
  DATABASE_URL: 'postgres://db/kaigi',
  COGNITO_USER_POOL_ID: 'ap-northeast-1_abc',
  COGNITO_CLIENT_ID: 'client',
  PUBLIC_ORIGIN: 'https://kaigi.example.jp',
  S3_BUCKET: 'kaigi-files',
  TRUST_PROXY: '1',
  SMTP_URL: 'smtps://user:pass@email-smtp.ap-northeast-1.amazonaws.com:465',
  MAIL_FROM: 'kaigi@example.jp',
};

describe('environment validation (DESIGN.md §3)', () => {
  it('starts on embedded defaults with no variables at all', () => {
    const s = loadSettings({}, '/srv/kaigi');
    expect(s).toMatchObject({ production: false, port: 8080, dataDir: '/srv/kaigi/.data', databaseUrl: undefined });
    expect(s.cognito).toMatchObject({ region: 'ap-northeast-1', localPort: 9329, authFlowType: 'USER_PASSWORD_AUTH' });
  });

  it('names every malformed variable in one error', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', COGNITO_AUTH_FLOW: 'MAGIC' });
    expect(problems).toHaveLength(4);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'COGNITO_AUTH_FLOW']) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it('requires the production variables and names each missing one', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of [
      'DATABASE_URL',
      'COGNITO_USER_POOL_ID',
      'COGNITO_CLIENT_ID',
      'PUBLIC_ORIGIN',
      'S3_BUCKET',
      'SMTP_URL',
      'MAIL_FROM',
    ]) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it('refuses to start in production with a cognito-local (non-AWS) issuer', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/kaigi',
      COGNITO_USER_POOL_ID: 'local_abc',
      COGNITO_CLIENT_ID: 'client',
      COGNITO_ENDPOINT: 'http://127.0.0.1:9329',
      PUBLIC_ORIGIN: 'https://kaigi.example.jp',
      S3_BUCKET: 'kaigi-files',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtps://user:pass@email-smtp.ap-northeast-1.amazonaws.com:465',
      MAIL_FROM: 'kaigi@example.jp',
    });
    expect(problems).toEqual([expect.stringMatching(/^COGNITO_ENDPOINT must not be set in production/)]);
  });

  it('requires an https public origin in production and accepts a complete production setup', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/kaigi',
      COGNITO_USER_POOL_ID: 'ap-northeast-1_abc',
      COGNITO_CLIENT_ID: 'client',
      S3_BUCKET: 'kaigi-files',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtps://user:pass@email-smtp.ap-northeast-1.amazonaws.com:465',
      MAIL_FROM: '浜松商工会議所 <kaigi@example.jp>',
    };
    expect(problemsOf({ ...base, PUBLIC_ORIGIN: 'http://kaigi.example.jp' })).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN/)]);
    const s = loadSettings({ ...base, PUBLIC_ORIGIN: 'https://kaigi.example.jp' });
    expect(s.cognito.authFlowType).toBe('USER_SRP_AUTH');
  });

  it('the API pool: 4 connections and a 10-s wait by default, each settable, out-of-range values named (issue 16)', () => {
    expect(loadSettings({}, '/srv/kaigi').databasePool).toEqual({ size: 4, timeoutMs: 10_000 });
    expect(loadSettings({ DATABASE_POOL_SIZE: '12', DATABASE_POOL_TIMEOUT_MS: '2500' }, '/srv/kaigi').databasePool).toEqual({
      size: 12,
      timeoutMs: 2500,
    });
    const problems = problemsOf({ DATABASE_POOL_SIZE: '0', DATABASE_POOL_TIMEOUT_MS: '1.5' });
    expect(problems).toEqual([
      'DATABASE_POOL_SIZE must be an integer from 1 to 100, got "0"',
      'DATABASE_POOL_TIMEOUT_MS must be an integer from 100 to 60000, got "1.5"',
    ]);
  });

  it('refuses port 9229 for cognito-local (Node inspector)', () => {
    expect(problemsOf({ COGNITO_LOCAL_PORT: '9229' })).toEqual([expect.stringMatching(/9229/)]);
  });

  it('takes a room link key of at least 32 characters and refuses a shorter one (issue 12)', () => {
    expect(problemsOf({ ROOM_LINK_SECRET: 'short' })).toEqual([expect.stringMatching(/ROOM_LINK_SECRET/)]);
    expect(loadSettings({ ROOM_LINK_SECRET: 'x'.repeat(32) }).roomLinkSecret).toBe('x'.repeat(32));
  });

  it('mail: the local sink and a local sender by default; SMTP_URL and MAIL_FROM in production (DESIGN.md §3)', () => {
    expect(loadSettings({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Kaigi <no-reply@kaigi.localhost>',
      fromDomain: 'kaigi.localhost',
      sinkPort: 1025,
      inProcessWorker: true,
    });
    const ses = 'smtps://AKIAEXAMPLE:secret@email-smtp.ap-northeast-1.amazonaws.com:465';
    expect(
      loadSettings({ SMTP_URL: ses, MAIL_FROM: '浜松商工会議所 <Kaigi@Hamamatsu.example.jp>', SMTP_PORT: '2525' }).mail,
    ).toMatchObject({
      smtpUrl: ses,
      from: '浜松商工会議所 <Kaigi@Hamamatsu.example.jp>',
      fromDomain: 'hamamatsu.example.jp',
      sinkPort: 2525,
    });
    const production = problemsOf({ NODE_ENV: 'production' });
    expect(production.filter((p) => /^(SMTP_URL|MAIL_FROM) /.test(p))).toHaveLength(2);
    expect(loadSettings({ NODE_ENV: 'production', ...PRODUCTION_COMPLETE }).mail.inProcessWorker).toBe(false);
  });

  it('mail: names each malformed mail variable in the one error, never echoing the SMTP password', () => {
    const problems = problemsOf({
      SMTP_URL: 'http://user:hunter2@mail.example.jp',
      MAIL_FROM: 'a@b.jp, c@d.jp',
      SMTP_PORT: '99999',
      MAIL_WORKER: 'sometimes',
    });
    expect(problems).toHaveLength(4);
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SMTP_PORT', 'MAIL_WORKER'])
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problemsOf({ MAIL_FROM: '会議所' })).toEqual([expect.stringMatching(/^MAIL_FROM must be one e-mail address/)]);
  });
  it('hosted login (issue 15 item 8): a domain, the straight-there flag, and the test issuer only outside production', () => {
    const local = loadSettings({ COGNITO_HOSTED_LOGIN_DOMAIN: 'auth.kaigi.example.jp', COGNITO_HOSTED_LOGIN_ONLY: 'true' });
    expect(local.cognito).toMatchObject({ hostedLoginDomain: 'auth.kaigi.example.jp', hostedLoginOnly: true });
    expect(loadSettings({}).cognito.hostedLoginOnly).toBe(false);
    expect(problemsOf({ COGNITO_HOSTED_LOGIN_DOMAIN: 'https://auth.kaigi.example.jp/' })).toEqual([
      expect.stringMatching(/^COGNITO_HOSTED_LOGIN_DOMAIN must be a host name/),
    ]);
    expect(problemsOf({ COGNITO_HOSTED_LOGIN_ONLY: 'true' })).toEqual([
      expect.stringMatching(/needs COGNITO_HOSTED_LOGIN_DOMAIN/),
    ]);
    expect(problemsOf({ COGNITO_HOSTED_LOGIN_ONLY: 'yes' })).toEqual([
      expect.stringMatching(/^COGNITO_HOSTED_LOGIN_ONLY must be/),
    ]);

    const issuer = 'https://127.0.0.1:18443';
    expect(loadSettings({ COGNITO_TEST_ISSUER: issuer }).cognito.testIssuer).toBe(issuer);
    // production, or an AWS user pool: the API trusts the user pool's issuer and nothing else
    expect(problemsOf({ NODE_ENV: 'production', ...PRODUCTION_COMPLETE, COGNITO_TEST_ISSUER: issuer })).toEqual([
      expect.stringMatching(/^COGNITO_TEST_ISSUER is for the test harness only/),
    ]);
    expect(
      problemsOf({ COGNITO_USER_POOL_ID: 'ap-northeast-1_abc', COGNITO_CLIENT_ID: 'client', COGNITO_TEST_ISSUER: issuer }),
    ).toEqual([expect.stringMatching(/^COGNITO_TEST_ISSUER is for the test harness only/)]);
    expect(problemsOf({ COGNITO_TEST_ISSUER: 'http://127.0.0.1:18443' })).toEqual([
      expect.stringMatching(/^COGNITO_TEST_ISSUER must be a https: URL/),
    ]);
  });
});
