/**
 * The container image and the task definitions of Kaigi's processes: the API, the worker and the
 * one-off tasks (migrations, chamber:create). One image for all (Dockerfile at the repository root,
 * built by `cdk deploy` as an asset); each process starts with its own Node flags
 * (server/config/node-flags.ts), the same the npm scripts pass.
 */
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { Construct } from 'constructs';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../../server/config/node-flags.ts';
import type { KaigiConfig } from './config.ts';
import { API_PORT, type AppEnvironment } from './app-environment.ts';
import type { FilesBucket } from './bucket.ts';
import type { UserPool } from './user-pool.ts';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The commands, as `npm run start:api` / `npm run worker` / `npm run db:migrate` run them. */
export const API_COMMAND = ['node', ...API_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'];
export const WORKER_COMMAND = ['node', ...WORKER_NODE_FLAGS, '--import', 'tsx', 'server/worker.ts'];
export const MIGRATE_COMMAND = ['node', '--import', 'tsx', 'server/cli/migrate.ts'];

/** Cognito admin calls the API and chamber:create make (server/services/cognito-users.ts). */
const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminGetUser',
];

export class KaigiTasks extends Construct {
  readonly api: ecs.FargateTaskDefinition;
  readonly worker: ecs.FargateTaskDefinition;
  /** Migrations and chamber:create (README: its command is overridden per run). */
  readonly oneOff: ecs.FargateTaskDefinition;
  readonly image: ecs.ContainerImage;

  constructor(
    scope: Construct,
    id: string,
    { environment, sizing }: KaigiConfig,
    parts: { env: AppEnvironment; files: FilesBucket; userPool: UserPool },
  ) {
    super(scope, id);
    this.image = ecs.ContainerImage.fromAsset(REPOSITORY_ROOT, { file: 'Dockerfile', platform: Platform.LINUX_AMD64 });

    const logGroup = (name: string) =>
      new logs.LogGroup(this, `${name}Logs`, {
        logGroupName: `/kaigi/${environment}/${name.toLowerCase()}`,
        retention: sizing.logRetentionDays as logs.RetentionDays,
        removalPolicy: sizing.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });

    const define = (
      name: string,
      size: { cpu: number; memoryLimitMiB: number },
      command: string[],
      extra: Record<string, string>,
    ) => {
      const task = new ecs.FargateTaskDefinition(this, name, {
        ...size,
        runtimePlatform: { cpuArchitecture: ecs.CpuArchitecture.X86_64, operatingSystemFamily: ecs.OperatingSystemFamily.LINUX },
      });
      task.addContainer('kaigi', {
        image: this.image,
        command,
        environment: { ...parts.env.variables, ...extra },
        secrets: parts.env.secrets,
        logging: ecs.LogDrivers.awsLogs({ streamPrefix: name.toLowerCase(), logGroup: logGroup(name) }),
        // SIGTERM: the API closes its streams (clients resume with Last-Event-ID), a worker
        // finishes the export in hand (server/worker.ts: up to 30 s)
        stopTimeout: Duration.seconds(45),
        portMappings: name === 'Api' ? [{ containerPort: API_PORT }] : [],
      });
      parts.files.bucket.grantReadWrite(task.taskRole);
      return task;
    };

    this.api = define('Api', { cpu: sizing.apiCpu, memoryLimitMiB: sizing.apiMemoryMiB }, API_COMMAND, {
      HOST: '0.0.0.0',
      PORT: String(API_PORT),
      DATABASE_POOL_SIZE: String(sizing.apiPoolSize),
      // the load balancer is the one hop; only its security group reaches the tasks (README, TRUST_PROXY)
      TRUST_PROXY: '1',
    });
    this.worker = define('Worker', { cpu: sizing.workerCpu, memoryLimitMiB: sizing.workerMemoryMiB }, WORKER_COMMAND, {
      EXPORT_WORKER_CONCURRENCY: String(sizing.workerConcurrency),
      TRUST_PROXY: '0',
    });
    this.oneOff = define('OneOff', { cpu: 512, memoryLimitMiB: 1024 }, MIGRATE_COMMAND, { TRUST_PROXY: '0' });

    const cognitoAdmin = new iam.PolicyStatement({
      actions: COGNITO_ADMIN_ACTIONS,
      resources: [parts.userPool.pool.userPoolArn],
    });
    this.api.addToTaskRolePolicy(cognitoAdmin);
    this.oneOff.addToTaskRolePolicy(cognitoAdmin);
  }
}
