/**
 * Migrations before the services roll (issue 36; docs/decisions/0033-deploy-to-aws.md). A custom
 * resource runs the one-off task with MIGRATE_COMMAND on every deploy whose image changed and waits
 * for it to stop; the services depend on it, so CloudFormation updates them only after the task
 * exited 0. A failed migration fails the deploy before any new code serves, and CloudFormation
 * rolls the stack back (the migrations are one transaction: nothing half-applied).
 */
import { CustomResource, Duration } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import type * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { Database } from './database.ts';

// Inline handlers (the AWS SDK v3 ships with the Lambda runtime): start the task, then poll it.
const ON_EVENT = `
const { ECSClient, RunTaskCommand } = require('@aws-sdk/client-ecs');
exports.handler = async (event) => {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const p = event.ResourceProperties;
  const out = await new ECSClient({}).send(new RunTaskCommand({
    cluster: p.Cluster, taskDefinition: p.TaskDefinition, launchType: 'FARGATE', count: 1,
    networkConfiguration: { awsvpcConfiguration: { subnets: p.Subnets, securityGroups: p.SecurityGroups, assignPublicIp: 'DISABLED' } },
    startedBy: 'kaigi-migrations',
  }));
  const task = out.tasks && out.tasks[0];
  if (!task) throw new Error('RunTask started no task: ' + JSON.stringify(out.failures));
  return { PhysicalResourceId: 'kaigi-migrations', Data: { TaskArn: task.taskArn } };
};`;
const IS_COMPLETE = `
const { ECSClient, DescribeTasksCommand } = require('@aws-sdk/client-ecs');
exports.handler = async (event) => {
  if (event.RequestType === 'Delete') return { IsComplete: true };
  const p = event.ResourceProperties;
  const out = await new ECSClient({}).send(new DescribeTasksCommand({ cluster: p.Cluster, tasks: [event.Data.TaskArn] }));
  const task = out.tasks[0];
  if (!task || task.lastStatus !== 'STOPPED') return { IsComplete: false };
  const code = task.containers[0] && task.containers[0].exitCode;
  if (code !== 0) throw new Error('migrations failed (exit ' + code + ', ' + task.stoppedReason + '): see the one-off task log group');
  return { IsComplete: true };
};`;

export class MigrationsBeforeRollout extends Construct {
  readonly resource: CustomResource;

  constructor(
    scope: Construct,
    id: string,
    parts: { cluster: ecs.ICluster; task: ecs.FargateTaskDefinition; database: Database },
  ) {
    super(scope, id);
    const handler = (name: string, code: string) =>
      new lambda.Function(this, name, {
        runtime: lambda.Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: lambda.Code.fromInline(code),
        timeout: Duration.minutes(1),
      });
    const onEvent = handler('Start', ON_EVENT);
    const isComplete = handler('Poll', IS_COMPLETE);
    onEvent.addToRolePolicy(new iam.PolicyStatement({ actions: ['ecs:RunTask'], resources: [parts.task.taskDefinitionArn] }));
    onEvent.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [parts.task.taskRole.roleArn, parts.task.obtainExecutionRole().roleArn],
      }),
    );
    isComplete.addToRolePolicy(new iam.PolicyStatement({ actions: ['ecs:DescribeTasks'], resources: ['*'] }));

    const provider = new cr.Provider(this, 'Provider', {
      onEventHandler: onEvent,
      isCompleteHandler: isComplete,
      queryInterval: Duration.seconds(15),
      totalTimeout: Duration.minutes(30),
    });
    const selection = parts.database.vpc.selectSubnets({ subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS });
    const subnets = selection.subnetIds;
    this.resource = new CustomResource(this, 'Run', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::KaigiMigrations',
      properties: {
        Cluster: parts.cluster.clusterArn,
        Subnets: subnets,
        SecurityGroups: [parts.database.clientSecurityGroup.securityGroupId],
        // a new image or setting is a new task definition revision, so a new run
        TaskDefinition: parts.task.taskDefinitionArn,
      },
    });
    // the database must be up (and the writer in place) before the task connects, and the task
    // needs its subnets' route out (the image from ECR, the secrets from Secrets Manager)
    this.resource.node.addDependency(parts.database.cluster, selection.internetConnectivityEstablished);
  }
}
