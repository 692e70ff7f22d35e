/**
 * issue 29, item 3: a subject built from user text (a conference name with CR/LF, `;`, `,`, `\`,
 * or a long one) cannot add a header to the message nodemailer writes (server/jobs/mail-transport.ts).
 */
import nodemailer from 'nodemailer';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { headerText } from '../../../../server/lib/escape/mail-header.ts';
import { messageOf } from '../../../../server/jobs/mail-transport.ts';
import { subjectOf } from '../../../../server/lib/mail/subject.ts';

const HOSTILE = '総会\r\nBcc: evil@example.com\r\nX-Injected: 1\n\nbody;a,b\\c\u2028end';
const LONG = `${'第76回通常議員総会および懇親会のご案内'.repeat(6)};,\\`;

/** The raw message nodemailer would send for this subject (and sender), and its parse. */
async function sent(subject: string, sender: Parameters<typeof messageOf>[2] = { from: 'Kaigi <no-reply@kaigi.test>' }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(
    messageOf(
      { id: 1, to: 'company@example.jp', message_id: '<1@kaigi.test>' },
      { subject, text: '本文', html: '<p>本文</p>', ics: null, images: [] } as unknown as Parameters<typeof messageOf>[1],
      sender,
    ),
  );
  const raw = (info.message as Buffer).toString('utf8');
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return { head, parsed: await simpleParser(raw) };
}

describe('mail headers from user text', () => {
  it('headerText: one line, every break or control character one space', () => {
    expect(headerText(' a\r\nb\tc\u0000d\u2029e ')).toBe('a b c d e');
    expect(headerText('a;b,c\\d')).toBe('a;b,c\\d');
  });

  it('a conference name with CR/LF in the subject adds no header; the subject reads as one line', async () => {
    const subject = subjectOf('invitation', { name: HOSTILE, event_date: new Date('2026-12-20T01:00:00Z') });
    const { head, parsed } = await sent(subject);
    const names = head
      .split('\r\n')
      .filter((line) => !/^[ \t]/.test(line))
      .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe('【ご案内】総会 Bcc: evil@example.com X-Injected: 1 body;a,b\\c end（2026年12月20日）');
  });

  it('an ASCII staff-written subject with CR/LF adds no header either', async () => {
    const { head, parsed } = await sent('Notice\r\nBcc: evil@example.com\r\nX-Injected: 1');
    expect(head).not.toMatch(/^(bcc|x-injected):/im);
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe('Notice Bcc: evil@example.com X-Injected: 1');
  });

  it('a long subject with `;`, `,` and `\\` is folded into header lines of at most 78 characters and reads back whole', async () => {
    const { head, parsed } = await sent(LONG);
    for (const line of head.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    expect(parsed.subject).toBe(LONG);
  });

  it('a chamber’s sender name (with CR/LF, quotes and commas) is the From name of one address, with its Reply-To', async () => {
    const name = '浜松商工会議所, "総務課"\r\nBcc: evil@example.com';
    const { head, parsed } = await sent('ご案内', {
      from: { name, address: 'no-reply@kaigi.test' },
      replyTo: 'soumu@hamamatsu-cci.example.jp',
    });
    expect(parsed.from?.value).toEqual([
      { name: '浜松商工会議所, "総務課" Bcc: evil@example.com', address: 'no-reply@kaigi.test' },
    ]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'soumu@hamamatsu-cci.example.jp' }]);
    expect(head).not.toMatch(/^bcc:/im);
    expect(parsed.bcc).toBeUndefined();
  });
});
