import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller, fieldsNamed } from '../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../helpers/fixtures.ts';

/**
 * Required names and titles need a visible character: blanks only — half-width spaces, the
 * ideographic space U+3000 of Japanese IMEs, tabs — are a 400 naming the field (schemas/common.ts RequiredText).
 */
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let c0001: number;
let adminUsername: string;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  c0001 = await companyIdOf(app.pool, 'C0001');
  const users = (await call('GET', '/v1/cci/admin/master/users?page_size=1000', DEMO.admin)).json().data;
  adminUsername = users.find((u: { email: string }) => u.email === DEMO.admin).username;
});
afterAll(() => app.close());

const BLANKS = ['　', ' \u3000 ', '\t'];

describe.each(BLANKS)('a required name of blanks only (%j) is a 400 naming the field', (blank) => {
  it('company name1, on the chamber create and the company profile', async () => {
    const created = await call('POST', '/v1/cci/admin/master/companies', DEMO.admin, {
      company_code: 'BLANK1',
      attributes: { name1: blank },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(fieldsNamed(created)).toContain('body.attributes.name1');

    const own = (await call('GET', `/v1/company/companies/${c0001}`, DEMO.companyAdmin)).json();
    const profile = await call('PUT', `/v1/company/companies/${c0001}`, DEMO.companyAdmin, {
      version: own.version,
      attributes: { name1: blank },
    });
    expect(profile.statusCode, profile.body).toBe(400);
    expect(fieldsNamed(profile)).toContain('body.attributes.name1');
  });

  it('template name, its sub-conference names and invitee departments', async () => {
    const res = await call('POST', '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE', DEMO.admin, {
      conference_template_code: 'BLANK_TPL',
      name: blank,
      body: {
        sub_conferences: [{ name: blank }],
        invitee_rules: [{ position_type: 'CCI_COMMITTEE', department_name: blank, position_names: [blank] }],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = fieldsNamed(res);
    for (const field of [
      'body.name',
      'body.body.sub_conferences.0.name',
      'body.body.invitee_rules.0.department_name',
      'body.body.invitee_rules.0.position_names.0',
    ]) {
      expect(fields).toContain(field);
    }
  });

  it('conference name and attachment name', async () => {
    const res = await call('POST', '/v1/cci/admin/master/conferences', DEMO.staff, {
      name: blank,
      event_date: '2031-04-01T10:00:00+09:00',
      attachments: [{ key: 'demo/attachments/x/a.pdf', name: blank, size: 1 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsNamed(res)).toContain('body.name');
    expect(fieldsNamed(res)).toContain('body.attachments.0.name');
  });

  it('member name, user display name and an invitation rule department', async () => {
    const member = await call('POST', '/v1/cci/admin/master/members', DEMO.admin, { company_id: c0001, name: blank });
    expect(fieldsNamed(member)).toContain('body.name');
    const user = await call('PUT', `/v1/cci/admin/master/users/${adminUsername}`, DEMO.admin, {
      version: 1,
      display_name: blank,
    });
    expect(user.statusCode, user.body).toBe(400);
    expect(fieldsNamed(user)).toContain('body.display_name');
    const invite = await call('POST', '/v1/cci/admin/master/conference_members', DEMO.staff, {
      mode: 'rule',
      conference_id: 1,
      rule: { department_names: [blank] },
    });
    expect(invite.statusCode, invite.body).toBe(400);
    expect(fieldsNamed(invite)).toContain('body.rule.department_names.0');
  });
});

it('keeps a name with spaces around visible text as typed', async () => {
  const res = await call('POST', '/v1/cci/admin/master/members', DEMO.admin, { company_id: c0001, name: '　山田 太郎　' });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().name).toBe('　山田 太郎　');
  // other files count C0001's members
  await app.pool.query('delete from member where id = $1', [res.json().id]);
});
