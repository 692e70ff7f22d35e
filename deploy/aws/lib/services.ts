/**
 * The ECS services and the load balancer. The API runs ≥ 2 tasks behind an HTTPS ALB; the worker
 * has no listener. The processes are stateless (README: every request, job and room event goes
 * through PostgreSQL), so the target group has no stickiness, and a rolling deploy starts new tasks
 * before stopping old ones (circuit breaker: a release whose tasks do not get healthy rolls back).
 *
 * SSE: a room's event stream sends a comment line every HEARTBEAT_MS (server/lib/room/hub.ts), so
 * the ALB's idle timeout only has to be comfortably longer than that; SSE_IDLE_TIMEOUT allows a
 * few heartbeats to be late before the ALB cuts a stream.
 */
import { Duration } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as elbv2 from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { Construct } from 'constructs';
import { HEARTBEAT_MS } from '../../../server/lib/room/hub.ts';
import type { KaigiConfig } from './config.ts';
import type { Database } from './database.ts';
import { API_PORT } from './app-environment.ts';
import type { KaigiTasks } from './tasks.ts';

export const SSE_IDLE_TIMEOUT = Duration.seconds((HEARTBEAT_MS / 1000) * 8);

export class KaigiServices extends Construct {
  readonly cluster: ecs.Cluster;
  readonly loadBalancer: elbv2.ApplicationLoadBalancer;
  readonly api: ecs.FargateService;
  readonly worker: ecs.FargateService;

  constructor(scope: Construct, id: string, { sizing, site }: KaigiConfig, parts: { database: Database; tasks: KaigiTasks }) {
    super(scope, id);
    const { vpc, clientSecurityGroup } = parts.database;
    this.cluster = new ecs.Cluster(this, 'Cluster', { vpc, containerInsightsV2: ecs.ContainerInsights.ENABLED });

    const service = (name: string, taskDefinition: ecs.FargateTaskDefinition, desiredCount: number) =>
      new ecs.FargateService(this, name, {
        cluster: this.cluster,
        taskDefinition,
        desiredCount,
        securityGroups: [clientSecurityGroup],
        vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
        minHealthyPercent: 100,
        maxHealthyPercent: 200,
        circuitBreaker: { enable: true, rollback: true },
      });
    this.api = service('Api', parts.tasks.api, sizing.apiTasks);
    this.worker = service('Worker', parts.tasks.worker, sizing.workerTasks);

    this.loadBalancer = new elbv2.ApplicationLoadBalancer(this, 'Alb', {
      vpc,
      internetFacing: true,
      idleTimeout: SSE_IDLE_TIMEOUT,
      dropInvalidHeaderFields: true,
    });
    this.loadBalancer.addRedirect({ sourcePort: 80, targetPort: 443 });
    const https = this.loadBalancer.addListener('Https', {
      port: 443,
      certificates: [acm.Certificate.fromCertificateArn(this, 'Certificate', site.certificateArn)],
      sslPolicy: elbv2.SslPolicy.RECOMMENDED_TLS,
    });
    https
      .addTargets('Api', {
        port: API_PORT,
        protocol: elbv2.ApplicationProtocol.HTTP,
        targets: [this.api],
        healthCheck: {
          path: '/health',
          healthyHttpCodes: '200',
          interval: Duration.seconds(15),
          healthyThresholdCount: 2,
          unhealthyThresholdCount: 3,
        },
        // open SSE streams would hold a draining task for the whole delay; the API ends them on
        // SIGTERM and the browsers reconnect to another task with Last-Event-ID
        deregistrationDelay: Duration.seconds(30),
      })
      .setAttribute('stickiness.enabled', 'false');
  }
}
