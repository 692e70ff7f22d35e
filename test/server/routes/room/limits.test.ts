/**
 * issue 12, "Limits" (DESIGN.md §11.1): chat ≤ 500 characters and one message a second per sender
 * (429 with Retry-After), comments ≤ 2 000, text NFC-normalised, whitespace-only refused, stored
 * and returned as text (never HTML); nothing written after 終了 or into a panel staff closed; the
 * staff PUT's version check and agenda bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import { companyRoom, createRoomConference, insertLink, linkRoom, staffRoom } from '../../../helpers/room-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(() => app.close());

/** A fresh room and a guest of it: every test its own senders, so the 1/s limit is its own. */
async function freshRoom() {
  const { conferenceId } = await createRoomConference(app.pool);
  const guests = await Promise.all(
    [1, 2, 3].map(async (n) => (await insertLink(app.pool, conferenceId, { name: `来賓${n}` })).token),
  );
  return { conferenceId, guests };
}

const chat = (token: string, body: string) => call('POST', linkRoom(token, '/chat'), null, { body });
const comment = (token: string, body: string) => call('POST', linkRoom(token, '/comments'), null, { body });

async function putRoom(conferenceId: number, changes: object) {
  const { version } = (await call('GET', staffRoom(conferenceId), DEMO.admin)).json();
  return call('PUT', staffRoom(conferenceId), DEMO.admin, { version, ...changes });
}

describe('chat text', () => {
  it('takes 500 characters and refuses 501', async () => {
    const { guests } = await freshRoom();
    const ok = await chat(guests[0], 'あ'.repeat(500));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().body).toHaveLength(500);
    const long = await chat(guests[1], 'あ'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual(expect.objectContaining({ field: 'body.body' }));
  });

  it('counts characters, not UTF-16 units: 500 emoji pass, 501 do not', async () => {
    const { guests } = await freshRoom();
    const ok = await chat(guests[0], '😀'.repeat(500));
    expect(ok.statusCode, ok.body).toBe(201);
    expect([...ok.json().body]).toHaveLength(500);
    expect((await chat(guests[1], '😀'.repeat(501))).statusCode).toBe(400);
  });

  it('is stored NFC: a decomposed が comes back composed, in the answer and the list', async () => {
    const { conferenceId, guests } = await freshRoom();
    const decomposed = 'か\u3099いき\u3099';
    expect(decomposed).toHaveLength(5);
    const res = await chat(guests[0], decomposed);
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe('がいぎ');
    const list = await call('GET', staffRoom(conferenceId, '/chat'), DEMO.admin);
    expect(list.json().data.map((m: { body: string }) => m.body)).toEqual(['がいぎ']);
  });

  it('counts characters after NFC: 500 decomposed が (1 000 code points) pass, 501 do not, on the same field', async () => {
    const { guests } = await freshRoom();
    const ok = await chat(guests[0], 'か\u3099'.repeat(500));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().body).toBe('が'.repeat(500));
    const long = await chat(guests[1], 'か\u3099'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ field: 'body.body', code: 'maxLength' })],
    });
  });

  it.each([
    ['spaces', '   '],
    ['ideographic spaces (U+3000)', '\u3000\u3000'],
    ['newlines and tabs', '\n\t\r\n'],
    ['a mix', ' \u3000\n'],
  ])('refuses whitespace only (%s) with blank_text', async (_name, body) => {
    const { guests } = await freshRoom();
    const res = await chat(guests[0], body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'blank_text' });
    expect((await comment(guests[0], body)).json()).toMatchObject({ code: 'blank_text' });
  });

  it('is kept as the literal text it was: HTML is not interpreted nor escaped', async () => {
    const { conferenceId, guests } = await freshRoom();
    const html = '<script>alert("x")</script><b>太字</b> &amp; <img src=x onerror=alert(1)>';
    const res = await chat(guests[0], html);
    expect(res.json().body).toBe(html);
    expect((await call('GET', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin)).json().data[0].body).toBe(html);
    const sent = await comment(guests[0], html);
    expect(sent.json().body).toBe(html);
    expect((await call('GET', staffRoom(conferenceId, '/comments'), DEMO.admin)).json().data[0].body).toBe(html);
  });
});

