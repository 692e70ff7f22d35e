/**
 * issue 14 (DESIGN.md §11.3): `GET /v1/company/conference_members/{id}/ticket`, the 受付票 the portal
 * shows as a QR code: the company's own invitees answered 出席 or 代理出席, in conferences it may see;
 * the desk checks the holder in with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, companyIdOf, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';
import { loadLinkSecret } from '../../../../server/lib/room/link-token.ts';
import { verifyTicket } from '../../../../server/lib/reception/ticket.ts';
import { ReceptionFixtures, checkIns, type Invitee } from '../../../helpers/reception-fixtures.ts';
import type { ConferenceOpts } from '../../../helpers/attendance-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let fx: ReceptionFixtures;
/** a member of C0001, the demo COMPANY_ADMIN's company (invited only to this file's conferences) */
let ownMember: number;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
  fx = new ReceptionFixtures(app.pool);
  const { rows } = await app.pool.query<{ id: number }>('select id from member where company_id = $1 order by id limit 1', [
    await companyIdOf(app.pool, 'C0001'),
  ]);
  ownMember = rows[0].id;
});
afterAll(async () => {
  await fx.cleanUp();
  await app.close();
});

const ticket = (id: number, email: string = DEMO.companyAdmin) =>
  call('GET', `/v1/company/conference_members/${id}/ticket`, email);

/** The C0001 member invited to a new conference of its own, with this answer. */
async function ownInvitee(invitee: Omit<Invitee, 'memberId'>, opts: ConferenceOpts = {}) {
  const conference = await fx.conference(opts);
  const [id] = await fx.invite(conference, [{ memberId: ownMember, ...invitee }]);
  return { conference, id };
}

describe('the 受付票 (reception ticket)', () => {
  it('is a signed string for an invitee answered 出席, and checks the holder in at the desk', async () => {
    const { conference, id } = await ownInvitee({ answer: 'attend' });
    const res = await ticket(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['qr']);
    expect(verifyTicket(await loadLinkSecret(app.pool), res.json().qr)).toBe(id);
    const checkedIn = await call('POST', checkIns(conference), DEMO.staff, { qr: res.json().qr });
    expect(checkedIn.statusCode).toBe(201);
    expect(checkedIn.json().row.id).toBe(id);
    // still shown after the check-in (the same ticket)
    expect((await ticket(id)).json()).toEqual(res.json());
  });

  it('is given for 代理出席 in a closed or held conference too', async () => {
    for (const status of ['published', 'closed', 'held'] as const) {
      const { id } = await ownInvitee({ answer: 'proxy_attend', proxyName: '代理 花子', proxyTitle: '部長' }, { status });
      expect((await ticket(id)).statusCode, status).toBe(200);
    }
  });

  it('is refused (422 not_attending) to an invitee answered 欠席, 委任状 or not yet', async () => {
    for (const answer of ['absent', 'delegate', null] as const) {
      const { id } = await ownInvitee({ answer }, { allowDelegate: true });
      const res = await ticket(id);
      expect(res.statusCode, String(answer)).toBe(422);
      expect(res.json().code).toBe('not_attending');
    }
  });

  it('of a cancelled conference is refused (422 reception_closed); a draft’s is not found', async () => {
    const cancelled = await ownInvitee({ answer: 'attend' }, { status: 'cancelled' });
    const res = await ticket(cancelled.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('reception_closed');
    const draft = await ownInvitee({ answer: 'attend' }, { status: 'draft' });
    expect((await ticket(draft.id)).statusCode).toBe(404);
  });

  it('is not found for another company’s or another chamber’s invitee, and not for chamber staff', async () => {
    const neighbour = await fx.company('T', '隣の商店');
    const conference = await fx.conference();
    const [theirs] = await fx.invite(conference, [
      { memberId: await fx.member(neighbour.id, '隣 一郎', 'トナリ イチロウ'), answer: 'attend' },
    ]);
    expect((await ticket(theirs)).statusCode).toBe(404);
    expect((await ticket(theirs, DEMO.companyNew)).statusCode).toBe(404);

    const { companyId } = await ensureOtherChamber(app.pool);
    const foreign = await fx.conference({ cciCode: OTHER_CCI });
    const [elsewhere] = await fx.invite(
      foreign,
      [{ memberId: await fx.member(companyId, '他所 次郎', 'ヨソ ジロウ', OTHER_CCI), answer: 'attend' }],
      OTHER_CCI,
    );
    expect((await ticket(elsewhere)).statusCode).toBe(404);
    expect((await ticket(theirs, DEMO.staff)).statusCode).toBe(403);
  });
});
