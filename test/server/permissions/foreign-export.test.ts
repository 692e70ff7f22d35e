/**
 * A real export of the other chamber, made through its own export route and run by the worker, is
 * out of the demo chamber's reach (table.ts conventions, DESIGN.md §6): by id under its own chamber's
 * path a 404 (no existence revealed), under the other chamber's path a 403; its file neither
 * through get_object_url nor in a list. The other chamber's admin reaching it is the control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../helpers/app.ts';
import { DEMO, OTHER_CCI, tokenOf } from '../../helpers/fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { eventually } from '../../helpers/export-files.ts';
import { EMAIL, ensureCallers, type Who } from './fixtures.ts';

type Job = { id: number; status: string; file_key: string | null };

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let job: Job;

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await ensureCallers(env.app);
  await env.startWorker();
  const created = await call('POST', `/v1/cci/${OTHER_CCI}/export`, EMAIL.otherAdmin, { type: 'companies', format: 'csv_utf8' });
  if (created.statusCode !== 201) throw new Error(created.body);
  job = await eventually(
    async () => {
      const j: Job = (await call('GET', `/v1/cci/${OTHER_CCI}/export/${created.json().id}`, EMAIL.otherAdmin)).json();
      return j.status === 'succeeded' ? j : null;
    },
    30_000,
    'the other chamber’s export',
  );
});
afterAll(() => env.close());

const fileUrl = (cci: string) => `/v1/cci/${cci}/common/s3/get_object_url?path=${encodeURIComponent(job.file_key!)}`;

describe("another chamber's export", () => {
  it('is reachable by its own chamber (the control: the job and its file are real)', async () => {
    expect(job.file_key).toMatch(new RegExp(`^${OTHER_CCI}/exports/${job.id}/`));
    expect((await call('GET', `/v1/cci/${OTHER_CCI}/export/${job.id}`, EMAIL.otherAdmin)).statusCode).toBe(200);
    expect((await call('GET', fileUrl(OTHER_CCI), EMAIL.otherAdmin)).statusCode).toBe(200);
  });

  it.each<[string, Who, string, number]>([
    ['by id under its own path', 'admin', 'demo', 404],
    ['by id under its own path', 'staff', 'demo', 404],
    ["by id under the other chamber's path", 'admin', OTHER_CCI, 403],
    ["by id under the other chamber's path", 'staff', OTHER_CCI, 403],
  ])('is not found %s (%s)', async (_how, who, cci, status) => {
    const res = await call('GET', `/v1/cci/${cci}/export/${job.id}`, EMAIL[who]);
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each<[string, Who, string, number]>([
    ['its own', 'admin', 'demo', 404],
    ['its own', 'staff', 'demo', 404],
    ["the other chamber's", 'admin', OTHER_CCI, 403],
    ["the other chamber's", 'staff', OTHER_CCI, 403],
  ])('is not downloadable through get_object_url under %s path (%s)', async (_how, who, cci, status) => {
    const res = await call('GET', fileUrl(cci), EMAIL[who]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).not.toContain('/v1/storage/objects/');
  });

  it("is not downloadable by a company's admin, of either chamber's company portal path", async () => {
    const companyUrl = (cci: string) => `/v1/company/${cci}/common/s3/get_object_url?path=${encodeURIComponent(job.file_key!)}`;
    expect((await call('GET', companyUrl('demo'), DEMO.companyAdmin)).statusCode).toBe(404);
    expect((await call('GET', companyUrl(OTHER_CCI), DEMO.companyAdmin)).statusCode).toBe(404);
    // not even the other chamber's company: exports are the chamber's, not its companies'
    expect((await call('GET', companyUrl(OTHER_CCI), EMAIL.otherCompany)).statusCode).toBe(404);
  });

  it("is not in the demo chamber's export list", async () => {
    const res = await call('GET', '/v1/cci/demo/export?page_size=1000', DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((j: Job) => j.id)).not.toContain(job.id);
  });
});
