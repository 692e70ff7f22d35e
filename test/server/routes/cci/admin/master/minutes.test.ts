/**
 * 議事録 (issue 35, DESIGN.md §12.2): a held 総会 — reception, 定足数, three 議案 (可決, 否決, 可否同数
 * の議長裁決) — gives a draft whose figures are the record's; corrections need a reason; 確定 freezes
 * a version (the database refuses a change of its content); a later correction is 第2版 with a diff;
 * only the published final version reaches the invited company's admin. Rows: this file's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, companyIdOf, tokenOf } from '../../../../../helpers/fixtures.ts';
import { VoteFixtures } from '../../../../../helpers/vote-fixtures.ts';

let app: FastifyInstance;
let f: VoteFixtures;
let call: ReturnType<typeof caller>;

const url = (conference: number, rest = '') => `/v1/cci/admin/master/conferences/${conference}/minutes${rest}`;
const room = (conference: number) => `/v1/cci/admin/master/conferences/${conference}/room`;

interface Held {
  conference: number;
  p: number[];
  motions: number[];
  counts: Array<Record<string, number>>;
  results: Array<{ result: string; chair_decision: string | null }>;
}
let held: Held;

async function putRoom(conference: number, body: object) {
  const current = (await call('GET', room(conference), DEMO.staff)).json() as { version: number };
  const res = await call('PUT', room(conference), DEMO.staff, { version: current.version, ...body });
  expect(res.statusCode, res.body).toBe(200);
}

/** One roll-call poll: ballots as given, closed and declared; the record's counts and result. */
async function vote(conference: number, motion: number, ballots: Array<[number, string]>, chair?: string) {
  const { poll } = await f.open(conference, motion, { method: 'roll_call' });
  for (const [member, choice] of ballots) await f.ballot(poll.id, member, choice);
  const closed = await f.close(conference, motion, poll);
  const declared = await f.declare(conference, motion, poll.id, chair ? { chair_decision: chair } : {});
  expect(declared.statusCode, declared.body).toBe(200);
  return { counts: closed.poll.counts, result: declared.json().motion };
}

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  f = new VoteFixtures(app, call);
  // six principals of the demo company-admin's company: 出席, 出席, 代理出席, 委任, and two 欠席 (one sends a 書面)
  const { conference, principals: p } = await f.assembly(['attend', 'attend', 'proxy_attend', 'delegate', 'absent', 'absent'], {
    quorum: { basis: 'invited_principals', numerator: 1, denominator: 2, rule: 'more_than', count_delegates: true },
    companyId: await companyIdOf(app.pool, 'C0001'),
  });
  await app.pool.query(`update conference set place = '会議所会館 大ホール' where id = $1`, [conference]);
  const motions: number[] = [];
  for (const [i, title] of ['事業計画承認の件', '会費改定の件', '役員選任の件'].entries())
    motions.push((await f.motion(conference, { number: `第${i + 1}号議案`, title })).id);
  for (const m of motions) await f.writtenVote(p[5], m, m === motions[1] ? 'no' : 'yes');
  await f.checkIn(p[0], p[1], p[2]);
  await putRoom(conference, {
    status: 'open',
    agenda: [
      { title: '開会の辞', presenter: null, minutes: 5 },
      { title: '議案審議', presenter: '専務理事', minutes: 60 },
    ],
    current_agenda: 0,
  });
  await f.checkIn(p[4]); // arrives after the opening: present, not counted for the opening's 定足数
  await putRoom(conference, { current_agenda: 1 });
  const v1 = await vote(
    conference,
    motions[0],
    [p[0], p[1], p[2], p[4]].map((m) => [m, 'yes']),
  );
  const v2 = await vote(conference, motions[1], [
    [p[0], 'yes'],
    [p[1], 'no'],
    [p[2], 'no'],
    [p[4], 'no'],
  ]);
  // 3 賛成 (two present, one 書面) against 3 (two present, the chair's 委任): 可否同数, the chair adopts
  const v3 = await vote(
    conference,
    motions[2],
    [
      [p[0], 'yes'],
      [p[1], 'yes'],
      [p[2], 'no'],
      [p[4], 'no'],
      [p[3], 'no'],
    ],
    'adopted',
  );
  await putRoom(conference, { status: 'ended' });
  held = {
    conference,
    p,
    motions,
    counts: [v1.counts, v2.counts, v3.counts],
    results: [v1.result, v2.result, v3.result],
  };
});
afterAll(async () => {
  await f.cleanUp();
  await app.close();
});

type Figures = Record<string, { value: unknown; derived: unknown; reason: string | null }>;
const valuesOf = (figures: Figures) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.value]));

async function view(conference = held.conference) {
  const res = await call('GET', url(conference), DEMO.staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    minutes: {
      id: number | null;
      version: number;
      status: string;
      revision: number;
      sha256: string | null;
      content: { figures: Figures; prose: Record<string, string>; chair: unknown; signatories: unknown[] };
    };
    attendees: Array<{ conference_member_id: number; name: string }>;
  };
}
const put = (body: object, who: string = DEMO.staff) => call('PUT', url(held.conference), who, body);

