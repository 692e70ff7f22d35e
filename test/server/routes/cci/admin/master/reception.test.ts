/**
 * issue 14 "Reception" (DESIGN.md §11.3): the desk's list (protocol order, search by name, kana,
 * company and 事業所コード, filters, counters) and check-ins by ticket or by row — idempotent, refused
 * for bad or foreign tickets and for people not expected unless confirmed — and undo, each audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../../../helpers/fixtures.ts';
import { usernameOf } from '../../../../../helpers/attendance-fixtures.ts';
import { ReceptionFixtures, checkIns, ticketOf } from '../../../../../helpers/reception-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let fx: ReceptionFixtures;
let staffName: string;
let conference: number;
let codeA: string;
/** conference member ids by the person's family name */
let cm: Record<'yamada' | 'sato' | 'suzuki' | 'takahashi' | 'tanaka' | 'ito' | 'watanabe', number>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  fx = new ReceptionFixtures(app.pool);
  staffName = await usernameOf(app.pool, DEMO.staff);
  const a = await fx.company('A', '受付商事株式会社');
  const b = await fx.company('B', '北海物産株式会社');
  codeA = a.code;
  const m = {
    yamada: await fx.member(a.id, '山田 太郎', 'ヤマダ タロウ'),
    sato: await fx.member(a.id, '佐藤 花子', 'サトウ ハナコ'),
    suzuki: await fx.member(b.id, '鈴木 一郎', 'スズキ イチロウ'),
    takahashi: await fx.member(b.id, '高橋 次郎', 'タカハシ ジロウ'),
    tanaka: await fx.member(a.id, '田中 三郎', 'タナカ サブロウ'),
    ito: await fx.member(b.id, '伊藤 四郎', 'イトウ シロウ'),
    watanabe: await fx.member(a.id, '渡辺 五郎', 'ワタナベ ゴロウ'),
  };
  conference = await fx.conference({ allowDelegate: true });
  const ids = await fx.invite(conference, [
    { memberId: m.yamada, answer: 'attend' },
    { memberId: m.sato, answer: 'attend' },
    { memberId: m.suzuki, answer: 'attend' },
    { memberId: m.takahashi, answer: 'absent' },
    { memberId: m.tanaka, answer: 'delegate' },
    { memberId: m.ito, answer: null },
    { memberId: m.watanabe, answer: 'proxy_attend', proxyName: '渡辺 代理人', proxyTitle: '部長' },
  ]);
  const [yamada, sato, suzuki, takahashi, tanaka, ito, watanabe] = ids;
  cm = { yamada, sato, suzuki, takahashi, tanaka, ito, watanabe };
});
afterAll(async () => {
  await fx.cleanUp();
  await app.close();
});

const list = (query = '') => call('GET', `${checkIns(conference)}${query}`, DEMO.staff);
const checkIn = (body: object, conferenceId = conference) => call('POST', checkIns(conferenceId), DEMO.staff, body);
const names = (res: { json(): { data: Array<{ member_name: string }> } }) => res.json().data.map((r) => r.member_name);

async function auditOf(id: number) {
  const { rows } = await app.pool.query<{ action: string; actor: string }>(
    "select action, actor from audit_log where entity = 'conference_member' and entity_id = $1 order by id",
    [String(id)],
  );
  return rows;
}

