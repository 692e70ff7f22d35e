/**
 * The variables every Kaigi container gets (README, Configuration; server/config/env.ts), and the
 * secrets, injected by ECS from Secrets Manager so that no value is in the template:
 *
 *   PGPASSWORD        the database password, from the secret Aurora generated. DATABASE_URL names
 *                     host, user and database only; node-postgres (pg, pg-boss, the migrations)
 *                     takes the password from PGPASSWORD when the URL has none.
 *   ROOM_LINK_SECRET  HMAC key of room links and 受付票, generated here (64 characters), the same
 *                     for the API and the workers (the receipt mail's tickets).
 *   SMTP_URL          `smtps://USER:PASS@email-smtp.<region>.amazonaws.com:465`, SES SMTP
 *                     credentials the operator creates and stores before the first deploy (README,
 *                     Deploy to AWS); the stack only references the secret by name.
 */
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { KaigiConfig } from './config.ts';
import { DATABASE_NAME, DATABASE_USER, type Database } from './database.ts';
import type { UserPool } from './user-pool.ts';
import type { FilesBucket } from './bucket.ts';

/** The port the API listens on inside its task. */
export const API_PORT = 8080;

export class AppEnvironment extends Construct {
  readonly roomLinkSecret: secretsmanager.Secret;
  readonly smtpSecret: secretsmanager.ISecret;
  /** Plain variables shared by every Kaigi process. */
  readonly variables: Record<string, string>;
  readonly secrets: Record<string, ecs.Secret>;

  constructor(
    scope: Construct,
    id: string,
    config: KaigiConfig,
    parts: { database: Database; userPool: UserPool; files: FilesBucket },
  ) {
    super(scope, id);
    const { site, sizing, environment } = config;
    this.roomLinkSecret = new secretsmanager.Secret(this, 'RoomLinkSecret', {
      description: `Kaigi ${environment}: ROOM_LINK_SECRET (HMAC key of room links and tickets)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    this.smtpSecret = secretsmanager.Secret.fromSecretNameV2(this, 'SmtpUrl', site.smtpSecretName);
    const databaseSecret = parts.database.cluster.secret!;

    const endpoint = parts.database.cluster.clusterEndpoint;
    this.variables = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // verify-full: the image trusts the RDS certificate authorities (NODE_EXTRA_CA_CERTS, Dockerfile)
      DATABASE_URL: `postgres://${DATABASE_USER}@${endpoint.hostname}:${endpoint.port}/${DATABASE_NAME}?sslmode=verify-full`,
      COGNITO_REGION: site.region,
      COGNITO_USER_POOL_ID: parts.userPool.pool.userPoolId,
      COGNITO_CLIENT_ID: parts.userPool.client.userPoolClientId,
      COGNITO_AUTH_FLOW: 'USER_SRP_AUTH',
      COGNITO_HOSTED_LOGIN_DOMAIN: parts.userPool.hostedLoginHost(site.region),
      PUBLIC_ORIGIN: `https://${site.domainName}`,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: parts.files.bucket.bucketName,
      S3_REGION: site.region,
      EXPORT_RETENTION_DAYS: String(sizing.exportRetentionDays),
      EXPORT_WORKER: 'off',
      MAIL_WORKER: 'off',
      MAIL_FROM: site.mailFrom,
      SENTRY_ENVIRONMENT: environment,
      ...(site.sentryDsn ? { SENTRY_DSN: site.sentryDsn } : {}),
    };
    this.secrets = {
      PGPASSWORD: ecs.Secret.fromSecretsManager(databaseSecret, 'password'),
      ROOM_LINK_SECRET: ecs.Secret.fromSecretsManager(this.roomLinkSecret),
      SMTP_URL: ecs.Secret.fromSecretsManager(this.smtpSecret),
    };
  }
}
