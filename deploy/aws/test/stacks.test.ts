/**
 * `npm run test:deploy`: synthesises both environments and checks, on the CloudFormation
 * templates, each property Kaigi depends on (issue 36), so that a change that cuts the room's
 * event streams, opens the bucket, lets users write custom:* attributes, drops backups or leaks a
 * secret fails here rather than in a chamber's meeting.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../../server/config/node-flags.ts';
import { HEARTBEAT_MS } from '../../../server/lib/room/hub.ts';
import { loadSettings } from '../../../server/config/env.ts';
import { ENVIRONMENT_NAMES, SIZING, type EnvironmentName } from '../lib/config.ts';
import { EXAMPLE_SITES, synthesise } from './synth.ts';
import { containers, onlyResource, renderIntrinsics, resourcesOf, type Container } from './template-reading.ts';

let templates: Record<EnvironmentName, Template>;
beforeAll(() => {
  templates = synthesise();
});

describe.each(ENVIRONMENT_NAMES)('kaigi-%s', (name) => {
  const sizing = SIZING[name];
  const origin = `https://${EXAMPLE_SITES[name].domainName}`;
  const template = () => templates[name];
  const container = (command: string) => {
    const found = containers(template()).find((c) => c.Command?.includes(command));
    if (!found) throw new Error(`no container runs ${command}`);
    return found;
  };

  it('the database is Aurora PostgreSQL ≥ 15, encrypted, in private subnets, with backups (protected in production)', () => {
    const cluster = onlyResource(template(), 'AWS::RDS::DBCluster');
    expect(cluster.Engine).toBe('aurora-postgresql');
    expect(Number(String(cluster.EngineVersion).split('.')[0])).toBeGreaterThanOrEqual(15);
    expect(cluster.StorageEncrypted).toBe(true);
    expect(cluster.BackupRetentionPeriod).toBeGreaterThanOrEqual(7);
    expect(cluster.ServerlessV2ScalingConfiguration).toBeDefined();
    for (const instance of resourcesOf(template(), 'AWS::RDS::DBInstance')) expect(instance.PubliclyAccessible).toBe(false);
    if (name === 'production') {
      expect(cluster.DeletionProtection).toBe(true);
      template().hasResource('AWS::RDS::DBCluster', { DeletionPolicy: 'Snapshot', UpdateReplacePolicy: 'Snapshot' });
      expect(resourcesOf(template(), 'AWS::RDS::DBInstance').length).toBeGreaterThanOrEqual(2);
    }
  });

  it('the API runs ≥ 2 tasks with its Node flags and pool size, the worker with its own, rolling with a circuit breaker', () => {
    const api = container('server/main.ts');
    expect(api.Command).toEqual(['node', ...API_NODE_FLAGS, '--import', 'tsx', 'server/main.ts']);
    expect(env(api).DATABASE_POOL_SIZE).toBe(String(sizing.apiPoolSize));
    expect(env(api).TRUST_PROXY).toBe('1');
    const worker = container('server/worker.ts');
    expect(worker.Command).toEqual(['node', ...WORKER_NODE_FLAGS, '--import', 'tsx', 'server/worker.ts']);
    const services = resourcesOf(template(), 'AWS::ECS::Service');
    expect(services).toHaveLength(2);
    const apiService = services.find((s) => s.LoadBalancers !== undefined)!;
    expect(apiService.DesiredCount).toBeGreaterThanOrEqual(2);
    for (const service of services) {
      expect(service.DeploymentConfiguration).toMatchObject({
        MinimumHealthyPercent: 100,
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
      });
    }
    // the API and the worker leave exports, imports and mail to the worker processes
    for (const c of [api, worker]) expect(env(c)).toMatchObject({ EXPORT_WORKER: 'off', MAIL_WORKER: 'off' });
  });

  it('every process would start: its variables pass the server’s production configuration check', () => {
    for (const c of containers(template())) {
      const variables = { ...env(c), ...Object.fromEntries((c.Secrets ?? []).map((s) => [s.Name, EXAMPLE_SECRETS[s.Name]])) };
      expect(() => loadSettings(variables), c.Command?.join(' ')).not.toThrow();
      expect(loadSettings(variables).production).toBe(true);
    }
  });

  it('the load balancer speaks HTTPS, keeps SSE streams open across heartbeats, health-checks /health, no stickiness', () => {
    const alb = onlyResource(template(), 'AWS::ElasticLoadBalancingV2::LoadBalancer');
    const idle = Number(attribute(alb.LoadBalancerAttributes, 'idle_timeout.timeout_seconds'));
    // a stream sends a comment every HEARTBEAT_MS: the ALB must wait for several before cutting it
    expect(idle).toBeGreaterThanOrEqual((4 * HEARTBEAT_MS) / 1000);
    template().hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Port: 443,
      Protocol: 'HTTPS',
      Certificates: [{ CertificateArn: EXAMPLE_SITES[name].certificateArn }],
    });
    template().hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Port: 80,
      DefaultActions: [
        Match.objectLike({ Type: 'redirect', RedirectConfig: Match.objectLike({ Protocol: 'HTTPS', Port: '443' }) }),
      ],
    });
    const group = onlyResource(template(), 'AWS::ElasticLoadBalancingV2::TargetGroup');
    expect(group.HealthCheckPath).toBe('/health');
    expect(attribute(group.TargetGroupAttributes, 'stickiness.enabled')).toBe('false');
  });

  it('the bucket is private, versioned, TLS-only, CORS for the SPA’s origin only, lifecycle = EXPORT_RETENTION_DAYS', () => {
    const bucket = onlyResource(template(), 'AWS::S3::Bucket');
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = (bucket.CorsConfiguration as { CorsRules: Array<{ AllowedOrigins: string[]; AllowedMethods: string[] }> })
      .CorsRules;
    expect(rules.flatMap((r) => r.AllowedOrigins)).toEqual([origin]);
    expect(rules.flatMap((r) => r.AllowedMethods)).toContain('PUT');
    const lifecycle = (bucket.LifecycleConfiguration as { Rules: Array<Record<string, unknown>> }).Rules;
    expect(lifecycle).toContainEqual(
      expect.objectContaining({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: sizing.exportRetentionDays } }),
    );
    expect(env(container('server/worker.ts')).EXPORT_RETENTION_DAYS).toBe(String(sizing.exportRetentionDays));
    template().hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('the user pool has the custom attributes; its app client writes email and name only, reads the custom ones', () => {
    const pool = onlyResource(template(), 'AWS::Cognito::UserPool');
    const schema = pool.Schema as Array<{ Name: string; Mutable: boolean }>;
    expect(schema.map((s) => s.Name).sort()).toEqual(['company_id', 'user_type']);
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true });
    expect(pool.Policies).toMatchObject({ PasswordPolicy: { MinimumLength: 8, RequireSymbols: false } });
    const client = onlyResource(template(), 'AWS::Cognito::UserPoolClient');
    expect([...(client.WriteAttributes as string[])].sort()).toEqual(['email', 'name']);
    expect(client.ReadAttributes).toEqual(expect.arrayContaining(['custom:user_type', 'custom:company_id']));
    expect(client.GenerateSecret).toBe(false);
    expect(client.CallbackURLs).toEqual([`${origin}/login`]);
    expect(client.LogoutURLs).toEqual([`${origin}/login`]);
    expect(client.AllowedOAuthFlows).toEqual(['code']);
    // Cognito's invitations (temporary passwords) go out through SES from the verified domain
    const mail = pool.EmailConfiguration as { EmailSendingAccount: string; SourceArn: unknown; From: string };
    expect(mail.EmailSendingAccount).toBe('DEVELOPER');
    expect(renderIntrinsics(mail.SourceArn)).toMatch(/:identity\/example\.jp$/);
    template().hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: EXAMPLE_SITES[name].cognitoDomainPrefix });
  });

  it('secrets reach the containers from Secrets Manager only; the template carries none', () => {
    for (const c of containers(template())) {
      expect((c.Secrets ?? []).map((s) => s.Name).sort()).toEqual(['PGPASSWORD', 'ROOM_LINK_SECRET', 'SMTP_URL']);
      const names = Object.keys(env(c));
      expect(names.filter((n) => /SECRET|PASSWORD|SMTP_URL/.test(n))).toEqual([]);
      expect(env(c).DATABASE_URL).not.toMatch(/:[^@/]*@/);
    }
    for (const secret of resourcesOf(template(), 'AWS::SecretsManager::Secret')) {
      expect(secret.SecretString).toBeUndefined();
      expect(secret.GenerateSecretString).toBeDefined();
    }
    const text = JSON.stringify(template().toJSON());
    expect(text).not.toMatch(/smtps?:\/\/[^"]*@|AKIA[0-9A-Z]{16}|-----BEGIN/);
  });

  it('every log group has a retention, and every container logs to one', () => {
    const groups = resourcesOf(template(), 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThanOrEqual(3);
    for (const group of groups) expect(group.RetentionInDays).toBe(sizing.logRetentionDays);
    for (const c of containers(template())) expect(c.LogConfiguration?.LogDriver).toBe('awslogs');
  });

  it('the migrations run as a one-off task before the API and the worker roll', () => {
    const [id] = Object.keys(template().findResources('Custom::KaigiMigrations'));
    expect(id).toBeDefined();
    const services = template().findResources('AWS::ECS::Service');
    for (const service of Object.values(services)) expect(service.DependsOn).toContain(id);
    expect(containers(template()).some((c) => c.Command?.includes('server/cli/migrate.ts'))).toBe(true);
  });
});

describe('site settings', () => {
  it('name every missing value at once', async () => {
    const { siteSettingsFrom } = await import('../lib/config.ts');
    expect(() => siteSettingsFrom('staging', { domainName: 'kaigi.example.jp' })).toThrow(
      /certificateArn is required[\s\S]*cognitoDomainPrefix is required[\s\S]*mailFrom is required/,
    );
  });
});

const EXAMPLE_SECRETS: Record<string, string> = {
  PGPASSWORD: 'example',
  ROOM_LINK_SECRET: 'x'.repeat(64),
  SMTP_URL: 'smtps://user:pass@email-smtp.ap-northeast-1.amazonaws.com:465',
};

/** A container's environment, CloudFormation functions rendered as `1` (a valid host, port and id). */
function env(c: Container): Record<string, string> {
  return Object.fromEntries((c.Environment ?? []).map((e) => [e.Name, renderIntrinsics(e.Value)]));
}

function attribute(list: unknown, key: string): string | undefined {
  return (list as Array<{ Key: string; Value: string }>).find((a) => a.Key === key)?.Value;
}
