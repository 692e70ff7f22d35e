/**
 * issue 6: a conference's attachments may only name objects uploaded for the caller's chamber
 * (`{cci_code}/attachments/…`, from put_object_url). Another chamber's key, an export file or a
 * path that climbs out is a 400 `invalid_attachment_key` naming each `attachments.{i}.key`, and
 * nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, tokenOf } from '../../../../../helpers/fixtures.ts';
import { recordUpload } from '../../../../../helpers/uploads.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const BASE = '/v1/cci/admin/master/conferences';

const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const att = (key: string, name = '資料.pdf') => ({ key, name, size: 100 });
const OWN = 'demo/attachments/5b0c7c52-7a44-4f0e-9a77-1a2b3c4d5e6f/議事次第.pdf';
const BAD_KEYS = [
  `${OTHER_CCI}/attachments/5b0c7c52-7a44-4f0e-9a77-1a2b3c4d5e6f/よその資料.pdf`,
  'demo/exports/12/出欠一覧.xlsx',
  'demo/attachments/../../other/attachments/x/y.pdf',
  'demo/attachmentsX/u/x.pdf',
  'demo/attachments/',
  '/demo/attachments/u/x.pdf',
  'attachments/u/x.pdf',
];

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await recordUpload(app.pool, OWN);
});
afterAll(() => app.close());

const createConference = async (body: object = {}) => {
  const res = await call('POST', BASE, DEMO.staff, { name: '添付テスト', event_date: '2031-06-01T10:00:00+09:00', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; attachments: unknown[]; sub_conferences: Array<{ id: number }> };
};

describe('attachment keys on POST /v1/cci/admin/master/conferences', () => {
  it('accepts keys under the chamber’s attachments prefix', async () => {
    const created = await createConference({ attachments: [att(OWN, '議事次第.pdf')] });
    expect(created.attachments).toEqual([att(OWN, '議事次第.pdf')]);
  });

  it('refuses another chamber’s key (400 invalid_attachment_key on body.attachments.{i}.key) and creates nothing', async () => {
    const count = async () =>
      Number((await app.pool.query(`select count(*) from conference where name = '他会議所の添付'`)).rows[0].count);
    const res = await call('POST', BASE, DEMO.staff, {
      name: '他会議所の添付',
      event_date: '2031-06-01T10:00:00+09:00',
      attachments: [att(OWN), att(BAD_KEYS[0])],
    });
    expect(res.statusCode).toBe(400);
    const problem = res.json();
    expect(problem).toMatchObject({ code: 'invalid_attachment_key', status: 400 });
    expect(problem.detail).toMatch(/添付資料/);
    expect(problem.errors).toEqual([
      { field: 'body.attachments.1.key', code: 'invalid_attachment_key', message: expect.stringMatching(/会議所/) },
    ]);
    expect(await count()).toBe(0);
  });

  it('checks the sub-conferences created with the parent too', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      name: '親会議',
      event_date: '2031-06-01T10:00:00+09:00',
      sub_conferences: [
        { name: '懇親会', event_date: '2031-06-01T12:00:00+09:00', attachments: [att(OWN), att('demo/exports/1/x.csv')] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_attachment_key');
    expect(fieldsNamed(res)).toBe('body.sub_conferences.0.attachments.1.key');
  });
});

describe('attachment keys on PUT /v1/cci/admin/master/conferences/{id}', () => {
  it('names every key outside the chamber’s attachments, and leaves the conference (and its version) unchanged', async () => {
    const created = await createConference({ attachments: [att(OWN)] });
    const res = await call('PUT', `${BASE}/${created.id}`, DEMO.staff, {
      version: created.version,
      attachments: [att(OWN), ...BAD_KEYS.map((key) => att(key))],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('invalid_attachment_key');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(
      BAD_KEYS.map((_, i) => `body.attachments.${i + 1}.key`),
    );
    const read = (await call('GET', `${BASE}/${created.id}`, DEMO.staff)).json();
    expect(read).toMatchObject({ version: created.version, attachments: [att(OWN)] });
  });

  it('accepts the key put_object_url issued, after the upload, and the stored attachment downloads', async () => {
    const created = await createConference();
    const issued = await call('POST', '/v1/cci/demo/common/s3/put_object_url', DEMO.staff, {
      file_name: '案内状.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      purpose: 'conference_attachment',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { url, headers, key } = issued.json();
    expect((await app.inject({ method: 'PUT', url, headers, payload: PDF })).statusCode).toBe(200);

    const res = await call('PUT', `${BASE}/${created.id}`, DEMO.staff, {
      version: created.version,
      attachments: [{ key, name: '案内状.pdf', size: PDF.length }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: created.version + 1,
      attachments: [{ key, name: '案内状.pdf', size: PDF.length }],
    });

    const link = await call('GET', `/v1/cci/demo/common/s3/get_object_url?path=${encodeURIComponent(key)}`, DEMO.admin);
    expect(link.statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('removing attachments (an empty list) is always allowed', async () => {
    const created = await createConference({ attachments: [att(OWN)] });
    const res = await call('PUT', `${BASE}/${created.id}`, DEMO.staff, { version: created.version, attachments: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments).toEqual([]);
  });
});

describe('attachments must be recorded uploads', () => {
  const unrecorded = () => `demo/attachments/${crypto.randomUUID()}/未登録.pdf`;

  it('refuses a well-formed key put_object_url never issued (or the clean-up removed), on create and on update', async () => {
    const key = unrecorded();
    const created = await call('POST', BASE, DEMO.staff, {
      name: '未登録の添付',
      event_date: '2031-06-01T10:00:00+09:00',
      sub_conferences: [{ name: '懇親会', event_date: '2031-06-01T18:00:00+09:00', attachments: [att(OWN), att(key)] }],
    });
    expect(created.statusCode).toBe(400);
    expect(fieldsNamed(created)).toBe('body.sub_conferences.0.attachments.1.key');

    const conference = await createConference({ attachments: [att(OWN)] });
    const updated = await call('PUT', `${BASE}/${conference.id}`, DEMO.staff, {
      version: conference.version,
      attachments: [att(OWN), att(key)],
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ code: 'invalid_attachment_key' });
    expect(fieldsNamed(updated)).toBe('body.attachments.1.key');
    expect((await call('GET', `${BASE}/${conference.id}`, DEMO.staff)).json()).toMatchObject({ version: conference.version });
  });

  it('keeps accepting an attachment the conference already had, even once its upload row is gone', async () => {
    const key = await recordUpload(app.pool, unrecorded());
    const conference = await createConference({ attachments: [att(key)] });
    await app.pool.query('delete from upload where key = $1', [key]);
    const res = await call('PUT', `${BASE}/${conference.id}`, DEMO.staff, {
      version: conference.version,
      name: '名前だけ変更',
      attachments: [att(key)],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a save waits for a clean-up that holds the upload, and is refused once the upload is gone', async () => {
    const key = await recordUpload(app.pool, unrecorded(), { ageHours: 48 });
    const conference = await createConference();
    const cleanup = await app.pool.connect();
    try {
      await cleanup.query('begin');
      // the clean-up has claimed the row (server/jobs/upload-cleanup.ts)
      await cleanup.query('select id from upload where key = $1 for update', [key]);
      let settled = false;
      const save = call('PUT', `${BASE}/${conference.id}`, DEMO.staff, { version: conference.version, attachments: [att(key)] });
      void save.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await cleanup.query('delete from upload where key = $1', [key]);
      await cleanup.query('commit');
      const res = await save;
      expect(res.statusCode).toBe(400);
      expect(fieldsNamed(res)).toBe('body.attachments.0.key');
    } finally {
      cleanup.release();
    }
  });
});
