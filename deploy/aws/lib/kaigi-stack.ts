/** One environment of Kaigi on AWS (issue 36): the parts in lib/, wired together. */
import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { KaigiConfig } from './config.ts';
import { Database } from './database.ts';
import { FilesBucket } from './bucket.ts';
import { UserPool } from './user-pool.ts';
import { AppEnvironment } from './app-environment.ts';
import { KaigiTasks } from './tasks.ts';
import { KaigiServices } from './services.ts';
import { MigrationsBeforeRollout } from './migration.ts';

export class KaigiStack extends Stack {
  constructor(scope: Construct, id: string, config: KaigiConfig, props: StackProps = {}) {
    super(scope, id, {
      ...props,
      env: { account: config.site.account, region: config.site.region },
      description: `Kaigi ${config.environment}`,
      terminationProtection: config.sizing.protectData,
    });
    Tags.of(this).add('app', 'kaigi');
    Tags.of(this).add('environment', config.environment);

    const database = new Database(this, 'Database', config);
    const files = new FilesBucket(this, 'Files', config);
    const userPool = new UserPool(this, 'Users', config);
    const env = new AppEnvironment(this, 'Environment', config, { database, userPool, files });
    const tasks = new KaigiTasks(this, 'Tasks', config, { env, files, userPool });
    const services = new KaigiServices(this, 'Services', config, { database, tasks });
    const migrations = new MigrationsBeforeRollout(this, 'Migrations', {
      cluster: services.cluster,
      task: tasks.oneOff,
      database,
    });
    services.api.node.addDependency(migrations.resource);
    services.worker.node.addDependency(migrations.resource);

    const output = (name: string, value: string, description: string) => new CfnOutput(this, name, { value, description });
    output('LoadBalancerDns', services.loadBalancer.loadBalancerDnsName, `CNAME/ALIAS target of ${config.site.domainName}`);
    output('UserPoolId', userPool.pool.userPoolId, 'COGNITO_USER_POOL_ID');
    output('ClusterName', services.cluster.clusterName, 'ECS cluster (one-off tasks: aws ecs run-task)');
    output('OneOffTaskDefinition', tasks.oneOff.taskDefinitionArn, 'task definition of migrations and chamber:create');
    output('TaskSubnets', database.vpc.privateSubnets.map((s) => s.subnetId).join(','), 'subnets of one-off tasks');
    output('TaskSecurityGroup', database.clientSecurityGroup.securityGroupId, 'security group of one-off tasks');
    output('FilesBucket', files.bucket.bucketName, 'S3_BUCKET');
  }
}