describe('the reception list', () => {
  it('lists every invitee in protocol order with company, member and answer, and the counters', async () => {
    const res = await list('?perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { id: number }) => r.id)).toEqual(Object.values(cm));
    expect(body.meta).toEqual({ total: 7, page: 1, page_size: 100, perPage: 100 });
    expect(body.counts).toEqual({ expected: 4, checked_in: 0, not_arrived: 4 });
    expect(body.data[0]).toEqual({
      id: cm.yamada,
      conference_id: conference,
      company_id: expect.any(Number),
      company_code: codeA,
      company_name: '受付商事株式会社',
      member_id: expect.any(Number),
      member_name: '山田 太郎',
      member_kana: 'ヤマダ タロウ',
      member_title: null,
      category: 'principal',
      answer_content: 'attend',
      proxy_name: null,
      proxy_title: null,
      sort: 10,
      expected: true,
      walk_in: false,
      checked_in_at: null,
      checked_in_by: null,
      attended_by: null,
      version: 1,
    });
    expect(body.data.find((r: { id: number }) => r.id === cm.takahashi)).toMatchObject({ expected: false });
    expect(body.data.find((r: { id: number }) => r.id === cm.watanabe)).toMatchObject({
      expected: true,
      proxy_name: '渡辺 代理人',
      proxy_title: '部長',
    });
  });

  it('finds カタカナ kana typed in ひらがな, names, company names and 事業所コード (any case or width)', async () => {
    expect(names(await list(`?q=${encodeURIComponent('やまだ')}`))).toEqual(['山田 太郎']);
    expect(names(await list(`?q=${encodeURIComponent('ｻﾄｳ')}`))).toEqual(['佐藤 花子']);
    expect(names(await list(`?q=${encodeURIComponent('鈴木')}`))).toEqual(['鈴木 一郎']);
    expect(names(await list(`?q=${encodeURIComponent('北海')}`))).toEqual(['鈴木 一郎', '高橋 次郎', '伊藤 四郎']);
    expect(names(await list(`?q=${codeA.toLowerCase()}`))).toEqual(['山田 太郎', '佐藤 花子', '田中 三郎', '渡辺 五郎']);
    expect(names(await list(`?q=${encodeURIComponent(`${codeA} たなか`)}`))).toEqual(['田中 三郎']);
    expect(names(await list(`?q=${encodeURIComponent('該当なし')}`))).toEqual([]);
  });

  it('finds a name typed without its space, or in ひらがな without one, as the walk-in dialog does', async () => {
    expect(names(await list(`?q=${encodeURIComponent('山田太郎')}`))).toEqual(['山田 太郎']);
    expect(names(await list(`?q=${encodeURIComponent('やまだたろう')}`))).toEqual(['山田 太郎']);
    expect(names(await list(`?q=${encodeURIComponent('ﾔﾏﾀﾞﾀﾛｳ')}`))).toEqual(['山田 太郎']);
    expect(names(await list(`?q=${encodeURIComponent('山田　太郎')}`))).toEqual(['山田 太郎']);
    expect(names(await list(`?q=${encodeURIComponent('渡辺代理人')}`))).toEqual(['渡辺 五郎']);
    expect(names(await list(`?q=${encodeURIComponent('やまだはなこ')}`))).toEqual([]);
  });

  it('finds a 代理出席 by the substitute’s name, who is the one at the desk', async () => {
    expect(names(await list(`?q=${encodeURIComponent('代理人')}`))).toEqual(['渡辺 五郎']);
    expect(names(await list(`?q=${encodeURIComponent('渡辺　代理')}`))).toEqual(['渡辺 五郎']);
  });

  it('pages, and filters who is expected', async () => {
    const page = await list('?perPage=2&page=2');
    expect(page.json().data.map((r: { id: number }) => r.id)).toEqual([cm.suzuki, cm.takahashi]);
    expect(page.json().meta).toEqual({ total: 7, page: 2, page_size: 2, perPage: 2 });
    expect(names(await list('?filter=expected'))).toEqual(['山田 太郎', '佐藤 花子', '鈴木 一郎', '渡辺 五郎']);
  });

  it('refuses unknown parameters, and another chamber’s or an unknown conference', async () => {
    expect((await list('?filter=everyone')).statusCode).toBe(400);
    expect((await list('?colour=x')).statusCode).toBe(400);
    const { companyId } = await ensureOtherChamber(app.pool);
    const foreign = await fx.conference({ cciCode: OTHER_CCI });
    await fx.invite(foreign, [{ memberId: await fx.member(companyId, '他所 花子', 'ヨソ ハナコ', OTHER_CCI) }], OTHER_CCI);
    expect((await call('GET', checkIns(foreign), DEMO.admin)).statusCode).toBe(404);
    expect((await call('GET', checkIns(2_000_000_000), DEMO.admin)).statusCode).toBe(404);
  });
});

describe('checking in', () => {
  it('by ticket records when, by whom and who came; the same ticket again is the same check-in (200)', async () => {
    const qr = await ticketOf(app.pool, cm.yamada);
    const first = await checkIn({ qr });
    expect(first.statusCode, first.body).toBe(201);
    const { row, already, counts } = first.json();
    expect(already).toBe(false);
    expect(row).toMatchObject({ id: cm.yamada, checked_in_by: staffName, attended_by: '山田 太郎', version: 2 });
    expect(Date.parse(row.checked_in_at)).not.toBeNaN();
    expect(counts).toEqual({ expected: 4, checked_in: 1, not_arrived: 3 });

    const second = await checkIn({ qr: ` ${qr}\n` });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ already: true, row: { checked_in_at: row.checked_in_at, version: 2 }, counts });
    expect(await auditOf(cm.yamada)).toEqual([{ action: 'check_in', actor: staffName }]);
  });

  it('a 代理出席 records the substitute as the one who came', async () => {
    const res = await checkIn({ conference_member_id: cm.watanabe });
    expect(res.statusCode).toBe(201);
    expect(res.json().row).toMatchObject({ attended_by: '渡辺 代理人', checked_in_by: staffName });
  });

  it('two desks scanning one ticket at the same moment make exactly one check-in', async () => {
    const qr = await ticketOf(app.pool, cm.sato);
    const both = await Promise.all([checkIn({ qr }), call('POST', checkIns(conference), DEMO.admin, { qr })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both.map((r) => r.json().already).sort()).toEqual([false, true]);
    expect(both[0].json().row.checked_in_at).toBe(both[1].json().row.checked_in_at);
    expect(await auditOf(cm.sato)).toHaveLength(1);
    const { rows } = await app.pool.query(
      "select count(*)::int as n from room_event where conference_id = $1 and kind = 'reception' and payload->'row'->>'id' = $2",
      [conference, String(cm.sato)],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a tampered, malformed, another conference’s or another chamber’s ticket', async () => {
    const qr = await ticketOf(app.pool, cm.suzuki);
    const sig = qr.slice(qr.lastIndexOf('.') + 1);
    const tampered = `${qr.slice(0, qr.lastIndexOf('.') + 1)}${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const otherId = `KR1.${cm.takahashi}.${sig}`;
    for (const bad of [tampered, otherId, 'hello', 'KR1.1.x', `KR2.${cm.suzuki}.${sig}`]) {
      const res = await checkIn({ qr: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().code).toBe('ticket_invalid');
    }

    const elsewhere = await fx.conference({ name: '別の総会' });
    const [invited] = await fx.invite(elsewhere, [
      { memberId: (await list('?perPage=1')).json().data[0].member_id, answer: 'attend' },
    ]);
    const notHere = await checkIn({ qr: await ticketOf(app.pool, invited) });
    expect(notHere.statusCode).toBe(422);
    expect(notHere.json()).toMatchObject({ code: 'ticket_other_conference', conference_name: '別の総会' });

    const { rows } = await app.pool.query<{ id: number }>(
      'select cm.id from conference_member cm where cm.cci_code = $1 and cm.conference_id = any($2::int[]) limit 1',
      [OTHER_CCI, fx.conferences],
    );
    const foreign = await checkIn({ qr: await ticketOf(app.pool, rows[0].id) });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('ticket_invalid');
    const suzuki = (await list(`?q=${encodeURIComponent('すずき')}`)).json().data[0];
    expect(suzuki.checked_in_at).toBeNull();
  });

  it('asks to confirm a person who answered 欠席, 委任状 or nothing, and checks them in when confirmed', async () => {
    for (const [id, answer] of [
      [cm.takahashi, 'absent'],
      [cm.tanaka, 'delegate'],
      [cm.ito, null],
    ] as const) {
      const refused = await checkIn({ conference_member_id: id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'not_expected', answer_content: answer, conference_member_id: id });
    }
    const confirmed = await checkIn({ qr: await ticketOf(app.pool, cm.takahashi), confirm: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().row).toMatchObject({ answer_content: 'absent', expected: false, attended_by: '高橋 次郎' });
    // checked in without being expected: counted in 予定 as well, so 受付済 never exceeds 予定
    expect(confirmed.json().counts).toEqual({ expected: 5, checked_in: 4, not_arrived: 1 });
  });

  it('filters who has arrived and who is still to come', async () => {
    expect(names(await list('?filter=arrived'))).toEqual(['山田 太郎', '佐藤 花子', '高橋 次郎', '渡辺 五郎']);
    expect(names(await list('?filter=not_arrived'))).toEqual(['鈴木 一郎']);
  });

  it('answers 404 for a row of another conference, 422 for a draft or cancelled conference', async () => {
    const elsewhere = await fx.conference();
    const [row] = await fx.invite(elsewhere, [
      { memberId: (await list('?perPage=1')).json().data[0].member_id, answer: 'attend' },
    ]);
    expect((await checkIn({ conference_member_id: row })).statusCode).toBe(404);
    for (const status of ['draft', 'cancelled'] as const) {
      const closed = await fx.conference({ status });
      const [id] = await fx.invite(closed, [{ memberId: (await list('?perPage=1')).json().data[0].member_id, answer: 'attend' }]);
      const res = await checkIn({ conference_member_id: id }, closed);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('reception_closed');
      expect((await call('DELETE', checkIns(closed, `/${id}`), DEMO.staff)).json().code).toBe('reception_closed');
    }
  });
});

describe('undo', () => {
  it('takes a check-in back (audited); undoing one not checked in is a 409', async () => {
    const res = await call('DELETE', checkIns(conference, `/${cm.sato}`), DEMO.staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().row).toMatchObject({ id: cm.sato, checked_in_at: null, checked_in_by: null, attended_by: null });
    expect(res.json().counts).toEqual({ expected: 5, checked_in: 3, not_arrived: 2 });
    expect((await auditOf(cm.sato)).map((a) => a.action)).toEqual(['check_in', 'undo_check_in']);

    const again = await call('DELETE', checkIns(conference, `/${cm.sato}`), DEMO.staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_checked_in');
    expect((await call('DELETE', checkIns(conference, '/2000000000'), DEMO.staff)).statusCode).toBe(404);

    const back = await checkIn({ conference_member_id: cm.sato });
    expect(back.statusCode).toBe(201);
  });
});
