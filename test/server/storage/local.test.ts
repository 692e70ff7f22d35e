/**
 * The local-disk driver and the routes its URLs point at (issue 6): HMAC-signed URLs that expire,
 * exact type and size on upload, no path traversal, no listing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import errorHandler from '../../../server/plugins/app/error-handler.ts';
import inputNormalizer from '../../../server/plugins/app/input-normalizer.ts';
import auth from '../../../server/plugins/app/auth.ts';
import localObjects from '../../../server/routes/storage/objects.ts';
import { LocalDiskDriver } from '../../../server/storage/local.ts';
import { objectPath, sign } from '../../../server/storage/local-signature.ts';
import { contentDisposition, isValidKey, safeFileName } from '../../../server/storage/keys.ts';
import { createStorage, storageSettingsFrom } from '../../../server/storage/settings.ts';

const stack = inject('stack');
const KEY = 'demo/attachments/0b7c/総会資料.pdf';
const PDF = Buffer.from('%PDF-1.7\n総会資料\n');
const secret = randomBytes(32);
const clock = { offsetMs: 0 };
let base: string;
let root: string;
let driver: LocalDiskDriver;
let app: FastifyInstance;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'kaigi-local-'));
  root = path.join(base, 'objects');
  driver = new LocalDiskDriver({ root, secret, now: () => new Date(Date.now() + clock.offsetMs) });
  app = Fastify({
    logger: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(errorHandler);
  await app.register(inputNormalizer);
  await app.register(auth, { ...stack.auth, findUser: async () => null });
  await app.register(localObjects, { driver });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(base, { recursive: true, force: true });
});

const put = (url: string, body: Buffer, contentType = 'application/pdf') =>
  app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });

async function upload(key = KEY, body = PDF) {
  const signed = await driver.presignPut(key, { contentType: 'application/pdf', size: body.length, expiresInSeconds: 900 });
  return put(signed.url, body);
}

describe('presigned upload and download', () => {
  it('stores the upload and serves it as an attachment under its Japanese name', async () => {
    const signed = await driver.presignPut(KEY, { contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 900 });
    expect(signed.url.startsWith(`${objectPath(KEY)}?`)).toBe(true);
    expect((await put(signed.url, PDF)).statusCode).toBe(200);
    expect(await readFile(path.join(root, KEY))).toEqual(PDF);

    const res = await app.inject({ method: 'GET', url: (await driver.presignGet(KEY, { expiresInSeconds: 300 })).url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(contentDisposition('総会資料.pdf'));
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('builds absolute URLs on the configured public origin', async () => {
    const onOrigin = new LocalDiskDriver({ root, secret, baseUrl: 'https://kaigi.example.jp' });
    expect((await onOrigin.presignGet(KEY, { expiresInSeconds: 60 })).url).toMatch(
      /^https:\/\/kaigi\.example\.jp\/v1\/storage\/objects\//,
    );
    expect(onOrigin.connectOrigin).toBe('https://kaigi.example.jp');
    expect(driver.connectOrigin).toBeUndefined();
  });
});

describe('signatures and expiry', () => {
  it('refuses expired URLs with url_expired', async () => {
    const get = await driver.presignGet(KEY, { expiresInSeconds: 300 });
    const upload = await driver.presignPut(KEY, { contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 900 });
    clock.offsetMs = 901_000;
    try {
      for (const res of [await app.inject({ method: 'GET', url: get.url }), await put(upload.url, PDF)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('url_expired');
      }
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('refuses any change to a signed URL: key, expiry, type, size or signature', async () => {
    const signed = new URL(
      (await driver.presignPut(KEY, { contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 900 })).url,
      'http://x',
    );
    const variants: Array<(u: URL) => void> = [
      (u) => (u.pathname = objectPath('demo/attachments/0b7c/other.pdf')),
      (u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600)),
      (u) => u.searchParams.set('ct', 'image/png'),
      (u) => u.searchParams.set('size', String(PDF.length + 1)),
      (u) => u.searchParams.set('sig', 'A'.repeat(43)),
    ];
    for (const change of variants) {
      const url = new URL(signed);
      change(url);
      const res = await put(url.pathname + url.search, PDF, url.searchParams.get('ct')!);
      expect(res.statusCode, url.toString()).toBe(403);
      expect(res.json().code).toBe('signature_invalid');
    }
  });

  it('refuses an upload of another type than the signed one', async () => {
    const signed = await driver.presignPut(KEY, { contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 900 });
    expect((await put(signed.url, PDF, 'text/html')).statusCode).toBe(403);
  });

  it('refuses a body longer or shorter than signed and keeps the stored file whole', async () => {
    expect((await upload()).statusCode).toBe(200);
    for (const body of [Buffer.concat([PDF, Buffer.from('x')]), PDF.subarray(1)]) {
      const signed = await driver.presignPut(KEY, { contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 900 });
      const res = await put(signed.url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('size_mismatch');
    }
    expect(await readFile(path.join(root, KEY))).toEqual(PDF);
  });

  it('needs the query of a signed URL (400 without it)', async () => {
    expect((await app.inject({ method: 'GET', url: objectPath(KEY) })).statusCode).toBe(400);
  });
});

describe('no path traversal, no listing', () => {
  it.each([
    '../outside.pdf',
    'demo/../../outside.pdf',
    'demo/./x.pdf',
    '/etc/passwd',
    'demo//x.pdf',
    'demo/a\\..\\b.pdf',
    'demo/\u0000.pdf',
  ])('never signs %j', async (key) => {
    expect(isValidKey(key)).toBe(false);
    await expect(driver.presignGet(key, { expiresInSeconds: 60 })).rejects.toThrow();
  });

  it('refuses a traversal key even under a valid signature, and writes nothing outside the root', async () => {
    for (const key of ['../outside.pdf', 'demo/../../outside.pdf']) {
      const exp = Math.floor(Date.now() / 1000) + 60;
      const sig = sign(secret, { method: 'PUT', key, exp, contentType: 'application/pdf', size: PDF.length });
      const encoded = key.split('/').map(encodeURIComponent).join('%2F');
      const res = await put(`/v1/storage/objects/${encoded}?exp=${exp}&sig=${sig}&ct=application%2Fpdf&size=${PDF.length}`, PDF);
      expect(res.statusCode).toBe(403);
    }
    expect(existsSync(path.join(base, 'outside.pdf'))).toBe(false);
    expect(existsSync(path.join(os.tmpdir(), 'outside.pdf'))).toBe(false);
  });

  it('serves no folder, even under a valid signature', async () => {
    expect((await upload()).statusCode).toBe(200);
    expect((await stat(path.join(root, 'demo/attachments'))).isDirectory()).toBe(true);
    for (const key of ['demo/attachments', 'demo']) {
      const res = await app.inject({ method: 'GET', url: (await driver.presignGet(key, { expiresInSeconds: 60 })).url });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('keys and file names', () => {
  it('makes user file names safe key segments, keeping the extension', () => {
    expect(safeFileName('議事録/案:1?.pdf')).toBe('議事録_案_1_.pdf');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('  資料.pdf  ')).toBe('資料.pdf');
    // macOS sends decomposed kana: stored composed
    expect(safeFileName('ガイド.pdf'.normalize('NFD'))).toBe('ガイド.pdf');
    const long = safeFileName(`${'あ'.repeat(300)}.docx`);
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('offers an ASCII fallback and the UTF-8 name for downloads', () => {
    expect(contentDisposition('出欠一覧 "案".xlsx')).toBe(
      `attachment; filename="____ ___.xlsx"; filename*=UTF-8''%E5%87%BA%E6%AC%A0%E4%B8%80%E8%A6%A7%20%22%E6%A1%88%22.xlsx`,
    );
  });
});

describe('storage settings (STORAGE_DRIVER, S3_*, STORAGE_SIGNING_SECRET)', () => {
  /** The settings and the problems found, as env.ts collects them. */
  const load = (env: NodeJS.ProcessEnv, production = false, dataDir = base) => {
    const problems: string[] = [];
    const settings = storageSettingsFrom(env, { production, dataDir }, problems);
    return { settings, problems };
  };

  it('defaults to the local disk outside production and to S3 in production', () => {
    expect(load({})).toMatchObject({ settings: { driver: 'local', root }, problems: [] });
    expect(load({}, true).problems).toEqual(['S3_BUCKET is required with STORAGE_DRIVER=s3']);
    expect(load({ S3_BUCKET: 'b' }, true)).toEqual({
      settings: { driver: 's3', bucket: 'b', region: 'ap-northeast-1', endpoint: undefined },
      problems: [],
    });
  });

  it('names every problem', () => {
    expect(load({ STORAGE_DRIVER: 'local', STORAGE_SIGNING_SECRET: 'short' }, true).problems).toEqual([
      expect.stringMatching(/^STORAGE_DRIVER=local is not allowed in production/),
      'STORAGE_SIGNING_SECRET must be at least 32 characters',
    ]);
    expect(load({ STORAGE_DRIVER: 'ftp' }).problems).toEqual([expect.stringMatching(/^STORAGE_DRIVER must be one of/)]);
    expect(load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio' }).problems).toEqual([
      'S3_ENDPOINT must be an http or https URL, got "minio"',
    ]);
  });

  it('generates the local signing secret once, kept in the data folder, shared by processes starting together', async () => {
    const dataDir = path.join(base, 'data');
    const { settings } = load({}, false, dataDir);
    const [a, b] = (await Promise.all([createStorage(settings), createStorage(settings)])) as LocalDiskDriver[];
    const url = (await a.presignGet(KEY, { expiresInSeconds: 60 })).url;
    const query = new URL(url, 'http://x').searchParams;
    expect(b.check({ method: 'GET', key: KEY, exp: Number(query.get('exp')) }, query.get('sig')!)).toBe('ok');
    expect((await stat(path.join(dataDir, 'storage-signing-secret'))).mode & 0o777).toBe(0o600);
    const again = (await createStorage(settings)) as LocalDiskDriver;
    expect(again.check({ method: 'GET', key: KEY, exp: Number(query.get('exp')) }, query.get('sig')!)).toBe('ok');
  });
});
