import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Driver } from '../../server/storage/s3.ts';

export const S3_BUCKET = 'kaigi-test';

/**
 * s3rver (an S3-compatible server) on a free port of 127.0.0.1, with one bucket, and an S3Driver
 * for it. s3rver checks presigned URLs' signatures and expiry; it accepts S3RVER/S3RVER.
 */
export async function startS3(opts: { now?: () => Date } = {}) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kaigi-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const driver = new S3Driver({
    bucket: S3_BUCKET,
    region: 'ap-northeast-1',
    endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    now: opts.now,
  });
  return {
    driver,
    endpoint,
    async stop() {
      driver.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
