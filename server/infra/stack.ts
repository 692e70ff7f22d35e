/**
 * Brings up the real components behind the API (DESIGN.md §3): PostgreSQL (external or
 * embedded), Cognito (AWS, external endpoint, or cognito-local provisioned here), migrations and,
 * in local mode, the demo data and accounts. Used by main.ts, the API test harness and e2e.
 */
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import type { Settings } from '../config/env.ts';
import { createDb, type Db } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { company } from '../db/schema.ts';
import { DEMO_CCI_CODE, seedDemo } from '../db/seed/demo.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { provisionCognito, startCognitoLocal } from './cognito-local.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import type { ClientConfig } from '../schemas/client-config.ts';
import type { TrustedIssuer } from '../plugins/app/auth.ts';

export interface Stack {
  databaseUrl: string;
  pool: pg.Pool;
  db: Db;
  auth: { issuer: string; jwksUri: string; clientId: string; extraIssuers?: TrustedIssuer[] };
  clientConfig: ClientConfig;
  /** cognito-local's endpoint when this stack runs it */
  cognitoLocalEndpoint?: string;
  cognitoLocalDataDir?: string;
  /** where mail goes: SMTP_URL, else the local sink's smtp://127.0.0.1:port */
  smtpUrl: string;
  /** the local SMTP sink (DESIGN.md §3) when SMTP_URL is not set: its port, .eml folder, stats */
  mailSink?: SmtpSink;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/**
 * `log` gets progress lines; `infraLog` the output of PostgreSQL and cognito-local, which is
 * chatty: main.ts passes it only at LOG_LEVEL debug/trace (failures carry their output anyway).
 */
export async function startStack(settings: Settings, log: Log = () => {}, infraLog?: Log): Promise<Stack> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((err: unknown) => log(`stop failed: ${String(err)}`));
  };
  try {
    let databaseUrl = settings.databaseUrl;
    if (!databaseUrl) {
      log('starting embedded PostgreSQL…');
      const pgServer = await startEmbeddedPostgres({
        dataDir: path.join(settings.dataDir, 'postgres'),
        port: settings.embeddedPostgresPort,
        log: infraLog,
      });
      stops.push(() => pgServer.stop());
      databaseUrl = pgServer.url;
    }
    await runMigrations(databaseUrl);
    const { pool, db } = createDb(databaseUrl, {
      max: settings.databasePool.size,
      connectionTimeoutMillis: settings.databasePool.timeoutMs,
    });
    stops.push(() => pool.end());

    const { cognito } = settings;
    let userPoolId = cognito.userPoolId;
    let clientId = cognito.clientId;
    let endpoint = cognito.endpoint;
    let cognitoLocalDataDir: string | undefined;
    if (!userPoolId || !clientId) {
      // Local mode: run cognito-local, provision the pool and the demo data and accounts.
      cognitoLocalDataDir = path.join(settings.dataDir, 'cognito');
      log('starting cognito-local…');
      const local = await startCognitoLocal({ dataDir: cognitoLocalDataDir, port: cognito.localPort, log: infraLog });
      stops.push(() => local.stop());
      endpoint = local.endpoint;
      await seedDemo(db, { users: [] });
      const companyIds = await demoCompanyIds(db);
      const provisioned = await provisionCognito({
        endpoint,
        stateFile: path.join(cognitoLocalDataDir, 'kaigi-pool.json'),
        users: DEMO_ACCOUNTS.map((a) => ({
          email: a.email,
          password: DEMO_PASSWORD,
          userType: a.userType,
          companyId: a.companyCode ? companyIds.get(a.companyCode) : undefined,
        })),
      });
      userPoolId = provisioned.userPoolId;
      clientId = provisioned.clientId;
      const usernames = new Map(provisioned.users.map((u) => [u.email, u.username]));
      await seedDemo(db, {
        users: DEMO_ACCOUNTS.map((a) => ({ ...a, username: usernames.get(a.email)! })),
      });
    }

    let mailSink: SmtpSink | undefined;
    if (!settings.mail.smtpUrl) {
      mailSink = await startSmtpSink({ dir: path.join(settings.dataDir, 'mail'), port: settings.mail.sinkPort });
      stops.push(() => mailSink!.stop());
    }

    const issuer = endpoint ? `${endpoint}/${userPoolId}` : `https://cognito-idp.${cognito.region}.amazonaws.com/${userPoolId}`;
    return {
      databaseUrl,
      pool,
      db,
      auth: {
        issuer,
        jwksUri: `${issuer}/.well-known/jwks.json`,
        clientId,
        // the e2e harness's stand-in for Cognito's hosted UI (docs/decisions/0013-hosted-login.md)
        ...(cognito.testIssuer
          ? { extraIssuers: [{ issuer: cognito.testIssuer, jwksUri: `${cognito.testIssuer}/.well-known/jwks.json` }] }
          : {}),
      },
      clientConfig: {
        apiBaseUrl: '',
        cognito: {
          region: cognito.region,
          userPoolId,
          userPoolClientId: clientId,
          ...(endpoint ? { endpoint } : {}),
          authFlowType: endpoint ? 'USER_PASSWORD_AUTH' : cognito.authFlowType,
          hostedLoginDomain: cognito.hostedLoginDomain ?? null,
          hostedLoginOnly: cognito.hostedLoginOnly,
        },
        sentry: { dsn: settings.sentry.dsn ?? null, environment: settings.sentry.environment },
      },
      cognitoLocalEndpoint: cognitoLocalDataDir ? endpoint : undefined,
      cognitoLocalDataDir,
      smtpUrl: settings.mail.smtpUrl ?? mailSink!.url,
      mailSink,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function demoCompanyIds(db: Db): Promise<Map<string, number>> {
  const codes = DEMO_ACCOUNTS.flatMap((a) => (a.companyCode ? [a.companyCode] : []));
  const rows = await db
    .select({ id: company.id, code: company.company_code })
    .from(company)
    .where(and(eq(company.cci_code, DEMO_CCI_CODE), inArray(company.company_code, codes)));
  return new Map(rows.map((r) => [r.code, r.id]));
}