describe('the draft from the record', () => {
  it('has the figures the reception, the room and the declared 議案 recorded', async () => {
    const { minutes, attendees } = await view();
    expect(minutes).toMatchObject({ id: null, version: 1, status: 'draft', revision: 0 });
    const figures = valuesOf(minutes.content.figures);
    const { rows: times } = await app.pool.query<{ kind: string; status: string | null; current: number | null; at: Date }>(
      `select kind, payload->>'status' as status, (payload->>'current_agenda')::int as current, created_at as at
         from room_event where conference_id = $1 and kind in ('room', 'agenda') order by seq`,
      [held.conference],
    );
    const m = held.motions;
    expect(figures).toEqual({
      opened_at: times.find((t) => t.status === 'open')!.at.toISOString(),
      closed_at: times.findLast((t) => t.status === 'ended')!.at.toISOString(),
      place: '会議所会館 大ホール',
      members_total: 6,
      present_principal: 3,
      present_proxy: 1,
      written: 1,
      delegated: 1,
      present_total: 6,
      // 過半数 of 6 is 4; at the opening three were checked in and one had given a 委任状
      quorum_required: 4,
      quorum_counted: 4,
      quorum_met: true,
      'agenda.0.at': times.find((t) => t.current === 0)!.at.toISOString(),
      'agenda.1.at': times.find((t) => t.current === 1)!.at.toISOString(),
      ...Object.fromEntries(
        m.flatMap((id, i) => [
          [`motion.${id}.yes`, held.counts[i].yes],
          [`motion.${id}.no`, held.counts[i].no],
          [`motion.${id}.abstain`, held.counts[i].abstain],
          [`motion.${id}.result`, held.results[i].result],
          [`motion.${id}.chair_decision`, held.results[i].chair_decision],
        ]),
      ),
    });
    expect(held.results.map((r) => [r.result, r.chair_decision])).toEqual([
      ['adopted', null],
      ['rejected', null],
      ['adopted', 'adopted'],
    ]);
    expect(held.counts[2]).toMatchObject({ yes: 3, no: 3 });
    expect(Object.keys(minutes.content.prose)).toEqual([
      'opening',
      'agenda.0',
      'agenda.1',
      ...m.map((id) => `motion.${id}`),
      'closing',
    ]);
    expect(attendees.map((a) => a.conference_member_id)).toEqual([held.p[0], held.p[1], held.p[2], held.p[4]]);
  });
});

