/**
 * The Kaigi API as a Fastify plugin (fastify/demo layout): external plugins, then app plugins
 * (errors, auth, repositories), then routes. `createServer` builds the instance (not yet ready,
 * so callers may add hooks); main.ts runs it and the tests `inject` into it.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type pg from 'pg';
import helmet from './plugins/external/helmet.ts';
import swagger from './plugins/external/swagger.ts';
import spa from './plugins/external/spa.ts';
import errorHandler, { sendProblem } from './plugins/app/error-handler.ts';
import { Problem } from './lib/problem.ts';
import inputNormalizer from './plugins/app/input-normalizer.ts';
import wireSchemas from './plugins/app/wire-schemas.ts';
import { requestValidatorCompiler } from './lib/request-validation.ts';
import listChamber from './lib/list-chamber.ts';
import auth, { type TrustedIssuer } from './plugins/app/auth.ts';
import cognitoUsers, { cognitoUsersOptionsOf } from './plugins/app/cognito.ts';
import database from './plugins/app/database.ts';
import roomLinkSecret from './plugins/app/room-link-secret.ts';
import repositories from './repositories/index.ts';
import health from './routes/health.ts';
import clientConfig from './routes/client-config.ts';
import cciUserInfo from './routes/cci/user-info.ts';
import cciDashboard from './routes/cci/dashboard.ts';
import cciImportTemplate from './routes/cci/import-template.ts';
import companyUserInfo from './routes/company/user-info.ts';
import companyCompanies from './routes/company/companies.ts';
import cciCompanies from './routes/cci/admin/master/companies.ts';
import cciChamberSettings from './routes/cci/admin/master/chamber-settings.ts';
import mastersRoutes from './routes/masters.ts';
import peopleRoutes from './routes/people.ts';
import conferencesRoutes from './routes/conferences.ts';
import attendanceRoutes from './routes/attendance.ts';
import companyCommonUsers, { type PasswordResetLimits } from './routes/company/common/users.ts';
import exportsRoutes, { type UserQuotas } from './routes/exports.ts';
import roomRoutes, { type RoomOptions } from './routes/room.ts';
import mailRoutes from './routes/mail.ts';
import receptionRoutes from './routes/reception.ts';
import votesRoutes from './routes/votes.ts';
import minutesRoutes from './routes/minutes.ts';
import { mailQueueOf, noMailQueue } from './jobs/mail-queue.ts';
import type { StorageDriver } from './storage/driver.ts';
import type { PgBoss } from 'pg-boss';
import type { CognitoUsersOptions } from './services/cognito-users.ts';
import type { Db } from './db/client.ts';
import type { ClientConfig } from './schemas/client-config.ts';
import { fastifyTrustProxy, type TrustProxy } from './config/trust-proxy.ts';
import { lazySerializers } from './lib/lazy-serializers.ts';

export interface AppOptions {
  pool: pg.Pool;
  db: Db;
  production: boolean;
  /** The proxies that may name the client address (TRUST_PROXY); default: none, the socket is the client. */
  trustProxy?: TrustProxy;
  /** Token verification: the Cognito user pool's issuer, JWKS and app client. */
  auth: { issuer: string; jwksUri: string; clientId: string; extraIssuers?: TrustedIssuer[]; currentDate?: () => Date };
  clientConfig: ClientConfig;
  /** Cognito admin API (users, password reset); default: the pool of clientConfig.cognito. */
  cognito?: CognitoUsersOptions;
  /** Overrides of the forget/reset password rate limits (tests). */
  passwordResetLimits?: Partial<PasswordResetLimits>;
  /** Overrides of the per-user quotas on export jobs and upload URLs (tests). */
  userQuotas?: Partial<UserQuotas>;
  /** The built SPA to serve; absent in API-only tests. */
  spaRoot?: string;
  /** Object storage (server/storage/settings.ts createStorage); absent → the file endpoints answer 503. */
  storage?: StorageDriver;
  /** A started pg-boss (server/jobs/boss.ts startBoss); absent → POST …/export answers 503. */
  boss?: PgBoss;
  /** PUBLIC_ORIGIN: the origin in the room links staff hand out (default: the request's). */
  publicOrigin?: string;
  /** The live room (issue 12): link key, heartbeat and limit overrides. */
  room?: Pick<RoomOptions, 'heartbeatMs' | 'limits'> & { linkSecret?: string };
}

