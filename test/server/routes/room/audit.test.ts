/**
 * issue 12, "Every write is audited" (DESIGN.md §4): one audit row per room write, in the write's
 * transaction, naming who did it — a signed-in user by username, a link holder as `room_link:{id}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import { usernameOf } from '../../../helpers/attendance-fixtures.ts';
import { companyRoom, createRoomConference, linkRoom, staffRoom, tokenOfUrl } from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(() => app.close());

interface AuditRow {
  cci_code: string;
  actor: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function auditOf(entity: string, entityId: number): Promise<AuditRow[]> {
  const { rows } = await app.pool.query<AuditRow>(
    'select cci_code, actor, action, before, after from audit_log where entity = $1 and entity_id = $2 order by id',
    [entity, String(entityId)],
  );
  return rows;
}

describe('room audit', () => {
  it('has a row for every write, with its actor', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const admin = await usernameOf(app.pool, DEMO.admin);
    const staff = await usernameOf(app.pool, DEMO.staff);
    const company = await usernameOf(app.pool, DEMO.companyAdmin);

    // a link holder writes first, in a room nobody has opened yet
    const issued = await call('POST', staffRoom(conferenceId, '/links'), DEMO.staff, { kind: 'guest', name: '講師 太郎' });
    expect(issued.statusCode).toBe(201);
    const linkId = issued.json().id as number;
    const token = tokenOfUrl(issued.json().url);
    const guestChat = await call('POST', linkRoom(token, '/chat'), null, { body: 'ゲストです' });
    expect(guestChat.statusCode).toBe(201);
    const guestComment = await call('POST', linkRoom(token, '/comments'), null, { body: 'ゲストの質問' });
    expect(guestComment.statusCode).toBe(201);

    const { version } = (await call('GET', staffRoom(conferenceId), DEMO.admin)).json();
    expect((await call('PUT', staffRoom(conferenceId), DEMO.admin, { version, status: 'open' })).statusCode).toBe(200);
    for (const action of ['start', 'pause', 'reset']) {
      expect((await call('PUT', staffRoom(conferenceId, '/stopwatch'), DEMO.staff, { action })).statusCode).toBe(200);
    }
    const companyChat = await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '会社です' });
    const companyComment = await call('POST', companyRoom(conferenceId, '/comments'), DEMO.companyAdmin, { body: '会社の質問' });
    const staffChat = await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '事務局です' });
    expect((await call('DELETE', staffRoom(conferenceId, `/chat/${guestChat.json().id}`), DEMO.admin)).statusCode).toBe(204);
    const answered = await call('PUT', staffRoom(conferenceId, `/comments/${companyComment.json().id}`), DEMO.staff, {
      status: 'answered',
      version: companyComment.json().version,
    });
    expect(answered.statusCode).toBe(200);
    expect((await call('DELETE', staffRoom(conferenceId, `/links/${linkId}`), DEMO.admin)).statusCode).toBe(204);
    // revoking again changes nothing and leaves no second row
    expect((await call('DELETE', staffRoom(conferenceId, `/links/${linkId}`), DEMO.admin)).statusCode).toBe(204);

    const holder = `room_link:${linkId}`;
    const slim = (rows: AuditRow[]) => rows.map(({ actor, action, cci_code }) => ({ actor, action, cci_code }));
    const demo = (actor: string, action: string) => ({ actor, action, cci_code: 'demo' });

    expect(slim(await auditOf('room', conferenceId))).toEqual([
      demo(admin, 'update'),
      demo(staff, 'stopwatch_start'),
      demo(staff, 'stopwatch_pause'),
      demo(staff, 'stopwatch_reset'),
    ]);
    expect(slim(await auditOf('room_chat', guestChat.json().id))).toEqual([demo(holder, 'create'), demo(admin, 'delete')]);
    expect(slim(await auditOf('room_chat', companyChat.json().id))).toEqual([demo(company, 'create')]);
    expect(slim(await auditOf('room_chat', staffChat.json().id))).toEqual([demo(admin, 'create')]);
    expect(slim(await auditOf('room_comment', guestComment.json().id))).toEqual([demo(holder, 'create')]);
    expect(slim(await auditOf('room_comment', companyComment.json().id))).toEqual([
      demo(company, 'create'),
      demo(staff, 'update'),
    ]);
    expect(slim(await auditOf('room_link', linkId))).toEqual([demo(staff, 'create'), demo(admin, 'revoke')]);

    // what changed is in the row
    const [update] = await auditOf('room', conferenceId);
    expect(update.before).toMatchObject({ status: 'waiting' });
    expect(update.after).toMatchObject({ status: 'open' });
    expect((await auditOf('room_chat', companyChat.json().id))[0].after).toEqual({ body: '会社です' });
    expect((await auditOf('room_comment', companyComment.json().id))[1]).toMatchObject({
      before: { status: 'new' },
      after: { status: 'answered' },
    });
  });

  it('refused writes leave no row', async () => {
    const { conferenceId } = await createRoomConference(app.pool);
    const { rows: before } = await app.pool.query<{ n: string }>('select count(*) as n from audit_log');
    expect((await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '\u3000' })).statusCode).toBe(400);
    expect((await call('PUT', staffRoom(conferenceId), DEMO.admin, { version: 99, status: 'open' })).statusCode).toBe(409);
    expect((await call('DELETE', staffRoom(conferenceId, '/links/2000000000'), DEMO.admin)).statusCode).toBe(404);
    const { rows: after } = await app.pool.query<{ n: string }>('select count(*) as n from audit_log');
    expect(after[0].n).toBe(before[0].n);
  });
});
