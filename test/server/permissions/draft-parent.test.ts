/**
 * Issue 11 item 4: a sub-conference published while an ancestor is still a draft is as hidden from
 * the invited company as the draft itself, on every company path: its detail and its attachments
 * 404, an answer 404 writing nothing, the lists leave its rows out (a filter naming it finds
 * nothing). The same calls on a sub-conference of a published parent are the control. A cancelled
 * parent hides nothing (companies see cancelled conferences, DESIGN.md §4); answering is closed.
 *
 * The caller is the other chamber's COMPANY_ADMIN (fixtures.ts), so the demo companies' lists that
 * other files count are left as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../helpers/app.ts';
import { OTHER_CCI, tokenOf } from '../../helpers/fixtures.ts';
import { createConference, createMember } from '../../helpers/attendance-fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { EMAIL, ensureCallers, invitedConference, storePdf } from './fixtures.ts';

type Status = 'draft' | 'published' | 'cancelled';
/** What the company was invited to: the conference `target` (with an invitee and an attachment) and its ancestors. */
interface Case {
  target: number;
  top: number;
  invitee: number;
  attachment: string;
}

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
const cases: Record<string, Case> = {};
const as = (method: 'GET' | 'POST', url: string, body?: object) => call(method, url, EMAIL.otherCompany, body);

/** A chain of conferences of the other chamber, top first (statuses given), the company invited to the last one. */
async function chain(name: string, statuses: Status[], memberId: number, companyId: number): Promise<Case> {
  let parentId: number | undefined;
  const ids: number[] = [];
  for (const status of statuses.slice(0, -1)) {
    parentId = await createConference(env.app.pool, { cciCode: OTHER_CCI, name: `${name}（親）`, status, parentId });
    ids.push(parentId);
  }
  const invited = await invitedConference(env.app, OTHER_CCI, companyId, memberId, { status: statuses.at(-1)!, parentId });
  const attachment = `${OTHER_CCI}/attachments/perm-${invited.conference}/案内.pdf`;
  await storePdf(env.storage, attachment);
  await env.app.pool.query('update conference set attachments = $2 where id = $1', [
    invited.conference,
    JSON.stringify([{ key: attachment, name: '案内.pdf', size: 15 }]),
  ]);
  return { target: invited.conference, top: ids[0] ?? invited.conference, invitee: invited.conferenceMember, attachment };
}

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  const { otherCompany } = await ensureCallers(env.app);
  const member = await createMember(env.app.pool, {
    cciCode: OTHER_CCI,
    companyId: otherCompany,
    name: '下書 四郎',
    kana: 'シタガキ シロウ',
  });
  cases.draftParent = await chain('下書きの親', ['draft', 'published'], member, otherCompany);
  // the API nests one level; the table allows more, and the rule walks every ancestor
  cases.draftGrandparent = await chain('下書きの祖父', ['draft', 'published', 'published'], member, otherCompany);
  cases.draftItself = await chain('下書き', ['published', 'draft'], member, otherCompany);
  cases.publishedParent = await chain('公開済みの親', ['published', 'published'], member, otherCompany);
  cases.cancelledParent = await chain('中止の親', ['cancelled', 'cancelled'], member, otherCompany);
});
afterAll(() => env.close());

const HIDDEN = ['draftParent', 'draftGrandparent', 'draftItself'] as const;
const SHOWN = ['publishedParent', 'cancelledParent'] as const;
const all = [...HIDDEN.map((c) => [c, false] as const), ...SHOWN.map((c) => [c, true] as const)];

const idsOf = (res: { json(): unknown }, field: string) =>
  (res.json() as { data: Array<Record<string, number>> }).data.map((r) => r[field]);

describe.each(all)('a sub-conference: %s (shown to the company: %s)', (name, shown) => {
  it('GET /v1/company/conferences/{id}: 404 unless shown', async () => {
    const res = await as('GET', `/v1/company/conferences/${cases[name].target}?expand=members,attachments`);
    expect(res.statusCode, res.body).toBe(shown ? 200 : 404);
  });

  it('GET /v1/company/conferences: its top-level conference is listed only if shown', async () => {
    const res = await as('GET', '/v1/company/conferences?hidden_happened=false&page_size=1000');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res, 'id').includes(cases[name].top)).toBe(shown);
  });

  it('GET /v1/company/conference_members: its invitee is listed only if shown, filtered or not', async () => {
    const { target, top, invitee } = cases[name];
    for (const query of [`conference_id=${target}`, `parent_conference_id=${top}`, 'page_size=1000']) {
      const res = await as('GET', `/v1/company/conference_members?${query}`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res, 'id').includes(invitee), query).toBe(shown);
    }
  });

  it('GET /v1/company/conference_companies: its row is listed only if shown, filtered or not', async () => {
    const { target } = cases[name];
    for (const query of [`conference_id=${target}`, `conference_id__in=${target}`, 'page_size=1000']) {
      const res = await as('GET', `/v1/company/conference_companies?${query}`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res, 'conference_id').includes(target), query).toBe(shown);
    }
  });

  it('GET /v1/company/{cci_code}/common/s3/get_object_url: its attachment only if shown', async () => {
    const res = await as(
      'GET',
      `/v1/company/${OTHER_CCI}/common/s3/get_object_url?path=${encodeURIComponent(cases[name].attachment)}`,
    );
    expect(res.statusCode, res.body).toBe(shown ? 200 : 404);
  });
});

describe('POST /v1/company/conference_members/answer', () => {
  const answer = (invitee: number) =>
    as('POST', '/v1/company/conference_members/answer', { answers: [{ id: invitee, answer_content: 'attend' }] });
  const stored = async (invitee: number) =>
    (await env.app.pool.query('select answer_content, version from conference_member where id = $1', [invitee])).rows[0];

  it.each(HIDDEN)('%s: 404, nothing written', async (name) => {
    const res = await answer(cases[name].invitee);
    expect(res.statusCode, res.body).toBe(404);
    expect(await stored(cases[name].invitee)).toEqual({ answer_content: null, version: 1 });
  });

  it('cancelledParent: 422, answering is closed', async () => {
    const res = await answer(cases.cancelledParent.invitee);
    expect(res.statusCode, res.body).toBe(422);
    expect(await stored(cases.cancelledParent.invitee)).toEqual({ answer_content: null, version: 1 });
  });

  it('publishedParent (the control): 200, the answer stored', async () => {
    const res = await answer(cases.publishedParent.invitee);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(cases.publishedParent.invitee)).toEqual({ answer_content: 'attend', version: 2 });
  });
});
