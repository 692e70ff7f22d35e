/**
 * The typed configuration of each environment (issue 36). Sizes, retention and protection are
 * decided here per environment; what only the operator knows (account, domain, certificate,
 * sender) comes from CDK context (`cdk.json` or `-c`), so nothing site-specific or secret is in
 * the repository. Secrets are never configuration: they live in Secrets Manager (lib/secrets.ts).
 */
export type EnvironmentName = 'staging' | 'production';
export const ENVIRONMENT_NAMES: readonly EnvironmentName[] = ['staging', 'production'];

export interface EnvironmentSizing {
  /** API tasks: at least 2, so a rolling restart or a lost task never stops the service. */
  apiTasks: number;
  /** Fargate vCPU units / MiB of one API task. */
  apiCpu: number;
  apiMemoryMiB: number;
  /**
   * DATABASE_POOL_SIZE of one API process: about 4 per PostgreSQL CPU in all, divided among the
   * API processes (docs/decisions/0018-database-pool-size.md).
   */
  apiPoolSize: number;
  /** Worker tasks (exports, imports, mail: `npm run worker`). */
  workerTasks: number;
  workerCpu: number;
  workerMemoryMiB: number;
  /** EXPORT_WORKER_CONCURRENCY: exports per worker process (1–8). */
  workerConcurrency: number;
  /** Aurora Serverless v2 capacity range (ACU; 1 ACU ≈ 2 GiB). */
  databaseMinAcu: number;
  databaseMaxAcu: number;
  /** Aurora readers besides the writer (a reader in another AZ is the fail-over target). */
  databaseReaders: number;
  /** Automated backup retention (point-in-time recovery window), days. */
  backupRetentionDays: number;
  /** Deletion protection on the database, retained database/bucket/user pool on stack deletion. */
  protectData: boolean;
  /** EXPORT_RETENTION_DAYS, and the bucket's lifecycle for exports and imports. */
  exportRetentionDays: number;
  /** CloudWatch log retention, days (one of CloudWatch's allowed values). */
  logRetentionDays: number;
  /** NAT gateways: one per AZ in production, one shared in staging. */
  natGateways: number;
}

export const SIZING: Record<EnvironmentName, EnvironmentSizing> = {
  staging: {
    apiTasks: 2,
    apiCpu: 512,
    apiMemoryMiB: 1024,
    apiPoolSize: 4,
    workerTasks: 1,
    workerCpu: 512,
    workerMemoryMiB: 1024,
    workerConcurrency: 1,
    databaseMinAcu: 0.5,
    databaseMaxAcu: 2,
    databaseReaders: 0,
    backupRetentionDays: 7,
    protectData: false,
    exportRetentionDays: 7,
    logRetentionDays: 30,
    natGateways: 1,
  },
  production: {
    apiTasks: 2,
    apiCpu: 1024,
    apiMemoryMiB: 2048,
    // 2 API tasks on a writer of up to 4 ACU (~2 vCPU at full scale): 4 × 2 ÷ 2
    apiPoolSize: 4,
    workerTasks: 2,
    workerCpu: 1024,
    workerMemoryMiB: 2048,
    workerConcurrency: 2,
    databaseMinAcu: 1,
    databaseMaxAcu: 4,
    databaseReaders: 1,
    backupRetentionDays: 14,
    protectData: true,
    exportRetentionDays: 7,
    logRetentionDays: 365,
    natGateways: 2,
  },
};

/** What the operator supplies per environment (CDK context `kaigi:<environment>`). */
export interface SiteSettings {
  /** AWS account and region; region defaults to ap-northeast-1 (spec §9). */
  account?: string;
  region: string;
  /** The host name users reach, e.g. `kaigi.example.jp`; PUBLIC_ORIGIN is `https://` + it. */
  domainName: string;
  /** ACM certificate for domainName, in the stack's region (DNS-validated). */
  certificateArn: string;
  /** Prefix of the Cognito hosted-login domain (`<prefix>.auth.<region>.amazoncognito.com`). */
  cognitoDomainPrefix: string;
  /** MAIL_FROM: an SES-verified identity, e.g. `〇〇商工会議所 <kaigi@example.jp>`. */
  mailFrom: string;
  /** Name of the Secrets Manager secret holding SMTP_URL (created before the first deploy). */
  smtpSecretName: string;
  /** Optional Sentry DSN (not secret: the browser sees it in /config.json). */
  sentryDsn?: string;
}

const REQUIRED: Array<keyof SiteSettings> = ['domainName', 'certificateArn', 'cognitoDomainPrefix', 'mailFrom'];

/** Reads and checks one environment's site settings; every problem is named at once. */
export function siteSettingsFrom(environment: EnvironmentName, raw: unknown): SiteSettings {
  const given = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof SiteSettings, unknown>>;
  const text = (key: keyof SiteSettings): string | undefined =>
    typeof given[key] === 'string' && given[key].trim() !== '' ? given[key].trim() : undefined;
  const problems = REQUIRED.filter((key) => text(key) === undefined).map(
    (key) => `context kaigi:${environment}.${key} is required`,
  );
  const domainName = text('domainName') ?? '';
  if (domainName && !/^[a-z0-9.-]+$/i.test(domainName)) problems.push(`kaigi:${environment}.domainName must be a host name`);
  const certificateArn = text('certificateArn') ?? '';
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:'))
    problems.push(`kaigi:${environment}.certificateArn must be an ACM certificate ARN`);
  if (problems.length > 0) throw new Error(`Kaigi deploy configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    account: text('account'),
    region: text('region') ?? 'ap-northeast-1',
    domainName,
    certificateArn,
    cognitoDomainPrefix: text('cognitoDomainPrefix')!,
    mailFrom: text('mailFrom')!,
    smtpSecretName: text('smtpSecretName') ?? `kaigi/${environment}/smtp-url`,
    sentryDsn: text('sentryDsn'),
  };
}

export interface KaigiConfig {
  environment: EnvironmentName;
  sizing: EnvironmentSizing;
  site: SiteSettings;
}
