/**
 * issue 15 §4: searching 高橋 finds 髙橋 and the reverse (異体字 folded in the search index and in the
 * query, access/itaiji.ts) — in the company and member lists (the pickers' search too), the
 * reception desk (names and 代理出席 substitutes), conferences and templates — and a 2-character
 * term still goes through the bigram index (DESIGN.md §9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { ReceptionFixtures, checkIns } from '../../../../../helpers/reception-fixtures.ts';
import { searchTerms } from '../../../../../../server/db/normalize.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let fx: ReceptionFixtures;
const TAG = randomUUID().replace(/-/g, '').slice(0, 8);
const ids = { variantCompany: 0, plainCompany: 0, variantMember: 0, plainMember: 0, conference: 0, template: 0 };

type Listed = { json(): { data: Array<{ id: number }> } };
const idsOf = (res: Listed) => res.json().data.map((r) => r.id);
const find = async (path: string, keyword: string) => {
  const res = await call(
    'GET',
    `${path}${path.includes('?') ? '&' : '?'}keyword=${encodeURIComponent(keyword)}&page_size=1000`,
    DEMO.staff,
  );
  expect(res.statusCode, res.body).toBe(200);
  return idsOf(res);
};

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  fx = new ReceptionFixtures(app.pool);
  const company = async (code: string, name1: string) => {
    const res = await call('POST', '/v1/cci/admin/master/companies', DEMO.admin, { company_code: code, attributes: { name1 } });
    expect(res.statusCode, res.body).toBe(201);
    fx.companies.push(res.json().id);
    return res.json().id as number;
  };
  const member = async (companyId: number, name: string) => {
    const res = await call('POST', '/v1/cci/admin/master/members', DEMO.admin, { company_id: companyId, name });
    expect(res.statusCode, res.body).toBe(201);
    fx.members.push(res.json().id);
    return res.json().id as number;
  };
  ids.variantCompany = await company(`VA${TAG}`, '株式会社髙橋精機');
  ids.plainCompany = await company(`VB${TAG}`, '高橋商店');
  ids.variantMember = await member(ids.plainCompany, '髙橋 一郎');
  ids.plainMember = await member(ids.variantCompany, '高橋 二郎');
  ids.conference = await fx.conference({ name: `髙橋記念講演会 ${TAG}` });
  await fx.invite(ids.conference, [
    { memberId: ids.variantMember, answer: 'attend' },
    { memberId: ids.plainMember, answer: 'proxy_attend', proxyName: '山﨑 代理人' },
  ]);
  const template = await call('POST', '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE', DEMO.admin, {
    conference_template_code: `VT${TAG}`,
    name: '渡邉記念講演会',
  });
  expect(template.statusCode, template.body).toBe(201);
  ids.template = template.json().id;
});
afterAll(async () => {
  await app.pool.query('delete from conference_template where id = $1', [ids.template]);
  await fx.cleanUp();
  await app.close();
});

describe('異体字 in keyword search', () => {
  it('companies: 高橋 finds 髙橋 and 髙橋 finds 高橋 (a 2-character term alone, and beside the code)', async () => {
    for (const keyword of ['高橋', '髙橋']) {
      expect(await find('/v1/cci/admin/master/companies', keyword), keyword).toEqual(
        expect.arrayContaining([ids.variantCompany, ids.plainCompany]),
      );
      expect(await find('/v1/cci/admin/master/companies', `${keyword} va${TAG}`), keyword).toEqual([ids.variantCompany]);
    }
  });

  it('members (the company picker and member lists): 高橋 finds 髙橋 一郎 and 髙橋 finds 高橋 二郎', async () => {
    for (const keyword of ['高橋', '髙橋']) {
      expect(await find('/v1/cci/admin/master/members', `${keyword} ${TAG}`), keyword).toEqual([
        ids.plainMember,
        ids.variantMember,
      ]);
    }
    // by the company's name too: the member of 株式会社髙橋精機
    expect(await find('/v1/cci/admin/master/members', `高橋精機 va${TAG}`)).toEqual([ids.plainMember]);
  });

  it('the reception desk: names and the 代理出席 substitute fold alike', async () => {
    const list = async (q: string) =>
      (await call('GET', `${checkIns(ids.conference)}?q=${encodeURIComponent(q)}&perPage=100`, DEMO.staff)).json() as {
        data: Array<{ member_id: number }>;
      };
    expect((await list('高橋 一郎')).data.map((r) => r.member_id)).toEqual([ids.variantMember]);
    expect((await list('髙橋 二郎')).data.map((r) => r.member_id)).toEqual([ids.plainMember]);
    expect((await list('山崎')).data.map((r) => r.member_id)).toEqual([ids.plainMember]);
  });

  it('conferences and conference templates', async () => {
    expect(await find('/v1/cci/admin/master/conferences', `高橋記念 ${TAG}`)).toEqual([ids.conference]);
    expect(await find('/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE', '渡辺記念')).toEqual([ids.template]);
  });

  it('a 2-character folded term is served by the chamber bigram index', async () => {
    const [term] = searchTerms('髙橋');
    expect(term).toBe('高橋');
    const client = await app.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      // the bigram condition alone: on the small test tables the planner may otherwise take any
      // (cci_code, …) btree for cci_code = 'demo' and filter the few rows
      const plan = await client.query(
        `explain select id from company where kaigi_bigrams(search_text) @> kaigi_bigrams($1::text)`,
        [term],
      );
      expect(JSON.stringify(plan.rows)).toMatch(/company_cci_code_search_bigrams_idx/);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
