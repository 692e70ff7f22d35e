/**
 * spec §7: POST /v1/cci/{cci_code}/common/s3/put_object_url and GET …/get_object_url, on both
 * storage drivers behind the one interface (issue 6): local disk and S3 (s3rver).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, tokenOf } from '../../../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../../helpers/export-app.ts';
import { startS3 } from '../../../../helpers/storage-s3.ts';

const PUT_URL = '/v1/cci/demo/common/s3/put_object_url';
const getUrl = (path: string, cci = 'demo') => `/v1/cci/${cci}/common/s3/get_object_url?path=${encodeURIComponent(path)}`;
const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.7\n議事次第\n');
const body = (over: object = {}) => ({
  file_name: '議事次第.pdf',
  content_type: 'application/pdf',
  size: PDF.length,
  purpose: 'conference_attachment',
  ...over,
});

describe.each(['local', 's3'] as const)('with the %s driver', (driverName) => {
  let env: ExportTestEnv;
  let call: ReturnType<typeof caller>;
  let stopS3: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (driverName === 's3') {
      const s3 = await startS3();
      stopS3 = s3.stop;
      env = await startExportTestEnv({ storage: s3.driver });
    } else env = await startExportTestEnv();
    call = caller(env.app, tokenOf);
  });
  afterAll(async () => {
    await env.close();
    await stopS3?.();
  });

  /** PUT through the presigned URL, as the browser does (the local driver's URL is the API's own). */
  const uploadTo = async (url: string, headers: Record<string, string>, bytes: Buffer) => {
    if (url.startsWith('/')) return (await env.app.inject({ method: 'PUT', url, headers, payload: bytes })).statusCode;
    return (await fetch(url, { method: 'PUT', headers, body: bytes })).status;
  };
  const downloadFrom = async (url: string) => {
    if (url.startsWith('/')) {
      const res = await env.app.inject({ method: 'GET', url });
      return { status: res.statusCode, bytes: res.rawPayload, disposition: res.headers['content-disposition'] };
    }
    const res = await fetch(url);
    return {
      status: res.status,
      bytes: Buffer.from(await res.arrayBuffer()),
      disposition: res.headers.get('content-disposition'),
    };
  };

  it('issues an upload URL under the chamber prefix, and the uploaded file downloads again', async () => {
    const res = await call('POST', PUT_URL, DEMO.staff, body());
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json();
    expect(signed.key).toMatch(/^demo\/attachments\/[0-9a-f-]{36}\/議事次第\.pdf$/);
    // recorded before the URL is returned, for the clean-up of uploads no conference keeps
    const recorded = await env.app.pool.query(
      `select u.cci_code, u.purpose, u.created_by from upload u join users on users.username = u.created_by
        where u.key = $1 and users.email = $2`,
      [signed.key, DEMO.staff],
    );
    expect(recorded.rows).toEqual([{ cci_code: 'demo', purpose: 'conference_attachment', created_by: expect.any(String) }]);
    expect(signed).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    expect(Date.parse(signed.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(signed.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(await uploadTo(signed.url, signed.headers, PDF)).toBe(200);

    const got = await call('GET', getUrl(signed.key), DEMO.admin);
    expect(got.statusCode).toBe(200);
    expect(got.json().file_name).toBe('議事次第.pdf');
    const file = await downloadFrom(got.json().url);
    expect(file.status).toBe(200);
    expect(file.bytes).toEqual(PDF);
    expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('議事次第')}.pdf`);
  });

  it.each([
    ['資料.pdf', 'application/pdf'],
    ['名簿.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['案内.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['説明.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['地図.png', 'image/png'],
    ['会場.JPG', 'image/jpeg'],
    ['会場.jpeg', 'IMAGE/JPEG'],
  ])('accepts %s (%s)', async (file_name, content_type) => {
    const res = await call('POST', PUT_URL, DEMO.staff, body({ file_name, content_type }));
    expect(res.statusCode).toBe(200);
    expect(res.json().headers['content-type']).toBe(content_type.toLowerCase());
  });

  it('accepts exactly 20 MB and refuses more with file_too_large', async () => {
    expect((await call('POST', PUT_URL, DEMO.staff, body({ size: 20 * MB }))).statusCode).toBe(200);
    const res = await call('POST', PUT_URL, DEMO.staff, body({ size: 20 * MB + 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file_too_large', detail: 'ファイルサイズは 20 MB 以下にしてください。' });
    expect(res.json().errors[0].field).toBe('body.size');
  });

  it.each([
    [{ content_type: 'text/html', file_name: 'a.html' }, 'unsupported_file_type', 'body.content_type'],
    [{ content_type: 'application/zip', file_name: 'a.zip' }, 'unsupported_file_type', 'body.content_type'],
    [{ file_name: 'virus.exe' }, 'file_extension_mismatch', 'body.file_name'],
    [{ file_name: '拡張子なし' }, 'file_extension_mismatch', 'body.file_name'],
    [{ size: 0 }, 'validation_failed', 'body.size'],
    [{ purpose: 'avatar' }, 'validation_failed', 'body.purpose'],
    [{ extra: true }, 'validation_failed', 'body.extra'],
    [{ file_name: 'x'.repeat(256) + '.pdf' }, 'validation_failed', 'body.file_name'],
  ])('refuses %j with 400 %s', async (over, code, field) => {
    const res = await call('POST', PUT_URL, DEMO.staff, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 404 for a missing object, a path outside the chamber or an invalid key; 400 without a path', async () => {
    for (const path of ['demo/attachments/none/x.pdf', `${OTHER_CCI}/attachments/x/y.pdf`, 'demo/../other/x.pdf', 'demo/']) {
      expect((await call('GET', getUrl(path), DEMO.staff)).statusCode, path).toBe(404);
    }
    expect((await call('GET', '/v1/cci/demo/common/s3/get_object_url', DEMO.staff)).statusCode).toBe(400);
    expect((await call('GET', getUrl('d'.repeat(1025)), DEMO.staff)).statusCode).toBe(400);
  });

  it('refuses company admins (403), anonymous callers (401) and another chamber’s path (403)', async () => {
    expect((await call('POST', PUT_URL, DEMO.companyAdmin, body())).statusCode).toBe(403);
    expect((await call('GET', getUrl('demo/attachments/x/y.pdf'), DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('POST', PUT_URL, null, body())).statusCode).toBe(401);
    expect((await call('GET', getUrl('demo/attachments/x/y.pdf'), null)).statusCode).toBe(401);
    expect((await call('POST', `/v1/cci/${OTHER_CCI}/common/s3/put_object_url`, DEMO.admin, body())).statusCode).toBe(403);
    expect((await call('GET', getUrl(`${OTHER_CCI}/attachments/x/y.pdf`, OTHER_CCI), DEMO.admin)).statusCode).toBe(403);
  });
});
