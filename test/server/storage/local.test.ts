/**
 * The local-disk driver and the routes its URLs point at (issue 6): HMAC-signed URLs that expire,
 * exact type and size on upload, first bytes of the signed type, no replacing a stored object (a
 * replayed URL), no path traversal, no listing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import errorHandler from '../../../server/plugins/app/error-handler.ts';
import inputNormalizer from '../../../server/plugins/app/input-normalizer.ts';
import { requestValidatorCompiler } from '../../../server/lib/request-validation.ts';
import auth from '../../../server/plugins/app/auth.ts';
import localObjects from '../../../server/routes/storage/objects.ts';
import { LocalDiskDriver, ObjectExistsError } from '../../../server/storage/local.ts';
import { objectPath, sign } from '../../../server/storage/local-signature.ts';
import { contentDisposition, isValidKey, safeFileName } from '../../../server/storage/keys.ts';
import { createStorage, storageSettingsFrom } from '../../../server/storage/settings.ts';
import { testStack } from '../../helpers/stack.ts';

const stack = testStack();
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
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(requestValidatorCompiler());
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

/** A key no test used yet (uploads never replace an object, so each test stores its own). */
const freshKey = (name = '資料.pdf') => `demo/attachments/${randomUUID()}/${name}`;

const signPut = (key: string, size: number, contentType = 'application/pdf') =>
  driver.presignPut(key, { contentType, size, expiresInSeconds: 900 });

async function upload(key = KEY, body = PDF) {
  return put((await signPut(key, body.length)).url, body);
}

/** Temporary files left behind in the storage root (a refused upload leaves none). */
const leftovers = async () => readdir(path.join(root, '.tmp')).catch(() => []);

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

  it('refuses a body longer or shorter than signed, stores nothing, and the same URL then takes the right body', async () => {
    const key = freshKey();
    const signed = await signPut(key, PDF.length);
    for (const body of [Buffer.concat([PDF, Buffer.from('x')]), PDF.subarray(0, -1)]) {
      const res = await put(signed.url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('size_mismatch');
      expect(await driver.exists(key)).toBe(false);
    }
    expect(await leftovers()).toEqual([]);
    // the failed attempts left no object: the upload can still be made with the same URL
    expect((await put(signed.url, PDF)).statusCode).toBe(200);
    expect(await readFile(path.join(root, key))).toEqual(PDF);
  });

  it('needs the query of a signed URL (400 without it)', async () => {
    expect((await app.inject({ method: 'GET', url: objectPath(KEY) })).statusCode).toBe(400);
  });
});

