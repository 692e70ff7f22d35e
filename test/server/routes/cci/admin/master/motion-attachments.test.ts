/**
 * Attachments of a 議案 (issue 34, DESIGN.md §12.1 "attachments as conference attachments"): staff
 * upload through put_object_url and save the key on the 議案; the admin of a company invited to the
 * conference downloads it through the company's get_object_url (the 書面議決 form lists it), another
 * company gets a 404, as does everyone once the file is taken off the 議案.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../../../helpers/fixtures.ts';
import { createConference } from '../../../../../helpers/attendance-fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../../../helpers/export-app.ts';
import { VoteFixtures } from '../../../../../helpers/vote-fixtures.ts';

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let f: VoteFixtures;
const conferences: number[] = [];
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const motions = (conference: number, rest = '') => `/v1/cci/admin/master/conferences/${conference}/motions${rest}`;
const companyLink = (key: string) => `/v1/company/demo/common/s3/get_object_url?path=${encodeURIComponent(key)}`;

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  f = new VoteFixtures(env.app, call);
});
afterAll(async () => {
  await f.cleanUp();
  await env.app.pool.query('delete from conference where id = any($1::int[])', [conferences]);
  await env.close();
});

/** A published conference with these companies invited. */
async function conferenceFor(companyCodes: string[]): Promise<number> {
  const id = await createConference(env.app.pool, { name: '議案添付テスト総会' });
  conferences.push(id);
  for (const code of companyCodes) {
    await env.app.pool.query(`insert into conference_company (cci_code, conference_id, company_id) values ('demo', $1, $2)`, [
      id,
      await companyIdOf(env.app.pool, code),
    ]);
  }
  return id;
}

/** What the 議案 dialog does: put_object_url, then the bytes to the signed URL. */
async function upload(fileName: string) {
  const issued = await call('POST', '/v1/cci/demo/common/s3/put_object_url', DEMO.staff, {
    file_name: fileName,
    content_type: 'application/pdf',
    size: PDF.length,
    purpose: 'conference_attachment',
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const { url, headers, key } = issued.json();
  expect((await env.app.inject({ method: 'PUT', url, headers, payload: PDF })).statusCode).toBe(200);
  return { key: key as string, name: fileName, size: PDF.length };
}

async function downloadAsCompany(key: string) {
  const link = await call('GET', companyLink(key), DEMO.companyAdmin);
  if (link.statusCode !== 200) return link.statusCode;
  const file = await env.app.inject({ method: 'GET', url: link.json().url });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(PDF)).toBe(true);
  return 200;
}

describe('attachments of a 議案', () => {
  it('staff upload and attach a file; the invited company’s admin downloads it; taken off, it is a 404', async () => {
    const conference = await conferenceFor(['C0001']);
    const file = await upload('第1号議案_事業報告書.pdf');
    const created = await call('POST', motions(conference), DEMO.staff, {
      number: '第1号議案',
      title: '令和7年度事業報告承認の件',
      attachments: [file],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().attachments).toEqual([file]);
    expect((await call('GET', motions(conference, `/${created.json().id}`), DEMO.staff)).json().attachments).toEqual([file]);

    expect(await downloadAsCompany(file.key)).toBe(200);

    const removed = await call('PUT', motions(conference, `/${created.json().id}`), DEMO.staff, {
      version: created.json().version,
      attachments: [],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().attachments).toEqual([]);
    expect(await downloadAsCompany(file.key)).toBe(404);
  });

  it('a company not invited to the conference gets a 404 for its 議案’s file', async () => {
    const conference = await conferenceFor(['C0002']);
    const file = await upload('第2号議案_定款新旧対照表.pdf');
    const created = await call('POST', motions(conference), DEMO.staff, {
      number: '第2号議案',
      title: '定款変更の件',
      attachments: [file],
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await call('GET', companyLink(file.key), DEMO.companyAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('/v1/storage/objects/');
    // staff of the chamber still read it
    expect(
      (await call('GET', `/v1/cci/demo/common/s3/get_object_url?path=${encodeURIComponent(file.key)}`, DEMO.admin)).statusCode,
    ).toBe(200);
  });

  it('a 議案 of a draft conference does not give its file to an invited company', async () => {
    const conference = await conferenceFor(['C0001']);
    const file = await upload('第3号議案_役員名簿.pdf');
    const created = await call('POST', motions(conference), DEMO.staff, {
      number: '第3号議案',
      title: '役員選任の件',
      attachments: [file],
    });
    expect(created.statusCode, created.body).toBe(201);
    await env.app.pool.query(`update conference set status = 'draft' where id = $1`, [conference]);
    expect((await call('GET', companyLink(file.key), DEMO.companyAdmin)).statusCode).toBe(404);
  });

  it('the 書面議決 form of the invited company lists each 議案 with its files, which it downloads', async () => {
    const { conference, principals } = await f.assembly(['absent'], { companyId: await companyIdOf(env.app.pool, 'C0001') });
    const file = await upload('第1号議案_収支決算書.pdf');
    await f.motion(conference, { attachments: [file] });
    await f.motion(conference, { number: '第2号議案', title: '添付なし' });
    const form = await call('GET', `/v1/company/conference_members/${principals[0]}/written_votes`, DEMO.companyAdmin);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.map((v: { number: string; attachments: unknown[] }) => [v.number, v.attachments])).toEqual([
      ['第1号議案', [file]],
      ['第2号議案', []],
    ]);
    expect(await downloadAsCompany(file.key)).toBe(200);
  });
});
