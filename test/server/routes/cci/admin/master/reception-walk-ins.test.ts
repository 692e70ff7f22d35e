/**
 * issue 14 "当日参加" (DESIGN.md §11.3, WalkInSchema): a walk-in of an invited company by name (an
 * existing member of that name is reused, else one is added) or by member, and a substitute arriving
 * instead of the principal; recorded as answered at the counter (窓口) by the staff user, checked in,
 * audited, and kept in the company's answer summary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { summaryOf, usernameOf } from '../../../../../helpers/attendance-fixtures.ts';
import { ReceptionFixtures, walkIns } from '../../../../../helpers/reception-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let fx: ReceptionFixtures;
let staffName: string;
let conference: number;
let company: { id: number; code: string };
let outsider: { id: number; code: string };
let principal: number;
let companion: number;
let spare: number;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  fx = new ReceptionFixtures(app.pool);
  staffName = await usernameOf(app.pool, DEMO.staff);
  company = await fx.company('W', '当日商事株式会社');
  outsider = await fx.company('X', '未招待工業株式会社');
  const boss = await fx.member(company.id, '社長 一郎', 'シャチョウ イチロウ');
  const aide = await fx.member(company.id, '秘書 二郎', 'ヒショ ジロウ');
  spare = await fx.member(company.id, '営業 三郎', 'エイギョウ サブロウ');
  await fx.member(company.id, '経理 四郎', 'ケイリ シロウ');
  conference = await fx.conference();
  [principal, companion] = await fx.invite(conference, [
    { memberId: boss, answer: 'attend' },
    { memberId: aide, answer: null, category: 'companion' },
  ]);
});
afterAll(async () => {
  await fx.cleanUp();
  await app.close();
});

const walkIn = (body: object, conferenceId = conference) => call('POST', walkIns(conferenceId), DEMO.staff, body);

async function stored(id: number) {
  const { rows } = await app.pool.query(
    `select category, answer_content, answer_channel, answered_by, answer_received_at, walk_in, checked_in_by,
            attended_by, proxy_name, proxy_title, sort
       from conference_member where id = $1`,
    [id],
  );
  return rows[0];
}

const membersNamed = async (name: string) =>
  (
    await app.pool.query('select id, company_code, title, search_text from member where company_id = $1 and name = $2', [
      company.id,
      name,
    ])
  ).rows;

describe('walk-ins (当日参加)', () => {
  it('a new person of an invited company: a member is added and checked in as answered at the counter', async () => {
    const res = await walkIn({ company_id: company.id, name: '  新人 五郎 ', title: '課長' });
    expect(res.statusCode, res.body).toBe(201);
    const { row, already, counts } = res.json();
    expect(already).toBe(false);
    expect(row).toMatchObject({
      company_id: company.id,
      company_code: company.code,
      member_name: '新人 五郎',
      member_title: '課長',
      category: 'companion',
      answer_content: 'attend',
      expected: true,
      walk_in: true,
      checked_in_by: staffName,
      attended_by: '新人 五郎',
      sort: 21,
    });
    expect(counts).toEqual({ expected: 2, checked_in: 1, not_arrived: 1 });
    expect(await stored(row.id)).toMatchObject({ answer_channel: 'counter', answered_by: staffName, walk_in: true });
    const [added] = await membersNamed('新人 五郎');
    expect(added).toMatchObject({ id: row.member_id, company_code: company.code, title: '課長' });
    expect(added.search_text).toContain(company.code.toLowerCase());
    expect(added.search_text).toContain('当日商事');

    const { rows: audits } = await app.pool.query(
      `select entity, action, actor from audit_log
        where (entity = 'member' and entity_id = $1) or (entity = 'conference_member' and entity_id = $2) order by id`,
      [String(row.member_id), String(row.id)],
    );
    expect(audits).toEqual([
      { entity: 'member', action: 'create', actor: staffName },
      { entity: 'conference_member', action: 'walk_in', actor: staffName },
    ]);
    // one invitee answered, one not: the company's summary follows
    expect(await summaryOf(app.pool, conference, company.id)).toMatchObject({
      answer_content: 'partial',
      answered_by: staffName,
    });
  });

  it('a name the company already has (any width or spacing) reuses that member', async () => {
    const res = await walkIn({ company_id: company.id, name: '経理四郎' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await membersNamed('経理四郎')).toEqual([]);
    expect(res.json().row).toMatchObject({ member_name: '経理 四郎', member_kana: 'ケイリ シロウ', attended_by: '経理 四郎' });
  });

  it('by member: an existing member of the company not yet invited', async () => {
    const res = await walkIn({ company_id: company.id, member_id: spare });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().row).toMatchObject({ member_id: spare, member_name: '営業 三郎', walk_in: true, checked_in_by: staffName });
  });

  it('someone already invited is pointed to their row (409), not added twice', async () => {
    const byName = await walkIn({ company_id: company.id, name: '秘書 二郎' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ code: 'already_invited', conference_member_id: companion });
    const byMember = await walkIn({ company_id: company.id, member_id: spare });
    expect(byMember.statusCode).toBe(409);
    expect(byMember.json().code).toBe('already_invited');
  });

  it('refuses a company not invited (or another chamber’s) and a member of another company', async () => {
    const { companyId: foreign } = await ensureOtherChamber(app.pool);
    for (const companyId of [outsider.id, foreign]) {
      const res = await walkIn({ company_id: companyId, name: '飛込 六郎' });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('company_not_invited');
    }
    const stranger = await fx.member(outsider.id, '他社 七郎', 'タシャ シチロウ');
    const res = await walkIn({ company_id: company.id, member_id: stranger });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('member_not_found');
    const { rows } = await app.pool.query("select count(*)::int as n from member where name = '飛込 六郎'");
    expect(rows[0].n).toBe(0);
  });

  it('a substitute instead of the principal: the row becomes 代理出席 at the counter, checked in', async () => {
    const res = await walkIn({ instead_of: principal, name: '代理 八郎', title: '専務' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().row).toMatchObject({
      id: principal,
      category: 'principal',
      answer_content: 'proxy_attend',
      proxy_name: '代理 八郎',
      proxy_title: '専務',
      walk_in: false,
      checked_in_by: staffName,
      attended_by: '代理 八郎',
    });
    expect(await stored(principal)).toMatchObject({ answer_channel: 'counter', answered_by: staffName });

    const again = await walkIn({ instead_of: principal, name: '代理 九郎' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_checked_in');
    const notPrincipal = await walkIn({ instead_of: companion, name: '代理 十郎' });
    expect(notPrincipal.statusCode).toBe(422);
    expect(notPrincipal.json().code).toBe('not_principal');
    const elsewhere = await walkIn({ instead_of: 2_000_000_000, name: '代理 十郎' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('conference_member_not_found');
  });

  it('refuses a body of none of the three forms, and a cancelled conference', async () => {
    expect((await walkIn({ company_id: company.id })).statusCode).toBe(400);
    expect((await walkIn({ company_id: company.id, name: '   ' })).statusCode).toBe(400);
    expect((await walkIn({ instead_of: principal, member_id: spare })).statusCode).toBe(400);
    const cancelled = await fx.conference({ status: 'cancelled' });
    await fx.invite(cancelled, [{ memberId: spare, answer: 'attend' }]);
    const res = await walkIn({ company_id: company.id, name: '中止 太郎' }, cancelled);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('reception_closed');
  });
});