describe('a stored object is never replaced (a replayed PUT URL)', () => {
  it('refuses a second PUT of the same signed URL with other bytes: 409 object_exists, the first file kept', async () => {
    const key = freshKey('案内状.pdf');
    const signed = await signPut(key, PDF.length);
    expect((await put(signed.url, PDF)).statusCode).toBe(200);

    const other = Buffer.from('%PDF-1.7\n差替え!!!\n');
    expect(other.length).toBe(PDF.length);
    const res = await put(signed.url, other);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 409,
      code: 'object_exists',
      detail: 'このファイルはすでにアップロードされています。もう一度アップロードする場合は、ファイルを選び直してください。',
    });
    // a newly signed URL for the same key (another size) is refused the same way
    const again = await signPut(key, other.length + 3);
    expect((await put(again.url, Buffer.concat([other, Buffer.from('abc')]))).json().code).toBe('object_exists');

    expect(await readFile(path.join(root, key))).toEqual(PDF);
    const download = await app.inject({ method: 'GET', url: (await driver.presignGet(key, { expiresInSeconds: 60 })).url });
    expect(download.rawPayload).toEqual(PDF);
    expect(await leftovers()).toEqual([]);
  });

  it('an upload that broke off half-way does not count: the same URL still stores the file', async () => {
    const key = freshKey();
    const signed = await signPut(key, PDF.length);
    // the connection drops after the first bytes reached the temporary file
    const broken = new Readable({
      read() {
        this.push(PDF.subarray(0, 8));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(driver.write(key, broken, { size: PDF.length, contentType: 'application/pdf' })).rejects.toThrow(
      'connection reset',
    );
    expect(await driver.exists(key)).toBe(false);
    expect(await leftovers()).toEqual([]);
    // and a temporary file a crashed process left behind is not an object either
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await writeFile(path.join(root, '.tmp', 'crashed-upload'), PDF.subarray(0, 8));

    expect((await put(signed.url, PDF)).statusCode).toBe(200);
    expect(await readFile(path.join(root, key))).toEqual(PDF);
    await rm(path.join(root, '.tmp', 'crashed-upload'));
  });

  it('of two uploads racing to the same key, exactly one is stored whole', async () => {
    const key = freshKey();
    const a = Buffer.from('%PDF-1.7\nAAAAAAAA\n');
    const b = Buffer.from('%PDF-1.7\nBBBBBBBB\n');
    const results = await Promise.allSettled(
      [a, b].map((body) => driver.write(key, Readable.from([body]), { size: body.length, contentType: 'application/pdf' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ObjectExistsError);
    const stored = await readFile(path.join(root, key));
    expect(results[0].status === 'fulfilled' ? a : b).toEqual(stored);
    expect(await leftovers()).toEqual([]);
  });
});

describe('the first bytes must be those of the signed type', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
  const ZIP = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('[Content_Types].xml')]);
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

  it.each([
    ['資料.pdf', 'application/pdf', PDF],
    ['名簿.xlsx', XLSX, ZIP],
    ['案内.docx', DOCX, ZIP],
    ['説明.pptx', PPTX, ZIP],
    ['地図.png', 'image/png', PNG],
    ['会場.jpg', 'image/jpeg', JPEG],
  ])('stores %s (%s)', async (name, contentType, body) => {
    const key = freshKey(name);
    const res = await put((await signPut(key, body.length, contentType)).url, body, contentType);
    expect(res.statusCode, res.body).toBe(200);
    expect(await readFile(path.join(root, key))).toEqual(body);
  });

  it.each([
    ['an HTML page signed as a PDF', '偽装.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a PDF signed as xlsx', '名簿.xlsx', XLSX, PDF],
    ['a JPEG signed as PNG', '地図.png', 'image/png', JPEG],
    ['a PNG signed as JPEG', '会場.jpg', 'image/jpeg', PNG],
    ['a ZIP signed as a PDF', '資料.pdf', 'application/pdf', ZIP],
    ['a file shorter than the signature', '短い.pdf', 'application/pdf', Buffer.from('%PD')],
  ])('refuses %s with 415 file_content_mismatch and stores nothing', async (_what, name, contentType, body) => {
    const key = freshKey(name);
    const res = await put((await signPut(key, body.length, contentType)).url, body, contentType);
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 415,
      code: 'file_content_mismatch',
      detail: 'ファイルの内容がファイルの種類と一致しません。正しいファイルを選んでください。',
    });
    expect(await driver.exists(key)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('reads the signature across chunks, and refuses a mismatch in the first chunk of a large body', async () => {
    const split = freshKey();
    await driver.write(split, Readable.from([Buffer.from('%P'), Buffer.from('DF-1.7\n'), Buffer.from('本文')]), {
      size: Buffer.byteLength('%PDF-1.7\n本文'),
      contentType: 'application/pdf',
    });
    expect((await readFile(path.join(root, split))).toString()).toBe('%PDF-1.7\n本文');

    const key = freshKey();
    const big = Buffer.alloc(5 * 1024 * 1024, 0x41);
    const res = await put((await signPut(key, big.length)).url, big);
    expect(res.statusCode).toBe(415);
    expect(await driver.exists(key)).toBe(false);
    expect(await leftovers()).toEqual([]);
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
    expect((await upload(freshKey())).statusCode).toBe(200);
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

  it('offers an ASCII fallback and the UTF-8 name for downloads (a quote, reserved in file names, as _)', () => {
    expect(contentDisposition('出欠一覧 "案".xlsx')).toBe(
      `attachment; filename="____ ___.xlsx"; filename*=UTF-8''%E5%87%BA%E6%AC%A0%E4%B8%80%E8%A6%A7%20_%E6%A1%88_.xlsx`,
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