describe('chat rate', () => {
  it('refuses a second message within a second with 429 and Retry-After; another sender is not held back', async () => {
    const { conferenceId, guests } = await freshRoom();
    expect((await chat(guests[0], '一通目')).statusCode).toBe(201);
    const second = await chat(guests[0], '二通目');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await chat(guests[1], '別の人')).statusCode).toBe(201);
    expect((await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '会社から' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '事務局から' })).statusCode).toBe(201);
    const companyAgain = await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: 'もう一度' });
    expect(companyAgain.statusCode).toBe(429);

    // a second later the first sender may write again (the limit is per second, not per room)
    await app.pool.query("update room_chat set created_at = created_at - interval '1 second' where conference_id = $1", [
      conferenceId,
    ]);
    expect((await chat(guests[0], '三通目')).statusCode).toBe(201);
    // the refused message was not kept
    const bodies = (await call('GET', staffRoom(conferenceId, '/chat'), DEMO.admin))
      .json()
      .data.map((m: { body: string }) => m.body);
    expect(bodies).toEqual(['一通目', '別の人', '会社から', '事務局から', '三通目']);
  });
});

describe('comments', () => {
  it('take 2 000 characters and refuse 2 001', async () => {
    const { guests } = await freshRoom();
    const ok = await comment(guests[0], '質'.repeat(2000));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await comment(guests[0], '質'.repeat(2001))).statusCode).toBe(400);
    expect((await comment(guests[0], '😀'.repeat(2000))).statusCode).toBe(201);
  });
});

describe('when writing is closed', () => {
  it('chat and comments after 終了 are 422 room_ended, for every audience', async () => {
    const { conferenceId, guests } = await freshRoom();
    expect((await putRoom(conferenceId, { status: 'ended' })).statusCode).toBe(200);
    for (const res of [
      await chat(guests[0], '終わった後'),
      await comment(guests[0], '終わった後'),
      await call('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '終わった後' }),
      await call('POST', companyRoom(conferenceId, '/comments'), DEMO.companyAdmin, { body: '終わった後' }),
      await call('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '終わった後' }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'room_ended' });
    }
    // reading stays open
    expect((await call('GET', linkRoom(guests[0], '/chat'), null)).statusCode).toBe(200);
  });

  it('a panel staff closed is 422 panel_closed; the other panel still takes text', async () => {
    const { conferenceId, guests } = await freshRoom();
    expect((await putRoom(conferenceId, { panels: { chat: false, comment: true } })).statusCode).toBe(200);
    const closedChat = await chat(guests[0], 'チャット');
    expect(closedChat.statusCode).toBe(422);
    expect(closedChat.json()).toMatchObject({ code: 'panel_closed' });
    expect((await comment(guests[0], 'コメント')).statusCode).toBe(201);

    expect((await putRoom(conferenceId, { panels: { chat: true, comment: false } })).statusCode).toBe(200);
    const closedComment = await call('POST', companyRoom(conferenceId, '/comments'), DEMO.companyAdmin, { body: 'コメント' });
    expect(closedComment.statusCode).toBe(422);
    expect(closedComment.json()).toMatchObject({ code: 'panel_closed' });
    expect((await chat(guests[1], 'チャット')).statusCode).toBe(201);
  });
});

describe('staff PUT …/room', () => {
  it('with a stale version is a 409 and changes nothing', async () => {
    const { conferenceId } = await freshRoom();
    const { version } = (await call('GET', staffRoom(conferenceId), DEMO.admin)).json();
    expect((await call('PUT', staffRoom(conferenceId), DEMO.admin, { version, status: 'open' })).statusCode).toBe(200);
    const stale = await call('PUT', staffRoom(conferenceId), DEMO.staff, { version, status: 'ended' });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', staffRoom(conferenceId), DEMO.admin)).json()).toMatchObject({
      status: 'open',
      version: version + 1,
    });
  });

  it('with current_agenda beyond the agenda is a 400', async () => {
    const { conferenceId } = await freshRoom();
    const agenda = [
      { title: '開会', presenter: null, minutes: 5 },
      { title: '議事', presenter: '会頭', minutes: 30 },
    ];
    expect((await putRoom(conferenceId, { agenda, current_agenda: 2 })).statusCode).toBe(400);
    expect((await putRoom(conferenceId, { current_agenda: 0 })).statusCode).toBe(400);
    expect((await putRoom(conferenceId, { agenda, current_agenda: 1 })).statusCode).toBe(200);
    // shortening the agenda under the current item is refused too
    expect((await putRoom(conferenceId, { agenda: agenda.slice(0, 1) })).statusCode).toBe(400);
    expect((await putRoom(conferenceId, { agenda: agenda.slice(0, 1), current_agenda: null })).statusCode).toBe(200);
  });
});
