/**
 * DESIGN.md §3 mail row: the local SMTP server saves every message as an `.eml` file named after
 * its Message-ID; the same Message-ID again keeps the first file and counts as a duplicate.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../server/infra/smtp-sink.ts';
import { createMailTransport, type MailTransport } from '../../../server/jobs/mail-transport.ts';
import { readSink } from '../../helpers/mail.ts';

let dir: string;
let sink: SmtpSink;
let transport: MailTransport;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-sink-'));
  sink = await startSmtpSink({ dir });
  transport = createMailTransport(sink.url);
});

afterAll(async () => {
  transport.close();
  await sink.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the local SMTP sink', () => {
  it('saves each message once per Message-ID and counts the repeats', async () => {
    const message = (messageId: string, subject: string) => ({
      from: '会議所 <kaigi@sink.example.jp>',
      to: '株式会社サンプル <info@sample.example.jp>',
      subject,
      text: '本文です。',
      messageId,
    });
    await transport.sendMail(message('<kaigi-notification-1.demo@sink.example.jp>', '一通目'));
    await transport.sendMail(message('<kaigi-notification-2.demo@sink.example.jp>', '二通目'));
    // the same row sent again after a crash: same Message-ID
    await transport.sendMail(message('<kaigi-notification-1.demo@sink.example.jp>', '一通目（再送）'));

    expect((await readdir(dir)).sort()).toEqual([
      'kaigi-notification-1.demo@sink.example.jp.eml',
      'kaigi-notification-2.demo@sink.example.jp.eml',
    ]);
    expect(sink.stats()).toEqual({ received: 3, duplicates: 1 });
    const saved = await readSink(dir);
    expect(saved.map((m) => m.mail.subject)).toEqual(['一通目', '二通目']);
    expect(saved[0].mail.to).toMatchObject({ value: [{ name: '株式会社サンプル', address: 'info@sample.example.jp' }] });
    expect(saved[0].mail.text?.trim()).toBe('本文です。');
  });

  it('keeps a Message-ID that is not a plain file name inside its folder', async () => {
    await transport.sendMail({
      from: 'a@sink.example.jp',
      to: 'b@sink.example.jp',
      subject: 'x',
      text: 'x',
      messageId: '<../../etc/passwd@x>',
    });
    const files = await readdir(dir);
    expect(files).toContain('.._.._etc_passwd@x.eml');
    expect(files.every((f) => !f.includes('/'))).toBe(true);
  });
});
