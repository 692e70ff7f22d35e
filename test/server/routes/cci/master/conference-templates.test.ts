import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let otherTemplateId: number;
const BASE = '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE';

const body = {
  place: '会館 3階 第2会議室',
  start_time: '10:00',
  end_time: '11:30',
  answer_deadline_days_before: 5,
  description: '定例の委員会です。',
  answer_choices: ['attend', 'absent'],
  allow_delegate: false,
  sub_conferences: [{ name: '意見交換会', start_offset_minutes: 100, duration_minutes: 60 }],
  invitee_rules: [{ position_type: 'CCI_COMMITTEE', department_name: '総務委員会', position_names: ['委員長', '委員'] }],
};

const masterRowOf = async (code: string) =>
  (
    await app.pool.query(
      `select name, sort_order, attributes from master_data
       where cci_code = 'demo' and master_type_code = 'CCI_CONFERENCE_TEMPLATE' and master_code = $1`,
      [code],
    )
  ).rows;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureOtherChamber(app.pool);
  const { rows } = await app.pool.query<{ id: number }>(
    `insert into conference_template (cci_code, conference_template_code, name) values ($1, 'OTHER_TPL', 'よその雛形')
     on conflict (cci_code, conference_template_code) do update set name = excluded.name returning id`,
    [OTHER_CCI],
  );
  otherTemplateId = rows[0].id;
});
afterAll(() => app.close());

