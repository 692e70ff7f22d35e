/**
 * VPC and Aurora PostgreSQL Serverless v2 (issue 36). PostgreSQL 16 (Kaigi needs ≥ 15: README,
 * Configuration), encrypted at rest, in isolated subnets reachable only from the tasks' security
 * group. Production: deletion protection, a reader in a second AZ, automated backups with point-in-
 * time recovery for `backupRetentionDays` (README, Backup and restore), a final snapshot on delete.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as rds from 'aws-cdk-lib/aws-rds';
import { Construct } from 'constructs';
import type { KaigiConfig } from './config.ts';

/** The database's name and its owner (a login Kaigi's migrations run as). */
export const DATABASE_NAME = 'kaigi';
export const DATABASE_USER = 'kaigi';

export class Database extends Construct {
  readonly vpc: ec2.Vpc;
  readonly cluster: rds.DatabaseCluster;
  /** The security group of every task that may reach the database. */
  readonly clientSecurityGroup: ec2.SecurityGroup;

  constructor(scope: Construct, id: string, { sizing }: KaigiConfig) {
    super(scope, id);
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: sizing.natGateways,
      subnetConfiguration: [
        { name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'app', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 22 },
        { name: 'data', subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
    });
    // S3 traffic from the tasks stays off the NAT gateways (exports and imports are large)
    this.vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });

    this.clientSecurityGroup = new ec2.SecurityGroup(this, 'Clients', {
      vpc: this.vpc,
      description: 'Kaigi API, worker and one-off tasks',
    });

    const retain = sizing.protectData ? RemovalPolicy.SNAPSHOT : RemovalPolicy.DESTROY;
    this.cluster = new rds.DatabaseCluster(this, 'Cluster', {
      engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_13 }),
      credentials: rds.Credentials.fromGeneratedSecret(DATABASE_USER),
      defaultDatabaseName: DATABASE_NAME,
      vpc: this.vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      serverlessV2MinCapacity: sizing.databaseMinAcu,
      serverlessV2MaxCapacity: sizing.databaseMaxAcu,
      writer: rds.ClusterInstance.serverlessV2('Writer'),
      readers: Array.from({ length: sizing.databaseReaders }, (_, i) =>
        rds.ClusterInstance.serverlessV2(`Reader${i + 1}`, { scaleWithWriter: true }),
      ),
      storageEncrypted: true,
      deletionProtection: sizing.protectData,
      backup: { retention: Duration.days(sizing.backupRetentionDays), preferredWindow: '17:00-18:00' },
      preferredMaintenanceWindow: 'Sun:18:30-Sun:19:30',
      cloudwatchLogsExports: ['postgresql'],
      removalPolicy: retain,
      copyTagsToSnapshot: true,
    });
    this.cluster.connections.allowDefaultPortFrom(this.clientSecurityGroup, 'Kaigi tasks');
  }
}
