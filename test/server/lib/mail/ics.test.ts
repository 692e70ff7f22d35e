/**
 * issue 29, item 3: every text that reaches the `.ics` attachment passes one escaping rule (RFC 5545
 * TEXT: `\`, `;`, `,` and line breaks escaped) and every line is folded at 75 octets without
 * splitting a character. A conference name with CR/LF used to reach NAME and X-WR-CALNAME raw and
 * could add properties or a second event.
 */
import { describe, expect, it } from 'vitest';
import { conferenceIcs } from '../../../../server/lib/mail/ics.ts';

const HOSTILE = '総会\r\nX-INJECTED:1\r\nEND:VCALENDAR\r\nBEGIN:VEVENT;a,b\\c\nd\re';
const LONG = `${'あ'.repeat(30)}😀${'x'.repeat(7)}😀`.repeat(3);

const ics = (name: string, place: string | null = null, organizer = 'デモ商工会議所') =>
  conferenceIcs(
    { id: 7, cci_code: 'demo', name, event_date: new Date('2026-12-01T01:00:00Z'), end_at: null, place, version: 2 },
    {
      domain: 'kaigi.test',
      url: 'https://kaigi.test/company/meetings/7',
      stamp: new Date('2026-11-28T00:00:00Z'),
      cancelled: false,
      organizer,
    },
  );

/** The content lines (RFC 5545 §3.1: a CRLF followed by a space or tab continues the line). */
const unfold = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

/** A TEXT value as a calendar reads it back (RFC 5545 §3.3.11), in one pass. */
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_all, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** Property name → raw value, in order, for the whole file. */
const properties = (text: string) =>
  unfold(text).map((line) => {
    const colon = line.indexOf(':');
    return { name: line.slice(0, colon).split(';')[0], value: line.slice(colon + 1) };
  });

/** What a CR, LF or CRLF becomes once escaped: one line break. */
const asRead = (value: string) => value.replace(/\r\n|\r|\n/g, '\n');

describe('the conference calendar file', () => {
  it('a name with CR/LF, `;`, `,` and `\\` stays inside its values: no property or event is added', () => {
    const text = ics(HOSTILE, `会場;3階,A\\B\r\nX-PLACE:1`, '主催\r\nX-ORG:1');
    const props = properties(text);
    expect(props.map((p) => p.name)).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'METHOD',
      'NAME',
      'X-WR-CALNAME',
      'BEGIN',
      'UID',
      'SEQUENCE',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      'LOCATION',
      'DESCRIPTION',
      'URL',
      'STATUS',
      'END',
      'END',
    ]);
    const value = (name: string) => unescapeText(props.find((p) => p.name === name)!.value);
    for (const name of ['NAME', 'X-WR-CALNAME', 'SUMMARY']) expect(value(name), name).toBe(asRead(HOSTILE));
    expect(value('LOCATION')).toBe('会場;3階,A\\B\nX-PLACE:1');
    expect(value('DESCRIPTION')).toBe('主催\nX-ORG:1\nhttps://kaigi.test/company/meetings/7');
    // the special characters are escaped in the file itself, not only read back
    const name = props.find((p) => p.name === 'NAME')!.value;
    expect(name).toContain('BEGIN:VEVENT\\;a\\,b\\\\c\\nd\\ne');
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  });

  it('long lines fold at 75 octets without splitting a character, and unfold to the same text', () => {
    const text = ics(LONG, LONG);
    const lines = text.split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      // a fold inside a surrogate pair would leave half a character on each line (not UTF-8: U+FFFD)
      expect(Buffer.from(line, 'utf8').toString('utf8'), line).toBe(line);
    }
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(4);
    const props = properties(text);
    for (const name of ['NAME', 'X-WR-CALNAME', 'SUMMARY', 'LOCATION']) {
      expect(unescapeText(props.find((p) => p.name === name)!.value), name).toBe(LONG);
    }
  });
});
