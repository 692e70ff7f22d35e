/**
 * 議案 from the conference's template (issue 34, DESIGN.md §12.1 "Templates may carry motions"): the
 * template's `body.motions` are checked like a 議案 create when the template is saved, and a
 * conference created from it gets them as draft 議案 in the creating transaction, audited and
 * announced like a 議案 added by hand. Another chamber's template gives nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const TEMPLATES = '/v1/cci/demo/master/CCI_CONFERENCE_TEMPLATE';
const CONFERENCES = '/v1/cci/admin/master/conferences';
const ORDINARY = { basis: 'present', numerator: 1, denominator: 2, rule: 'more_than', quorum: null };
const SPECIAL = { basis: 'present', numerator: 2, denominator: 3, rule: 'at_least', quorum: null };
const OWN_QUORUM = {
  basis: 'entitled',
  numerator: 1,
  denominator: 2,
  rule: 'more_than',
  quorum: { numerator: 2, denominator: 3 },
};
const MOTIONS = [
  { number: '第1号議案', title: '令和7年度事業報告承認の件', body: '別紙のとおり' },
  { number: '第2号議案', title: '定款変更の件', rule: SPECIAL },
  { number: '第3号議案', title: '役員選任の件', rule: OWN_QUORUM },
];
const templates: number[] = [];
const conferences: number[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  await ensureOtherChamber(app.pool);
});
afterAll(async () => {
  await app.pool.query('delete from conference where id = any($1::int[])', [conferences]);
  await app.pool.query('delete from conference_template where id = any($1::int[])', [templates]);
  await app.pool.query(
    `delete from master_data where master_type_code = 'CCI_CONFERENCE_TEMPLATE' and master_code like 'TPLMOT%'`,
  );
  await app.close();
});

async function saveTemplate(code: string, motions: object[], body: object = {}) {
  return call('POST', TEMPLATES, DEMO.admin, {
    conference_template_code: code,
    name: '議案つき総会',
    body: { ...body, motions },
  });
}

async function createFrom(templateId: number, extra: object = {}) {
  const res = await call('POST', CONFERENCES, DEMO.staff, { template_id: templateId, event_date: '2031-06-20', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  conferences.push(res.json().id);
  return res.json();
}

const motionsOf = async (conferenceId: number) =>
  (await call('GET', `${CONFERENCES}/${conferenceId}/motions`, DEMO.staff)).json().data;

describe('a conference template’s 議案', () => {
  it('are kept with the template and become draft 議案 of a conference made from it, audited and announced', async () => {
    const saved = await saveTemplate('TPLMOT01', MOTIONS, { sub_conferences: [{ name: '懇親会', start_offset_minutes: 120 }] });
    expect(saved.statusCode, saved.body).toBe(201);
    templates.push(saved.json().id);
    expect(saved.json().body.motions).toEqual(MOTIONS);

    const created = await createFrom(saved.json().id);
    const motions = await motionsOf(created.id);
    expect(motions).toEqual([
      expect.objectContaining({
        ...MOTIONS[0],
        rule: ORDINARY,
        status: 'draft',
        agenda_index: null,
        attachments: [],
        version: 1,
      }),
      expect.objectContaining({ ...MOTIONS[1], body: null, status: 'draft' }),
      expect.objectContaining({ ...MOTIONS[2], body: null, status: 'draft' }),
    ]);
    expect(motions.every((m: { conference_id: number }) => m.conference_id === created.id)).toBe(true);
    // on the parent only: none on the template's sub-conference
    expect(created.sub_conferences).toHaveLength(1);
    expect(await motionsOf(created.sub_conferences[0].id)).toEqual([]);
    const { rows: owners } = await app.pool.query<{ conference_id: number; cci_code: string }>(
      `select conference_id, cci_code from motion where id = any($1::int[])`,
      [motions.map((m: { id: number }) => m.id)],
    );
    expect(owners).toEqual(motions.map(() => ({ conference_id: created.id, cci_code: 'demo' })));

    const { rows: audits } = await app.pool.query<{ action: string; actor: string; after: { number: string } }>(
      `select action, actor, after from audit_log where entity = 'motion' and entity_id = any($1::text[]) order by id`,
      [motions.map((m: { id: number }) => String(m.id))],
    );
    expect(audits.map((a) => [a.action, a.after.number])).toEqual(MOTIONS.map((m) => ['create', m.number]));
    expect(audits.every((a) => a.actor !== 'system')).toBe(true);
    const { rows: events } = await app.pool.query<{ payload: { motion: { number: string } } }>(
      `select payload from room_event where conference_id = $1 and kind = 'motion' order by seq`,
      [created.id],
    );
    expect(events.map((e) => e.payload.motion.number)).toEqual(MOTIONS.map((m) => m.number));
  });

  it('a conference given its own values still gets the template’s 議案; one without a template gets none', async () => {
    const saved = await saveTemplate('TPLMOT02', [MOTIONS[0]]);
    templates.push(saved.json().id);
    const named = await createFrom(saved.json().id, { name: '臨時議員総会' });
    expect((await motionsOf(named.id)).map((m: { number: string }) => m.number)).toEqual(['第1号議案']);
    const plain = await call('POST', CONFERENCES, DEMO.staff, { name: '定例会', event_date: '2031-06-21' });
    conferences.push(plain.json().id);
    expect(await motionsOf(plain.json().id)).toEqual([]);
  });

  it('a rule no count can reach is refused like a 議案 create (422 motion_rule_invalid naming the 議案), on create and on update', async () => {
    const bad = await saveTemplate('TPLMOT03', [
      MOTIONS[0],
      { number: '第2号議案', title: '全員以上', rule: { ...SPECIAL, numerator: 3, denominator: 2 } },
      {
        number: '第3号議案',
        title: '定足数',
        rule: { ...OWN_QUORUM, quorum: { numerator: 1, denominator: 1, rule: 'more_than' } },
      },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'motion_rule_invalid',
      errors: [{ field: 'body.body.motions.1.rule' }, { field: 'body.body.motions.2.rule.quorum' }],
    });
    expect((await app.pool.query(`select 1 from conference_template where conference_template_code = 'TPLMOT03'`)).rowCount).toBe(
      0,
    );

    const saved = await saveTemplate('TPLMOT04', [MOTIONS[0]]);
    templates.push(saved.json().id);
    const put = await call('PUT', `${TEMPLATES}/${saved.json().id}`, DEMO.admin, {
      version: saved.json().version,
      body: { motions: [{ number: '第1号議案', title: '過半超え', rule: { ...ORDINARY, numerator: 1, denominator: 1 } }] },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json()).toMatchObject({ code: 'motion_rule_invalid', errors: [{ field: 'body.body.motions.0.rule' }] });
    expect((await call('GET', `${TEMPLATES}/${saved.json().id}`, DEMO.admin)).json().body.motions).toEqual([MOTIONS[0]]);
  });

  it('a number taken twice is a 409 duplicate_motion_number naming the repeat; a bad shape a 400', async () => {
    const twice = await saveTemplate('TPLMOT05', [MOTIONS[0], MOTIONS[1], { ...MOTIONS[2], number: '第1号議案' }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'duplicate_motion_number', errors: [{ field: 'body.body.motions.2.number' }] });

    const shape = await saveTemplate('TPLMOT06', [
      { number: '', title: 'x'.repeat(201), rule: { ...ORDINARY, numerator: 0 }, status: 'open' },
    ]);
    expect(shape.statusCode).toBe(400);
    const fields: string[] = shape.json().errors.map((e: { field: string }) => e.field);
    for (const f of [
      'body.body.motions.0.number',
      'body.body.motions.0.title',
      'body.body.motions.0.rule',
      'body.body.motions.0.status',
    ]) {
      expect(
        fields.some((x) => x.startsWith(f)),
        f,
      ).toBe(true);
    }
  });

  it('only CCI_ADMIN writes them; another chamber’s template (with 議案) creates nothing for this chamber', async () => {
    const staffWrite = await call('POST', TEMPLATES, DEMO.staff, {
      conference_template_code: 'TPLMOT07',
      name: '職員',
      body: { motions: [MOTIONS[0]] },
    });
    expect(staffWrite.statusCode).toBe(403);

    const { rows } = await app.pool.query<{ id: number }>(
      `insert into conference_template (cci_code, conference_template_code, name, default_body) values ($1, 'TPLMOT_OTHER', 'よその総会', $2)
       on conflict (cci_code, conference_template_code) do update set default_body = excluded.default_body returning id`,
      // a title of its own: the permission fixtures keep an other-chamber 議案 called よその議案
      [OTHER_CCI, { motions: [{ number: '第1号議案', title: 'よその総会テンプレートの議案' }] }],
    );
    templates.push(rows[0].id);
    const res = await call('POST', CONFERENCES, DEMO.staff, { template_id: rows[0].id, name: '混線', event_date: '2031-06-22' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'body.template_id', code: 'template_not_found' }] });
    expect((await app.pool.query(`select 1 from motion where title = 'よその総会テンプレートの議案'`)).rowCount).toBe(0);
  });
});
