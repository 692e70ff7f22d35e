/**
 * issue 12, "Two API processes on one database": fan-out goes through PostgreSQL LISTEN/NOTIFY
 * (ids only), no state lives in one process. Two app instances in this test process stand for the
 * two processes: each has its own pool, its own LISTEN connection and its own hub, and they share
 * only the database — a message posted through one reaches a stream client of the other. Then the
 * same through a real second process (test/helpers/room-process.ts, run with tsx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, caller } from '../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../helpers/fixtures.ts';
import {
  companyRoom,
  createRoomConference,
  insertLink,
  linkRoom,
  openStream,
  staffRoom,
} from '../../../helpers/room-fixtures.ts';
import { testStack } from '../../../helpers/stack.ts';

let one: FastifyInstance;
let two: FastifyInstance;
let baseOne: string;
let baseTwo: string;

beforeAll(async () => {
  [one, two] = await Promise.all([buildTestApp(), buildTestApp()]);
  baseOne = await one.listen({ host: '127.0.0.1', port: 0 });
  baseTwo = await two.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

describe('two API instances on one database', () => {
  it('are separate: their own pools and LISTEN connections', async () => {
    expect(one.pool).not.toBe(two.pool);
    const { rows } = await one.pool.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where application_name = 'kaigi-room-listen' and query ilike 'listen%'",
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(2);
  });

  it('deliver what is posted through one to the stream clients of the other', async () => {
    const { conferenceId } = await createRoomConference(one.pool);
    const { token } = await insertLink(one.pool, conferenceId);
    const callOne = caller(one, tokenOf);
    const start = (await callOne('GET', staffRoom(conferenceId), DEMO.admin)).json().last_event_id as number;

    // clients of instance two: staff (bearer), the company (ticket issued by instance one), a guest
    const staff = await openStream(
      `${baseTwo}${staffRoom(conferenceId, '/events')}?last_event_id=${start}`,
      bearer(await tokenOf(DEMO.staff)),
    );
    const ticket = (await callOne('POST', companyRoom(conferenceId, '/ticket'), DEMO.companyAdmin)).json().ticket;
    const company = await openStream(`${baseTwo}${companyRoom(conferenceId, '/events')}?ticket=${ticket}&last_event_id=${start}`);
    const guest = await openStream(`${baseTwo}${linkRoom(token, '/events')}?last_event_id=${start}`);
    expect([staff.status, company.status, guest.status]).toEqual([200, 200, 200]);

    const sent = await callOne('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, { body: '一号機から' });
    expect(sent.statusCode).toBe(201);
    const comment = await callOne('POST', linkRoom(token, '/comments'), null, { body: '一号機へ質問' });
    expect(comment.statusCode).toBe(201);
    const watch = await callOne('PUT', staffRoom(conferenceId, '/stopwatch'), DEMO.admin, { action: 'start' });
    expect(watch.statusCode).toBe(200);

    const [atCompany] = await company.waitFor(1, 'chat');
    expect(atCompany.data).toMatchObject({ id: sent.json().id, body: '一号機から', own: true });
    const [atGuest] = await guest.waitFor(1, 'chat');
    expect(atGuest.data).toMatchObject({ id: sent.json().id, own: false, sender_kind: 'company' });
    const [atStaff] = await staff.waitFor(1, 'comment');
    expect(atStaff.data).toMatchObject({ id: comment.json().id });
    await guest.waitFor(1, 'stopwatch');
    await staff.waitFor(3);
    expect(staff.events.map((e) => e.event)).toEqual(['chat', 'comment', 'stopwatch']);
    // the guest wrote the comment: it follows its own (issue 29 §6); the company never sees it
    expect(guest.events.map((e) => e.event)).toEqual(['chat', 'comment', 'stopwatch']);
    await company.waitFor(1, 'stopwatch');
    expect(company.events.map((e) => e.event)).toEqual(['chat', 'stopwatch']);

    // and the other way round: posted through two, read on two's streams and in one's list
    const back = await caller(two, tokenOf)('POST', staffRoom(conferenceId, '/chat'), DEMO.admin, { body: '二号機から' });
    expect(back.statusCode).toBe(201);
    await guest.waitFor(2, 'chat');
    expect((await callOne('GET', linkRoom(token, '/chat'), null)).json().data.map((m: { body: string }) => m.body)).toEqual([
      '一号機から',
      '二号機から',
    ]);
    for (const s of [staff, company, guest]) s.close();
  });
});

describe('a second API process', () => {
  let child: ChildProcess;
  let childBase: string;

  beforeAll(async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/helpers/room-process.ts')], {
      cwd: root,
      env: { ...process.env, KAIGI_TEST_STACK: JSON.stringify(testStack()) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    childBase = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n')[0];
        if (out.includes('\n')) resolve(line.trim());
      });
      child.on('exit', (code) => reject(new Error(`the second process exited (${code}) before listening`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  });

  it('gets what this process writes, and this process gets what it writes', async () => {
    const { conferenceId } = await createRoomConference(one.pool);
    const { token } = await insertLink(one.pool, conferenceId);
    const here = await openStream(`${baseOne}${linkRoom(token, '/events')}`);
    const there = await openStream(`${childBase}${staffRoom(conferenceId, '/events')}`, bearer(await tokenOf(DEMO.admin)));
    expect([here.status, there.status]).toEqual([200, 200]);

    const fromHere = await caller(one, tokenOf)('POST', companyRoom(conferenceId, '/chat'), DEMO.companyAdmin, {
      body: 'こちらから',
    });
    expect(fromHere.statusCode).toBe(201);
    const [got] = await there.waitFor(1, 'chat');
    expect(got.data).toMatchObject({ id: fromHere.json().id, body: 'こちらから' });

    const fromThere = await fetch(`${childBase}${linkRoom(token, '/comments')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'あちらへの質問' }),
    });
    expect(fromThere.status).toBe(201);
    await there.waitFor(1, 'comment');
    const chatThere = await fetch(`${childBase}${linkRoom(token, '/chat')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'あちらから' }),
    });
    expect(chatThere.status).toBe(201);
    const chats = await here.waitFor(2, 'chat');
    expect(chats.map((e) => (e.data as { body: string }).body)).toEqual(['こちらから', 'あちらから']);
    // the link holder's own comment, written through the other process, comes back to its author
    expect(here.events.filter((e) => e.event === 'comment').map((e) => (e.data as { body: string }).body)).toEqual([
      'あちらへの質問',
    ]);
    here.close();

    // its shutdown ends the streams it serves
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await there.ended;
    await exited;
  });
});
