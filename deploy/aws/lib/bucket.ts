/**
 * The files bucket (uploads, imports, exports: server/storage/keys.ts). Private (every public path
 * blocked, TLS only, S3-managed encryption), versioned (README, Backup and restore), CORS for the
 * SPA's origin only, since the browser PUTs uploads straight to a presigned URL.
 *
 * Lifecycle: keys are `{cci_code}/exports/…`, so no prefix rule can single out exports. The API's
 * hourly clean-up deletes export files and imports after EXPORT_RETENTION_DAYS (and unused
 * attachments after a day); with versioning a delete leaves a noncurrent version, which the
 * lifecycle removes for good after the same number of days: a deleted file can be restored for
 * that long and is gone after it (docs/decisions/0033-deploy-to-aws.md).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { KaigiConfig } from './config.ts';

export class FilesBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, { sizing, site }: KaigiConfig) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      cors: [
        {
          allowedOrigins: [`https://${site.domainName}`],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['content-type', 'x-amz-*'],
          exposedHeaders: ['etag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        {
          id: 'deleted-files',
          noncurrentVersionExpiration: Duration.days(sizing.exportRetentionDays),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: sizing.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !sizing.protectData,
    });
  }
}
