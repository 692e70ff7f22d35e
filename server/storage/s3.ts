/**
 * S3 storage (production, DESIGN.md §3): AWS SDK v3 and presigned URLs. Credentials come from the
 * SDK's default chain (task role, environment); `endpoint` points at an S3-compatible server
 * (tests: s3rver; MinIO) and then uses path-style addressing.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PresignedGet, PresignedPut, StorageDriver } from './driver.ts';
import { contentDisposition, fileNameOf } from './keys.ts';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  /** tests and S3-compatible servers; the default chain otherwise */
  credentials?: S3ClientConfig['credentials'];
  /** The clock URLs are signed against (tests move it to sign already-expired URLs). */
  now?: () => Date;
}

export class S3Driver implements StorageDriver {
  readonly kind = 's3';
  readonly connectOrigin: string;
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      // The SDK's default adds a CRC32 of the (empty) body to presigned PUT URLs, which S3 then
      // checks against the browser's upload and refuses: checksums only where S3 demands them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    // presigned URLs are path-style on a custom endpoint, virtual-hosted on AWS
    this.connectOrigin = opts.endpoint ? new URL(opts.endpoint).origin : `https://${opts.bucket}.s3.${opts.region}.amazonaws.com`;
  }

  private signingDate = () => this.opts.now?.() ?? new Date();

  async presignPut(key: string, o: { contentType: string; size: number; expiresInSeconds: number }): Promise<PresignedPut> {
    const signingDate = this.signingDate();
    const command = new PutObjectCommand({
      Bucket: this.opts.bucket,
      Key: key,
      ContentType: o.contentType,
      ContentLength: o.size,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: o.expiresInSeconds,
      signingDate,
      // signed, so S3 refuses an upload of another type or size than the one checked (20 MB limit)
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return {
      url,
      headers: { 'content-type': o.contentType },
      expiresAt: new Date(signingDate.getTime() + o.expiresInSeconds * 1000),
    };
  }

  async presignGet(key: string, o: { expiresInSeconds: number }): Promise<PresignedGet> {
    const signingDate = this.signingDate();
    const command = new GetObjectCommand({
      Bucket: this.opts.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(fileNameOf(key)),
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: o.expiresInSeconds, signingDate });
    return { url, expiresAt: new Date(signingDate.getTime() + o.expiresInSeconds * 1000) };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return true;
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return false;
      throw err;
    }
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const { size } = await stat(filePath);
    // One PutObject (atomic: readers see the previous object or the whole new one); exports stay
    // far below the 5 GB single-request limit.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async getFile(key: string, filePath: string): Promise<boolean> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      await pipeline(object.Body as Readable, createWriteStream(filePath));
      return true;
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