describe('editing, correcting and regenerating', () => {
  it('saves prose; a figure other than the record needs a reason; regenerating keeps both', async () => {
    const first = await put({ revision: 0, prose: { opening: '定刻、議長が開会を宣した。' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().minutes).toMatchObject({ version: 1, status: 'draft', revision: 1 });

    const noReason = await put({ revision: 1, figures: { present_proxy: { value: 2 } } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ code: 'correction_reason_required' });
    const blank = await put({ revision: 1, figures: { present_proxy: { value: 2, reason: '　' } } });
    expect(blank.json()).toMatchObject({ code: 'correction_reason_required' });
    const wrongKind = await put({ revision: 1, figures: { present_proxy: { value: '二名', reason: '誤記' } } });
    expect(wrongKind.json()).toMatchObject({ code: 'figure_type_mismatch' });

    const corrected = await put({ revision: 1, figures: { present_proxy: { value: 2, reason: '受付漏れ1名を確認' } } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().minutes.content.figures.present_proxy).toMatchObject({
      value: 2,
      derived: 1,
      reason: '受付漏れ1名を確認',
    });
    const { rows: audits } = await app.pool.query(
      `select action, after from audit_log where entity = 'minutes' and entity_id = $1 and action = 'correct'`,
      [String(corrected.json().minutes.id)],
    );
    expect(audits).toEqual([
      { action: 'correct', after: { present_proxy: expect.objectContaining({ value: 2, reason: '受付漏れ1名を確認' }) } },
    ]);

    // a late correction of the record: a check-in undone
    await app.pool.query('update conference_member set checked_in_at = null where id = $1', [held.p[4]]);
    const regenerated = await put({ revision: 2, regenerate: true });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const content = regenerated.json().minutes.content;
    expect(content.figures.present_principal).toMatchObject({ value: 2, derived: 2, reason: null });
    expect(content.figures.present_proxy).toMatchObject({ value: 2, derived: 1, reason: '受付漏れ1名を確認' });
    expect(content.prose.opening).toBe('定刻、議長が開会を宣した。');
    await f.checkIn(held.p[4]);
    expect((await put({ revision: 3, regenerate: true })).json().minutes.content.figures.present_principal.value).toBe(3);

    // back to the record's value: no longer a correction
    const undone = await put({ revision: 4, figures: { present_proxy: { value: 1 } } });
    expect(undone.json().minutes.content.figures.present_proxy).toMatchObject({ value: 1, reason: null });
    const stale = await put({ revision: 4, prose: { closing: '遅れた編集' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict' });
  });
});

describe('確定, 第2版 and 公開', () => {
  it('needs attendees as 議長 and 署名人; freezes the version; a correction is 第2版 with a diff; the company sees only what was published', async () => {
    let { minutes } = await view();
    const notAttendee = await put({ revision: minutes.revision, chair_id: held.p[3] });
    expect(notAttendee.statusCode).toBe(422);
    expect(notAttendee.json()).toMatchObject({ code: 'not_an_attendee' });
    expect(
      (await call('POST', url(held.conference, '/finalise'), DEMO.staff, { revision: minutes.revision })).json(),
    ).toMatchObject({
      code: 'minutes_signatories_missing',
    });
    const chosen = await put({ revision: minutes.revision, chair_id: held.p[0], signatory_ids: [held.p[1], held.p[4]] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    minutes = chosen.json().minutes;

    const company = (conference = held.conference, who: string = DEMO.companyAdmin) =>
      call('GET', `/v1/company/conferences/${conference}/minutes`, who);
    expect((await company()).statusCode).toBe(404);

    const final = await call('POST', url(held.conference, '/finalise'), DEMO.admin, { revision: minutes.revision });
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json()).toMatchObject({ version: 1, status: 'final', finalised_by: expect.any(String) });
    const { rows: hashed } = await app.pool.query<{ sha: string }>(
      `select encode(sha256(convert_to(content::text, 'UTF8')), 'hex') as sha from minutes where id = $1`,
      [final.json().id],
    );
    expect(final.json().sha256).toBe(hashed[0].sha);

    // frozen: the API refuses, and so does the database
    const change = await put({ revision: final.json().revision, prose: { closing: '確定後の書き換え' } });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: 'minutes_final' });
    await expect(
      app.pool.query(`update minutes set content = jsonb_set(content, '{prose,closing}', '"改ざん"') where id = $1`, [
        final.json().id,
      ]),
    ).rejects.toThrow(/minutes_final_content_check/);

    const published = await call('POST', url(held.conference, '/publish'), DEMO.staff, { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    const seen = await company();
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ version: 1, sha256: final.json().sha256 });
    expect(seen.json().content.figures.quorum_met.value).toBe(true);
    // a company of the chamber not invited finds nothing
    expect((await company(held.conference, DEMO.companyNew)).statusCode).toBe(404);

    // 第2版: a correction after 確定
    const second = await put({
      revision: final.json().revision,
      new_version: true,
      figures: { place: { value: '会議所会館 第1会議室', reason: '当日会場を変更' } },
      prose: { closing: '議長が閉会を宣した。' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().minutes).toMatchObject({ version: 2, status: 'draft', revision: 1 });
    expect((await call('POST', url(held.conference, '/publish'), DEMO.staff, { version: 2 })).json()).toMatchObject({
      code: 'minutes_not_final',
    });
    expect((await call('POST', url(held.conference, '/finalise'), DEMO.staff, { revision: 1 })).statusCode).toBe(200);

    const versions = await call('GET', url(held.conference, '/versions'), DEMO.staff);
    expect(versions.statusCode, versions.body).toBe(200);
    const data = versions.json().data as Array<{
      version: number;
      status: string;
      published: boolean;
      diff: Array<{ op: string; text: string }> | null;
    }>;
    expect(data.map((v) => [v.version, v.status, v.published])).toEqual([
      [1, 'final', true],
      [2, 'final', false],
    ]);
    expect(data[0].diff).toBeNull();
    const changed = data[1].diff!.filter((l) => l.op !== 'same');
    expect(changed).toEqual([
      { op: 'removed', text: '会議所会館 大ホール' },
      { op: 'added', text: '会議所会館 第1会議室' },
      { op: 'added', text: '※場所は記録（会議所会館 大ホール）から訂正（理由: 当日会場を変更）' },
      { op: 'added', text: '議長が閉会を宣した。' },
    ]);
    // the company still sees 第1版 until 第2版 is published
    expect((await company()).json().version).toBe(1);
    expect((await call('POST', url(held.conference, '/publish'), DEMO.staff, { version: 2 })).statusCode).toBe(200);
    expect((await company()).json().content.figures.place.value).toBe('会議所会館 第1会議室');

    const { rows: actions } = await app.pool.query<{ action: string }>(
      `select a.action from audit_log a join minutes m on a.entity = 'minutes' and a.entity_id = m.id::text
        where m.conference_id = $1 order by a.id`,
      [held.conference],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'create',
      'update',
      'correct',
      'regenerate',
      'regenerate',
      'update',
      'correct',
      'update',
      'finalise',
      'publish',
      'create',
      'correct',
      'finalise',
      'publish',
    ]);
  });

  it('is a 404 for a conference of another chamber', async () => {
    const { rows } = await app.pool.query<{ id: number }>(`select id from conference where cci_code <> 'demo' limit 1`);
    const other = rows[0]?.id ?? 2_000_000_000;
    expect((await call('GET', url(other), DEMO.staff)).statusCode).toBe(404);
    expect((await call('PUT', url(other), DEMO.admin, { revision: 0 })).statusCode).toBe(404);
  });
});
