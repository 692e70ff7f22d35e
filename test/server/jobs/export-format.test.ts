/** The text of export cells: 西暦/和暦 dates, Shift_JIS replacement, CSV quoting (issue 6). */
import iconv from 'iconv-lite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dateFormatter, jstText } from '../../../server/lib/export-dates.ts';
import { REPLACEMENT_CHAR, ShiftJisEncoder } from '../../../server/lib/export-sjis.ts';
import { csvField } from '../../../server/jobs/writers/csv.ts';
import { exportSettingsFrom } from '../../../server/jobs/settings.ts';
import { testStack } from '../../helpers/stack.ts';

describe('dates (Asia/Tokyo)', () => {
  const western = dateFormatter('western');
  const japanese = dateFormatter('japanese');

  it('writes 西暦 as the spec §9 formats YYYY/MM/DD and YYYY/MM/DD HH:mm', () => {
    expect(western.day('2025-04-01')).toBe('2025/04/01');
    expect(western.dateTime('2025-04-01 00:30')).toBe('2025/04/01 00:30');
    expect(western.day('2025-04-01 00:30')).toBe('2025/04/01');
    expect(western.day(null)).toBe('');
    expect(western.dateTime(null)).toBe('');
  });

  it.each([
    ['2019-04-30', '平成31年4月30日'],
    ['2019-05-01', '令和元年5月1日'],
    ['2020-01-01', '令和2年1月1日'],
    ['1989-01-07', '昭和64年1月7日'],
    ['1989-01-08', '平成元年1月8日'],
    ['2025-12-31', '令和7年12月31日'],
  ])('writes %s as 和暦 %s (first year 元年)', (day, expected) => {
    expect(japanese.day(day)).toBe(expected);
  });

  it('writes 和暦 date-times', () => {
    expect(japanese.dateTime('2019-05-01 00:05')).toBe('令和元年5月1日 00:05');
  });

  it('takes instants as Tokyo wall-clock text made by PostgreSQL, whatever the session time zone', async () => {
    const pool = new pg.Pool({ connectionString: testStack().databaseUrl, max: 1 });
    try {
      await pool.query(`set timezone = 'America/New_York'`);
      const { rows } = await pool.query(
        `select ${jstText(`'2019-04-30T15:05:00Z'::timestamptz`)} as at, ${jstText('null::timestamptz')} as none`,
      );
      expect(rows[0]).toEqual({ at: '2019-05-01 00:05', none: null });
      expect(japanese.dateTime(rows[0].at)).toBe('令和元年5月1日 00:05');
    } finally {
      await pool.end();
    }
  });
});

describe('Shift_JIS (CP932) encoding', () => {
  it('keeps what CP932 holds, NEC/IBM extensions included, and round-trips it', () => {
    const encoder = new ShiftJisEncoder();
    const text = '髙橋 ①～ｱｲｳ、株式会社 ABC-123';
    expect(iconv.decode(encoder.encode(text), 'cp932')).toBe(text);
    expect(encoder.replaced).toBe(0);
  });

  it('replaces each character CP932 cannot hold with 〓 and counts it', () => {
    const encoder = new ShiftJisEncoder();
    expect(iconv.decode(encoder.encode('𠮷野家の🍣と한글'), 'cp932')).toBe(`〓野家の${REPLACEMENT_CHAR}と〓〓`);
    expect(encoder.replaced).toBe(4);
    encoder.encode('𠮷');
    expect(encoder.replaced).toBe(5);
  });

  it('writes JIS-style dashes and tildes as their CP932 twins instead of replacing them', () => {
    const encoder = new ShiftJisEncoder();
    expect(iconv.decode(encoder.encode('10〜12時 − ‖ —'), 'cp932')).toBe('10～12時 － ∥ ―');
    expect(encoder.replaced).toBe(0);
  });
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, as RFC 4180 and Excel do', () => {
    expect(csvField('株式会社A,B')).toBe('"株式会社A,B"');
    expect(csvField('"特別"会員')).toBe('"""特別""会員"');
    expect(csvField('1行目\r\n2行目')).toBe('"1行目\r\n2行目"');
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('keeps text that looks like a formula from running in Excel', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+81-53-000-0000')).toBe("'+81-53-000-0000");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-1')).toBe("'-1");
  });
});

describe('export settings (EXPORT_RETENTION_DAYS, EXPORT_WORKER, EXPORT_WORKER_CONCURRENCY)', () => {
  const load = (env: NodeJS.ProcessEnv, production = false) => {
    const problems: string[] = [];
    return { settings: exportSettingsFrom(env, { production }, problems), problems };
  };

  it('runs the worker in-process by default, separately in production, and keeps files 7 days', () => {
    expect(load({})).toEqual({ settings: { retentionDays: 7, inProcessWorker: true, concurrency: 1 }, problems: [] });
    expect(load({}, true).settings.inProcessWorker).toBe(false);
    expect(load({ EXPORT_RETENTION_DAYS: '30', EXPORT_WORKER: 'off' }).settings).toMatchObject({
      retentionDays: 30,
      inProcessWorker: false,
    });
  });

  it('names every malformed value', () => {
    const env = { EXPORT_RETENTION_DAYS: '0', EXPORT_WORKER: 'maybe', EXPORT_WORKER_CONCURRENCY: 'x' };
    expect(
      load(env)
        .problems.map((p) => p.split(' ')[0])
        .sort(),
    ).toEqual(Object.keys(env).sort());
  });
});