function originOf(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

const kaigi: FastifyPluginAsyncTypebox<AppOptions> = async (app, opts) => {
  await app.register(database, { pool: opts.pool, db: opts.db, mailQueue: opts.boss ? mailQueueOf(opts.boss) : noMailQueue });

  const { cognito, sentry } = opts.clientConfig;
  await app.register(helmet, {
    production: opts.production,
    connectOrigins: [
      ...(cognito.endpoint ? originOf(cognito.endpoint) : [`https://cognito-idp.${cognito.region}.amazonaws.com`]),
      // the hosted login's token endpoint (Amplify fetches https://${domain}/oauth2/token)
      ...(cognito.hostedLoginDomain ? [`https://${cognito.hostedLoginDomain}`] : []),
      ...originOf(sentry.dsn),
      // S3: the browser PUTs uploads straight to the bucket
      ...(opts.storage?.connectOrigin ? [opts.storage.connectOrigin] : []),
    ],
  });
  await app.register(swagger);
  await app.register(wireSchemas);
  await app.register(errorHandler);
  await app.register(inputNormalizer);
  await app.register(cognitoUsers, opts.cognito ?? cognitoUsersOptionsOf(opts.clientConfig.cognito));
  await app.register(roomLinkSecret, { linkSecret: opts.room?.linkSecret });
  await app.register(repositories, { storage: opts.storage });
  await app.register(listChamber);
  await app.register(auth, {
    ...opts.auth,
    findUser: (username) => app.users.findByUsername(username),
    redeemStreamTicket: (ticket, conferenceId) => app.roomAccess.redeemTicket(ticket, conferenceId),
  });

  await app.register(health);
  await app.register(clientConfig, { config: opts.clientConfig });
  await app.register(cciUserInfo);
  await app.register(cciDashboard);
  await app.register(cciImportTemplate);
  await app.register(companyUserInfo);
  await app.register(companyCompanies);
  await app.register(cciCompanies);
  await app.register(cciChamberSettings);
  await app.register(mastersRoutes);
  await app.register(peopleRoutes);
  await app.register(conferencesRoutes);
  await app.register(attendanceRoutes);
  await app.register(companyCommonUsers, { limits: opts.passwordResetLimits });
  await app.register(exportsRoutes, { storage: opts.storage, boss: opts.boss, quotas: opts.userQuotas });
  await app.register(roomRoutes, {
    publicOrigin: opts.publicOrigin,
    heartbeatMs: opts.room?.heartbeatMs,
    limits: opts.room?.limits,
  });
  await app.register(mailRoutes);
  await app.register(receptionRoutes);
  await app.register(votesRoutes);
  await app.register(minutesRoutes);

  if (opts.spaRoot) await app.register(spa, { root: opts.spaRoot });
};

const kaigiApp = fp(kaigi, { name: 'kaigi' });
export default kaigiApp;

/** Request bodies above this are refused with 413 (DESIGN.md §10). */
const BODY_LIMIT = 1024 * 1024;

export async function createServer(opts: AppOptions, serverOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    trustProxy: fastifyTrustProxy(opts.trustProxy ?? 0),
    // Router-level refusals (malformed URL, over-long path parameter) leave as problem+json too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const detail = status === 414 ? 'URL のパラメータが長すぎます。' : 'URL が不正です。';
      return sendProblem(reply, new Problem(status, status === 414 ? 'uri_too_long' : 'bad_url', detail));
    },
    ...serverOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // query and params coerced (plain numbers only), bodies not at all (DESIGN.md §5, §10)
  app.setValidatorCompiler(requestValidatorCompiler());
  await app.register(kaigiApp, opts);
  return app;
}
