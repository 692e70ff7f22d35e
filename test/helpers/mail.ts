/**
 * Mail in tests: the run's local SMTP sink (server/infra/smtp-sink.ts, started by the global setup)
 * saves every message as an `.eml` file; these read them back, parsed by mailparser, and send the
 * queued outbox rows through it without pg-boss.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

import type pg from 'pg';
import type { Db } from '../../server/db/client.ts';
import { sendNotifications, type SendOutcome } from '../../server/jobs/mail-send.ts';
import { createMailTransport } from '../../server/jobs/mail-transport.ts';
import { eventually } from './export-files.ts';
import { testStack } from './stack.ts';

export const TEST_MAIL_FROM = '会議所テスト <kaigi@test.example.jp>';
export const TEST_ORIGIN = 'https://kaigi.test.example.jp';

export interface SinkMessage {
  file: string;
  raw: Buffer;
  mail: ParsedMail;
}

/** The run's sink: where to send (smtpUrl) and the folder of its `.eml` files. */
export const testSink = () => testStack().mail;

/** Every message in the sink's folder (default: the run's) whose raw text holds `filter`, by file name. */
export async function readSink(dir = testSink().dir, filter?: string): Promise<SinkMessage[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  const read = await Promise.all(files.map(async (file) => ({ file, raw: await readFile(path.join(dir, file)) })));
  const needle = filter?.toLowerCase();
  return Promise.all(
    read
      .filter(({ raw }) => !needle || raw.toString('latin1').toLowerCase().includes(needle))
      .map(async ({ file, raw }) => ({ file, raw, mail: await simpleParser(raw) })),
  );
}

/** The messages to `address` (To header), waiting until there are at least `count`. */
export async function mailTo(address: string, count = 1, dir = testSink().dir, timeoutMs = 15_000): Promise<SinkMessage[]> {
  return eventually(
    async () => {
      // addresses travel as ASCII in the header: parse only the files that name this one
      const found = (await readSink(dir, address)).filter((m) => toAddresses(m.mail).includes(address.toLowerCase()));
      return found.length >= count ? found : null;
    },
    timeoutMs,
    `${count} message(s) to ${address}`,
  );
}

export function toAddresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/**
 * Sends the given queued rows now through the run's sink, as the mail worker would (claim, render,
 * SMTP, record), without pg-boss. For tests of what is sent: write rows, then read the `.eml`.
 */
export async function sendQueuedNow(pool: pg.Pool, db: Db, ids: number[]): Promise<SendOutcome[]> {
  const transport = createMailTransport(testSink().smtpUrl);
  try {
    return await sendNotifications(
      { pool, db, transport, from: TEST_MAIL_FROM, fromDomain: 'test.example.jp', origin: TEST_ORIGIN },
      ids,
    );
  } finally {
    transport.close();
  }
}

/** The `.ics` attachment of a message, as text. */
export function icsOf(mail: ParsedMail): string | undefined {
  return mail.attachments
    .find((a) => a.filename?.endsWith('.ics') || a.contentType.startsWith('text/calendar'))
    ?.content.toString('utf8');
}

/**
 * A minimal iCalendar reader (RFC 5545 §3.1: unfolded lines, NAME;PARAMS:VALUE): the components in
 * order, each with its properties. Throws on what is not a VCALENDAR.
 */
export function parseIcs(text: string): Array<{ component: string; props: Record<string, string> }> {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter(Boolean);
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') throw new Error('not a VCALENDAR');
  const stack: Array<{ component: string; props: Record<string, string> }> = [];
  const out: typeof stack = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) throw new Error(`malformed line: ${line}`);
    const name = line.slice(0, colon).split(';')[0];
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') stack.push({ component: value, props: {} });
    else if (name === 'END') {
      const done = stack.pop();
      if (done?.component !== value) throw new Error(`END:${value} without BEGIN`);
      out.push(done);
    } else {
      if (!stack.length) throw new Error(`property outside a component: ${line}`);
      stack.at(-1)!.props[name] = value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
    }
  }
  if (stack.length) throw new Error('unterminated component');
  return out;
}
