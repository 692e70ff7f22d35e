/**
 * The chamber as the sender of its mail (issue 33): CCI_ADMIN sets the sender name and the Reply-To
 * (its contact address); every message of the chamber carries them, From's address staying
 * MAIL_FROM's (the verified sending domain). Read back from the local sink's saved `.eml`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, caller } from '../../../../../helpers/app.ts';
import { DEMO, tokenOf } from '../../../../../helpers/fixtures.ts';
import { mailTo, sendQueuedNow } from '../../../../../helpers/mail.ts';
import { dropMailFixture, insertNotifications, mailFixture } from '../../../../../helpers/mail-fixtures.ts';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
const PATH = '/v1/cci/admin/master/chamber_settings';
const CHAMBERS = ['sender-a', 'sender-b'] as const;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app, tokenOf);
});
afterAll(async () => {
  for (const cci of CHAMBERS) await dropMailFixture(app.pool, cci);
  await app.close();
});

describe('the chamber’s mail settings', () => {
  it('CCI_ADMIN reads and sets the sender name and Reply-To (full-width typed) of its own chamber, versioned and checked', async () => {
    const before = (await call('GET', PATH, DEMO.admin)).json();
    expect(before).toMatchObject({ cci_code: 'demo', name: expect.any(String) });
    const saved = await call('PUT', PATH, DEMO.admin, {
      version: before.version,
      mail_sender_name: 'デモ商工会議所 総務課',
      mail_reply_to: 'ＳＯＵＭＵ@demo-cci.example.jp',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: before.version + 1,
      mail_sender_name: 'デモ商工会議所 総務課',
      mail_reply_to: 'soumu@demo-cci.example.jp',
      mail_contact: before.mail_contact,
    });
    const stale = await call('PUT', PATH, DEMO.admin, { version: before.version, mail_sender_name: 'x' });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PUT', PATH, DEMO.admin, { version: before.version + 1, mail_reply_to: 'soumu@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'body.mail_reply_to' })]));
    const cleared = await call('PUT', PATH, DEMO.admin, {
      version: before.version + 1,
      mail_sender_name: '',
      mail_reply_to: null,
    });
    expect(cleared.json()).toMatchObject({ mail_sender_name: null, mail_reply_to: null });
  });

  it('every message of a chamber is from its sender name at MAIL_FROM’s address, with its Reply-To; without them, its name and no Reply-To', async () => {
    const a = await mailFixture(app.pool, CHAMBERS[0], ['office@sender-a.example.jp']);
    const b = await mailFixture(app.pool, CHAMBERS[1], ['office@sender-b.example.jp']);
    await app.pool.query(`update chamber set mail_sender_name = $2, mail_reply_to = $3 where cci_code = $1`, [
      CHAMBERS[0],
      '浜松商工会議所 会員サービス課',
      'kaigi@hamamatsu-cci.example.jp',
    ]);
    const ids = [
      ...(await insertNotifications(app.pool, a, 'invitation', a.companies)),
      ...(await insertNotifications(app.pool, a, 'cancel', a.companies)),
      ...(await insertNotifications(app.pool, b, 'invitation', b.companies)),
    ];
    const outcomes = await sendQueuedNow(app.pool, app.db, ids);
    expect(outcomes.map((o) => o.status)).toEqual(['sent', 'sent', 'sent']);

    const fromA = await mailTo('office@sender-a.example.jp', 2);
    for (const { mail } of fromA) {
      expect(mail.from?.value).toEqual([{ name: '浜松商工会議所 会員サービス課', address: 'kaigi@test.example.jp' }]);
      expect(mail.replyTo?.value).toEqual([{ name: '', address: 'kaigi@hamamatsu-cci.example.jp' }]);
    }
    const [fromB] = await mailTo('office@sender-b.example.jp');
    expect(fromB.mail.from?.value).toEqual([{ name: '浜松テスト商工会議所', address: 'kaigi@test.example.jp' }]);
    expect(fromB.mail.replyTo).toBeUndefined();
  });
});