describe('GET /v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE (spec §7)', () => {
  it('wins over the {master_type_code} route: lists templates with their body, own chamber only', async () => {
    const res = await call('GET', BASE, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const seeded = res
      .json()
      .data.find((t: { conference_template_code: string }) => t.conference_template_code === 'GENERAL_ASSEMBLY');
    expect(seeded).toMatchObject({ name: '通常議員総会', cci_code: 'demo', body: { start_time: '14:00', allow_delegate: true } });
    expect(seeded.body.sub_conferences[0].name).toBe('懇親会');
    expect(res.json().data.some((t: { id: number }) => t.id === otherTemplateId)).toBe(false);
  });

  it("honours the generic master list's master_code filters, keyword and fields", async () => {
    const alias = await call('GET', `${BASE}?master_code__startswith=GENERAL&fields=id,name`, DEMO.staff);
    expect(alias.statusCode).toBe(200);
    expect(alias.json().data).toEqual([{ id: expect.any(Number), name: '通常議員総会' }]);
    const keyword = await call('GET', `${BASE}?keyword=${encodeURIComponent('議員総')}`, DEMO.staff);
    expect(keyword.json().data.map((t: { conference_template_code: string }) => t.conference_template_code)).toContain(
      'GENERAL_ASSEMBLY',
    );
    const none = await call('GET', `${BASE}?keyword=${encodeURIComponent('%')}`, DEMO.staff);
    expect(none.json().meta.total).toBe(0);
  });

  it('answers 400 for unknown parameters and sort keys', async () => {
    for (const query of ['?colour=red', '?sort=body', '?page_size=0']) {
      const res = await call('GET', `${BASE}${query}`, DEMO.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('refuses another chamber (403), company admins (403) and anonymous callers (401)', async () => {
    expect((await call('GET', '/v1/cci/other/master/CCI_CONFERENCE_TEMPLATE', DEMO.admin)).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('POST, GET, PUT and DELETE of a conference template', () => {
  let id: number;

  it('creates (code typed full-width), keeps the master_data row in step, and refuses a duplicate code (409)', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      conference_template_code: 'ＣＯＭＭＩＴＴＥＥ－０１',
      name: '総務委員会',
      body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      conference_template_code: 'COMMITTEE-01',
      name: '総務委員会',
      version: 1,
      cci_code: 'demo',
      body,
    });
    id = created.id;
    const [row] = await masterRowOf('COMMITTEE-01');
    expect(row).toMatchObject({ name: '総務委員会', attributes: { conference_template_id: id, default_body: body } });
    expect(row.sort_order).toBeGreaterThan(1);
    expect((await call('GET', `${BASE}/${id}`, DEMO.staff)).json()).toEqual(created);

    const dup = await call('POST', BASE, DEMO.admin, { conference_template_code: 'COMMITTEE-01', name: '別名' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'duplicate_template_code', errors: [{ field: 'body.conference_template_code' }] });
  });

  it('creates with an empty body when none is given', async () => {
    const res = await call('POST', BASE, DEMO.admin, { conference_template_code: 'MINIMAL', name: '最小' });
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toEqual({});
  });

  it('validates the body by schema and by rule, naming each bad field', async () => {
    const res = await call('POST', BASE, DEMO.admin, {
      conference_template_code: 'bad code',
      name: 'x'.repeat(201),
      body: {
        start_time: '25:00',
        answer_choices: ['attend', 'maybe'],
        invitee_rules: [{ position_type: 'CCI_PRESIDENT' }],
        sub_conferences: [{ name: '' }],
        colour: 'red',
      },
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    const fields: string[] = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of [
      'body.conference_template_code',
      'body.name',
      'body.body.start_time',
      'body.body.answer_choices',
      'body.body.invitee_rules',
      'body.body.sub_conferences',
      'body.body.colour',
      'body.extra',
    ]) {
      expect(
        fields.some((x) => x.startsWith(f)),
        f,
      ).toBe(true);
    }

    const rules = await call('POST', BASE, DEMO.admin, {
      conference_template_code: 'RULES',
      name: '規則違反',
      body: { start_time: '15:00', end_time: '14:00', answer_choices: ['attend', 'delegate'], allow_delegate: false },
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'body.body.end_time',
      'body.body.allow_delegate',
    ]);
  });

  it('updates with the current version, renames the master_data row in place, and answers a stale version with 409', async () => {
    const before = (await masterRowOf('COMMITTEE-01'))[0];
    const res = await call('PUT', `${BASE}/${id}`, DEMO.admin, {
      version: 1,
      conference_template_code: 'COMMITTEE-02',
      body: { ...body, place: '新会場' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, conference_template_code: 'COMMITTEE-02', name: '総務委員会' });
    expect(res.json().body.place).toBe('新会場');
    expect(await masterRowOf('COMMITTEE-01')).toEqual([]);
    const [renamed] = await masterRowOf('COMMITTEE-02');
    expect(renamed).toMatchObject({ sort_order: before.sort_order, attributes: { default_body: { place: '新会場' } } });

    const stale = await call('PUT', `${BASE}/${id}`, DEMO.admin, { version: 1, name: '古い版' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 2 });
    const taken = await call('PUT', `${BASE}/${id}`, DEMO.admin, { version: 2, conference_template_code: 'GENERAL_ASSEMBLY' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('duplicate_template_code');
  });

  it('two PUTs with the same version: one 200 and one 409', async () => {
    const results = await Promise.all([
      call('PUT', `${BASE}/${id}`, DEMO.admin, { version: 2, name: '同時A' }),
      call('PUT', `${BASE}/${id}`, DEMO.admin, { version: 2, name: '同時B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('validates the update body', async () => {
    const res = await call('PUT', `${BASE}/${id}`, DEMO.admin, { name: '版なし', body: { end_time: '9:00' } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.version', 'body.body.end_time']));
  });

  it('refuses writes by CCI_CONFERENCE_USER (403), hides other chambers (404) and needs a token (401)', async () => {
    expect((await call('POST', BASE, DEMO.staff, { conference_template_code: 'STAFF', name: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${id}`, DEMO.staff, { version: 3, name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/${id}`, DEMO.staff)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${id}`, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${otherTemplateId}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/${otherTemplateId}`, DEMO.admin, { version: 1, name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${otherTemplateId}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call('GET', `/v1/cci/other/master/CCI_CONFERENCE_TEMPLATE/${otherTemplateId}`, DEMO.admin)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `${BASE}/${id}`, null)).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/abc`, DEMO.admin)).statusCode).toBe(400);
  });

  it('deletes (a stale ?version= is 409), removes its master_data row and detaches conferences made from it', async () => {
    const { rows } = await app.pool.query<{ id: number }>(
      `insert into conference (cci_code, template_id, name, event_date) values ('demo', $1, '雛形削除の確認', now()) returning id`,
      [id],
    );
    try {
      const stale = await call('DELETE', `${BASE}/${id}?version=1`, DEMO.admin);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current_version).toBe(3);
      expect((await call('DELETE', `${BASE}/${id}?version=zero`, DEMO.admin)).statusCode).toBe(400);

      const res = await call('DELETE', `${BASE}/${id}?version=3`, DEMO.admin);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', `${BASE}/${id}`, DEMO.admin)).statusCode).toBe(404);
      expect(await masterRowOf('COMMITTEE-02')).toEqual([]);
      const conference = await app.pool.query('select template_id from conference where id = $1', [rows[0].id]);
      expect(conference.rows[0].template_id).toBeNull();
      expect((await call('DELETE', `${BASE}/${id}`, DEMO.admin)).statusCode).toBe(404);
    } finally {
      await app.pool.query('delete from conference where id = $1', [rows[0].id]);
    }
  });

  it('writes the audit log for create, update and delete', async () => {
    const { rows } = await app.pool.query(
      "select action from audit_log where entity = 'conference_template' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
  });
});
