/**
 * The S3 driver against s3rver, a local S3-compatible server started here (issue 6). s3rver checks
 * a presigned URL's expiry but not its signature, so signature refusals are S3's own and are only
 * checked here as far as what gets signed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../helpers/storage-s3.ts';
import { S3Driver } from '../../../server/storage/s3.ts';

const KEY = 'demo/attachments/0b7c/総会資料 (第1回).pdf';
const clock = { offsetMs: 0 };
let s3: Awaited<ReturnType<typeof startS3>>;
let tmp: string;

beforeAll(async () => {
  s3 = await startS3({ now: () => new Date(Date.now() + clock.offsetMs) });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'kaigi-s3-files-'));
});
afterAll(async () => {
  await s3.stop();
  await rm(tmp, { recursive: true, force: true });
});

describe('S3Driver (s3rver)', () => {
  it('uploads through a presigned PUT and downloads through a presigned GET under the real file name', async () => {
    const body = Buffer.from('%PDF-1.7 資料');
    const put = await s3.driver.presignPut(KEY, { contentType: 'application/pdf', size: body.length, expiresInSeconds: 900 });
    expect(put.headers).toEqual({ 'content-type': 'application/pdf' });
    const uploaded = await fetch(put.url, { method: 'PUT', body, headers: put.headers });
    expect(uploaded.status).toBe(200);
    expect(await s3.driver.exists(KEY)).toBe(true);

    const get = await s3.driver.presignGet(KEY, { expiresInSeconds: 300 });
    const res = await fetch(get.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('総会資料')}`);
  });

  it('signs the upload’s type and size, so S3 refuses any other file than the one checked', async () => {
    const put = await s3.driver.presignPut(KEY, { contentType: 'application/pdf', size: 10, expiresInSeconds: 900 });
    const query = new URL(put.url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    expect(Number(query.get('X-Amz-Expires'))).toBe(900);
    // no CRC32 of an empty body baked into the URL (S3 would refuse the real upload)
    expect(query.has('x-amz-checksum-crc32')).toBe(false);
  });

  it('refuses presigned URLs once they have expired', async () => {
    clock.offsetMs = -10 * 60_000;
    const get = await s3.driver.presignGet(KEY, { expiresInSeconds: 300 }).finally(() => {
      clock.offsetMs = 0;
    });
    expect(get.expiresAt.getTime()).toBeLessThan(Date.now());
    const res = await fetch(get.url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });

  it('tells the CSP where browsers upload to: the endpoint, or the bucket’s AWS origin', () => {
    expect(s3.driver.connectOrigin).toBe(s3.endpoint);
    const aws = new S3Driver({ bucket: 'kaigi-files', region: 'ap-northeast-1' });
    expect(aws.connectOrigin).toBe('https://kaigi-files.s3.ap-northeast-1.amazonaws.com');
    aws.destroy();
  });

  it('stores a finished file in one piece, and deletes it', async () => {
    const file = path.join(tmp, 'export.csv');
    await writeFile(file, '\ufeff事業所コード\r\nC0001\r\n');
    const key = 'demo/exports/1/事業所一覧_20250401.csv';
    await s3.driver.putFile(key, file, 'text/csv; charset=UTF-8');
    const res = await fetch((await s3.driver.presignGet(key, { expiresInSeconds: 60 })).url);
    // bytes, not text(): the decoder would swallow the byte-order mark
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe('\ufeff事業所コード\r\nC0001\r\n');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=UTF-8');

    await s3.driver.delete(key);
    expect(await s3.driver.exists(key)).toBe(false);
    await expect(s3.driver.delete(key)).resolves.toBeUndefined();
  });

  it('copies an object to a local file for the import to read (getFile); false for a missing key', async () => {
    const key = 'demo/imports/uploads/x/会員一覧.csv';
    const source = path.join(tmp, 'upload.csv');
    await writeFile(source, '会員ID,氏名\r\n1,山田\r\n');
    await s3.driver.putFile(key, source, 'text/csv');
    const copy = path.join(tmp, 'copy.csv');
    expect(await s3.driver.getFile(key, copy)).toBe(true);
    expect(await readFile(copy, 'utf8')).toBe('会員ID,氏名\r\n1,山田\r\n');
    expect(await s3.driver.getFile('demo/imports/uploads/none.csv', path.join(tmp, 'none.csv'))).toBe(false);
  });
});
