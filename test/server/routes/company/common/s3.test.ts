/**
 * spec §7: GET /v1/company/{cci_code}/common/s3/get_object_url — only attachments of conferences
 * the company may see (invited, not draft); anything else 404 (DESIGN.md §6).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, tokenOf } from '../../../../helpers/fixtures.ts';
import { createConference } from '../../../../helpers/attendance-fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../../helpers/export-app.ts';

const getUrl = (key: string, cci = 'demo') => `/v1/company/${cci}/common/s3/get_object_url?path=${encodeURIComponent(key)}`;
const key = (name: string) => `demo/attachments/company-s3-test/${name}`;

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let tmp: string;

/** A conference carrying one attachment, stored; `invited`: the companies with a conference_company row. */
async function conferenceWith(name: string, opts: { status?: 'draft' | 'published'; parentId?: number; invited: number[] }) {
  const id = await createConference(env.app.pool, { name, status: opts.status ?? 'published', parentId: opts.parentId });
  const file = path.join(tmp, name);
  await writeFile(file, `%PDF ${name}`);
  await env.storage.putFile(key(name), file, 'application/pdf');
  await env.app.pool.query('update conference set attachments = $2 where id = $1', [
    id,
    JSON.stringify([{ key: key(name), name, size: 10 }]),
  ]);
  for (const companyId of opts.invited) {
    await env.app.pool.query(`insert into conference_company (cci_code, conference_id, company_id) values ('demo', $1, $2)`, [
      id,
      companyId,
    ]);
  }
  return id;
}

let own: number;
beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'kaigi-company-s3-'));
  own = await companyIdOf(env.app.pool, 'C0001');
  const parent = await conferenceWith('invited.pdf', { invited: [own] });
  await conferenceWith('sub-invited.pdf', { parentId: parent, invited: [own] });
  await conferenceWith('sub-not-invited.pdf', { parentId: parent, invited: [] });
  await conferenceWith('draft.pdf', { status: 'draft', invited: [own] });
  await conferenceWith('others.pdf', { invited: [await companyIdOf(env.app.pool, 'C0002')] });
  // invited only through a sub-conference: the parent and its attachments are visible (conference list rule)
  const viaSub = await conferenceWith('parent-via-sub.pdf', { invited: [] });
  await conferenceWith('sub-of-via.pdf', { parentId: viaSub, invited: [own] });
});
afterAll(async () => {
  await env.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('GET /v1/company/{cci_code}/common/s3/get_object_url (spec §7)', () => {
  it.each(['invited.pdf', 'sub-invited.pdf', 'parent-via-sub.pdf'])(
    'downloads %s, an attachment of a conference it is invited to',
    async (name) => {
      const res = await call('GET', getUrl(key(name)), DEMO.companyAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.json().file_name).toBe(name);
      const file = await env.app.inject({ method: 'GET', url: res.json().url });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe(`%PDF ${name}`);
    },
  );

  it.each([
    ['a sub-conference it is not invited to', 'sub-not-invited.pdf'],
    ['a draft conference', 'draft.pdf'],
    ['a conference only another company is invited to', 'others.pdf'],
    ['a stored file that is no conference’s attachment', 'not-attached.pdf'],
  ])('answers 404 for %s', async (_what, name) => {
    expect((await call('GET', getUrl(key(name)), DEMO.companyAdmin)).statusCode).toBe(404);
  });

  it('is decided per company: each sees its own invitations’ attachments only; export files never', async () => {
    expect((await call('GET', getUrl(key('others.pdf')), DEMO.companyNew)).statusCode).toBe(200);
    expect((await call('GET', getUrl(key('invited.pdf')), DEMO.companyNew)).statusCode).toBe(404);
    expect((await call('GET', getUrl('demo/exports/1/事業所一覧.xlsx'), DEMO.companyAdmin)).statusCode).toBe(404);
  });

  it('answers 404 for another chamber, 403 to chamber staff, 401 without a token, 400 without a path', async () => {
    expect((await call('GET', getUrl(key('invited.pdf'), OTHER_CCI), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', getUrl(key('invited.pdf')), DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', getUrl(key('invited.pdf')), null)).statusCode).toBe(401);
    expect((await call('GET', '/v1/company/demo/common/s3/get_object_url', DEMO.companyAdmin)).statusCode).toBe(400);
  });
});
