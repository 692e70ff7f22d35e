import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../helpers/app.ts';
import { DEMO, OTHER_CCI, ensureOtherChamber, tokenOf } from '../../../helpers/fixtures.ts';
import { usernameOf } from '../../../helpers/attendance-fixtures.ts';
import { PORTAL_USERNAME, createExportFixture, type ExportFixture } from '../../../helpers/export-fixtures.ts';
import { createReceptionExportFixture, type ReceptionExportFixture } from '../../../helpers/reception-export-fixtures.ts';
import { startExportTestEnv, type ExportTestEnv } from '../../../helpers/export-app.ts';
import { download, eventually, readXlsx, rowsOf } from '../../../helpers/export-files.ts';
import { deleteExpiredExports } from '../../../../server/jobs/export-cleanup.ts';
import { EXPORT_QUEUE } from '../../../../server/jobs/boss.ts';
import { MEMBER_EXPORT_HEADERS, POSITION_EXPORT_HEADERS } from '../../../../server/jobs/sources/index.ts';
import { cellText, openImportFile, parseImportDate } from '../../../../server/lib/import/read/index.ts';

const BASE = '/v1/cci/demo/export';
type Job = Record<string, unknown> & { id: number; status: string; file_key: string | null };

let env: ExportTestEnv;
let call: ReturnType<typeof caller>;
let fx: ExportFixture;
let rx: ReceptionExportFixture;
/** what 出席者一覧 names the staff member by: their display name */
let staffName: string;

beforeAll(async () => {
  env = await startExportTestEnv();
  call = caller(env.app, tokenOf);
  await ensureOtherChamber(env.app.pool);
  const staff = await usernameOf(env.app.pool, DEMO.staff);
  fx = await createExportFixture(env.app.pool, staff);
  rx = await createReceptionExportFixture(env.app.pool, fx, staff);
  const { rows } = await env.app.pool.query<{ display_name: string }>('select display_name from users where username = $1', [
    staff,
  ]);
  staffName = rows[0].display_name;
  expect(staffName).not.toBe(staff);
});
afterAll(async () => {
  await rx?.remove();
  await env.close();
});

const create = async (body: object, who: string = DEMO.staff): Promise<Job> => {
  const res = await call('POST', BASE, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

const finished = (id: number, who: string = DEMO.staff) =>
  eventually(
    async () => {
      const job: Job = (await call('GET', `${BASE}/${id}`, who)).json();
      return job.status === 'succeeded' || job.status === 'failed' ? job : null;
    },
    30_000,
    `export job ${id}`,
  );

// Runs first, before any worker: the job is queued while its conference still exists.
describe('a failed job says why (issue 6)', () => {
  it('fails with a reason when its conference is deleted before it runs, without retrying', async () => {
    const { rows } = await env.app.pool.query<{ id: number }>(
      `insert into conference (cci_code, name, event_date) values ('demo', '消える会議', now()) returning id`,
    );
    const job = await create({ type: 'attendance', format: 'xlsx', params: { conference_id: rows[0].id } });
    expect(job).toMatchObject({ status: 'queued', progress_done: 0, file_key: null });
    await env.app.pool.query('delete from conference where id = $1', [rows[0].id]);
    await env.startWorker();
    const done = await finished(job.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: '指定された会議が見つかりません（削除された可能性があります）。',
      file_key: null,
    });
    expect(done.finished_at).not.toBeNull();
    // completed at the first attempt (pg-boss settles it just after the row is written): retrying
    // cannot bring the conference back
    const settled = await eventually(async () => {
      const [queued] = await env.boss.findJobs(EXPORT_QUEUE, { data: { export_job_id: job.id } });
      return queued.state === 'active' ? null : queued;
    });
    expect(settled).toMatchObject({ state: 'completed', retryCount: 0 });
  });
});

// issue 15 item 6: 席次 first, 役職 (on the conference's day, 2031-05-01) after 肩書
const HEAD = ['席次', '事業所コード', '事業所名', '氏名', 'フリガナ', '肩書', '役職', '区分'];
const per = (name: string) => [
  `${name}：出欠`,
  `${name}：代理出席者`,
  `${name}：回答日時`,
  `${name}：受付方法`,
  `${name}：受付日時`,
  `${name}：記録者`,
];
/** 記録者 (issue 33): the staff member by display name, known once the app runs */
const attendance = (staff: string) => ({
  header: [...HEAD, ...per('輸出テスト総会'), ...per('懇親会（輸出テスト）')],
  a: [
    '1',
    'EX01',
    '𠮷野商事株式会社',
    '𠮷田 一郎',
    'ヨシダ イチロウ',
    '',
    '役員 会頭',
    '本人',
    '出席',
    '',
    '2019/05/01 10:00',
    'ポータル',
    '2019/05/01 10:00',
    PORTAL_USERNAME,
    '出席',
    '',
    '2019/05/03 12:00',
    '電話',
    '2019/05/03 11:50',
    staff,
  ],
  b: [
    '2',
    'EX02',
    '髙島屋工業',
    '髙橋 花子',
    'タカハシ ハナコ',
    '',
    '商業部会 部会長',
    '本人',
    '代理出席',
    '髙橋 太郎（専務取締役）',
    '2019/05/02 09:30',
    'FAX（期限後）',
    '2019/05/02 08:45',
    staff,
    '',
    '',
    '',
    '',
    '',
    '',
  ],
  // an answer recorded before channels existed: no 受付方法, 受付日時 nor 記録者
  c: [
    '3',
    'EX02',
    '髙島屋工業',
    '安藤 次郎',
    'アンドウ ジロウ',
    '',
    '工業部会 委員',
    '随行',
    '',
    '',
    '',
    '',
    '',
    '',
    '欠席',
    '',
    '2019/05/04 08:00',
    '',
    '',
    '',
  ],
});
const RECEPTION_HEADER = [
  '番号',
  '事業所コード',
  '事業所名',
  '出席者氏名',
  '出席者肩書',
  '区分',
  '出欠',
  '会員氏名',
  '受付方法',
  '受付日時',
  '記録者',
  '受付',
];

/** Shift_JIS cannot hold 𠮷: the file has 〓 there, and the job counted each one. */
const asShiftJis = (row: string[]) => row.map((cell) => cell.replaceAll('𠮷', '〓'));

const FORMATS = ['xlsx', 'csv_utf8', 'csv_sjis'] as const;
const FILE_ENDINGS = { xlsx: '\\.xlsx', csv_utf8: '_UTF-8\\.csv', csv_sjis: '_SJIS\\.csv' } as const;

describe.each(FORMATS)('produced files, read back (%s)', (format) => {
  const expectRow = (row: string[]) => (format === 'csv_sjis' ? asShiftJis(row) : row);
  const produce = async (body: object) => {
    const job = await finished((await create({ ...body, format })).id);
    expect(job.status, String(job.error)).toBe('succeeded');
    const file = await download(env.app, await tokenOf(DEMO.staff), 'demo', job.file_key!);
    return { job, file, rows: await rowsOf(format, file.body) };
  };

  it('出欠一覧: one row per person, each conference’s answer, substitute, time, 受付方法/受付日時 and 記録者; protocol order', async () => {
    const { job, file, rows } = await produce({ type: 'attendance', params: { conference_id: fx.mainId } });
    const expected = attendance(staffName);
    expect(rows).toEqual([expected.header, expected.a, expected.b, expected.c].map(expectRow));
    expect(job).toMatchObject({ progress_done: 3, progress_total: 3, replaced_char_count: format === 'csv_sjis' ? 2 : null });
    // Shift_JIS names the cells it changed, so the page can say so before download (issue 15 item 6)
    expect(job.replacements).toEqual(
      format === 'csv_sjis'
        ? [
            { row: 2, column: '事業所名', value: '𠮷野商事株式会社', chars: '𠮷' },
            { row: 2, column: '氏名', value: '𠮷田 一郎', chars: '𠮷' },
          ]
        : null,
    );
    // the two CSV encodings download under different names (issue 15 item 6)
    expect(file.fileName).toMatch(new RegExp(`^出欠一覧_輸出テスト総会_\\d{8}${FILE_ENDINGS[format]}$`));
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('出欠一覧')}`);
  });

  it('出欠一覧 in 五十音順 with 和暦 dates (元年)', async () => {
    const { rows } = await produce({
      type: 'attendance',
      params: { conference_id: fx.mainId, order: 'kana', date_style: 'japanese' },
    });
    expect(rows.map((r) => r[3])).toEqual(['氏名', '安藤 次郎', '髙橋 花子', '𠮷田 一郎'].map((n) => expectRow([n])[0]));
    // 席次 stays the protocol order's
    expect(rows.map((r) => r[0])).toEqual(['席次', '3', '2', '1']);
    // XLSX: real dates (read back as text by readXlsx) in a 和暦 number format; CSV: 和暦 text
    const [a, b] =
      format === 'xlsx' ? ['2019/05/01 10:00', '2019/05/02 09:30'] : ['令和元年5月1日 10:00', '令和元年5月2日 09:30'];
    expect(rows[3][10]).toBe(a);
    expect(rows[2][10]).toBe(b);
    // 受付日時 in the export's date style too
    expect(rows[2][12]).toBe(format === 'xlsx' ? '2019/05/02 08:45' : '令和元年5月2日 08:45');
  });

  it('受付名簿: every invitee in protocol order with 出欠 as recorded, 当日参加 marked, 受付 済 and the time once checked in', async () => {
    const { job, rows } = await produce({ type: 'reception', params: { conference_id: rx.conferenceId } });
    const at = '2031/05/20 10:00';
    expect(rows).toEqual(
      [
        RECEPTION_HEADER,
        [
          '1',
          'EX01',
          '𠮷野商事株式会社',
          '𠮷田 一郎',
          '',
          '本人',
          '出席',
          '𠮷田 一郎',
          'ポータル',
          at,
          PORTAL_USERNAME,
          '済 13:52',
        ],
        ['2', 'EX02', '髙島屋工業', '髙橋 太郎', '専務取締役', '代理', '代理出席', '髙橋 花子', 'FAX', at, staffName, '済 13:41'],
        ['3', 'EX02', '髙島屋工業', '安藤 次郎', '', '随行', '委任状', '安藤 次郎', 'FAX', at, staffName, ''],
        ['4', 'EX02', '髙島屋工業', '上野 未回答', '', '本人', '未回答', '上野 未回答', '', '', '', ''],
        ['5', 'EX01', '𠮷野商事株式会社', '江藤 欠席', '', '本人', '欠席', '江藤 欠席', 'ポータル', at, PORTAL_USERNAME, ''],
        [
          '6',
          'EX01',
          '𠮷野商事株式会社',
          '飛田 当日',
          '',
          '随行（当日参加）',
          '出席',
          '飛田 当日',
          '窓口',
          at,
          staffName,
          '済 14:03',
        ],
      ].map(expectRow),
    );
    expect(job).toMatchObject({ progress_done: 6, progress_total: 6, replaced_char_count: format === 'csv_sjis' ? 5 : null });
  });

  it('受付名簿 before the day: the substitute in place of the member, 受付 blank for every row', async () => {
    const { rows } = await produce({ type: 'reception', params: { conference_id: fx.mainId } });
    expect(rows).toEqual(
      [
        RECEPTION_HEADER,
        [
          '1',
          'EX01',
          '𠮷野商事株式会社',
          '𠮷田 一郎',
          '',
          '本人',
          '出席',
          '𠮷田 一郎',
          'ポータル',
          '2019/05/01 10:00',
          PORTAL_USERNAME,
          '',
        ],
        [
          '2',
          'EX02',
          '髙島屋工業',
          '髙橋 太郎',
          '専務取締役',
          '代理',
          '代理出席',
          '髙橋 花子',
          'FAX（期限後）',
          '2019/05/02 08:45',
          staffName,
          '',
        ],
      ].map(expectRow),
    );
  });

  it('受付名簿 in 五十音順 of the members', async () => {
    const { rows } = await produce({ type: 'reception', params: { conference_id: rx.conferenceId, order: 'kana' } });
    expect(rows.map((r) => [r[0], r[7]])).toEqual(
      [
        ['番号', '会員氏名'],
        ['1', '安藤 次郎'],
        ['2', '上野 未回答'],
        ['3', '江藤 欠席'],
        ['4', '髙橋 花子'],
        ['5', '飛田 当日'],
        ['6', '𠮷田 一郎'],
      ].map(expectRow),
    );
  });

  it('出席者一覧: the people checked in, by check-in time, who came, 区分 and who checked them in', async () => {
    const { job, file, rows } = await produce({ type: 'attendees', params: { conference_id: rx.conferenceId } });
    expect(rows).toEqual(
      [
        ['番号', '受付時刻', '事業所コード', '事業所名', '出席者氏名', '肩書', '区分', '受付者'],
        ['1', '2031/06/01 13:41', 'EX02', '髙島屋工業', '髙橋 太郎', '専務取締役', '代理', 'desk-1'],
        ['2', '2031/06/01 13:52', 'EX01', '𠮷野商事株式会社', '𠮷田 一郎', '', '本人', 'desk-2'],
        ['3', '2031/06/01 14:03', 'EX01', '𠮷野商事株式会社', '飛田 当日', '', '随行（当日参加）', staffName],
      ].map(expectRow),
    );
    expect(job).toMatchObject({
      params: { conference_id: rx.conferenceId, order: 'time', date_style: 'western' },
      progress_done: 3,
      progress_total: 3,
      replaced_char_count: format === 'csv_sjis' ? 3 : null,
    });
    expect(file.fileName).toMatch(new RegExp(`^出席者一覧_受付テスト総会_\\d{8}${FILE_ENDINGS[format]}$`));
  });

  it('出席者一覧 with 和暦 check-in times; none for a conference nobody was checked in at', async () => {
    const { rows } = await produce({ type: 'attendees', params: { conference_id: rx.conferenceId, date_style: 'japanese' } });
    expect(rows.slice(1).map((r) => r[1])).toEqual(
      format === 'xlsx'
        ? ['2031/06/01 13:41', '2031/06/01 13:52', '2031/06/01 14:03']
        : ['令和13年6月1日 13:41', '令和13年6月1日 13:52', '令和13年6月1日 14:03'],
    );
    const { job, rows: none } = await produce({ type: 'attendees', params: { conference_id: fx.mainId } });
    expect(none).toEqual([['番号', '受付時刻', '事業所コード', '事業所名', '出席者氏名', '肩書', '区分', '受付者']]);
    expect(job).toMatchObject({ progress_done: 0, progress_total: 0 });
  });

  it('事業所一覧 by code and in 五十音順; a cell that looks like a formula stays text', async () => {
    const byCode = (await produce({ type: 'companies' })).rows;
    const codes = byCode.slice(1).map((r) => r[0]);
    expect(codes).toEqual([...codes].sort());
    const ex01 = byCode.find((r) => r[0] === 'EX01')!;
    expect(ex01.slice(0, 3)).toEqual(expectRow(['EX01', '𠮷野商事株式会社', 'ヨシノショウジ']));
    // the wave dash U+301C is written as CP932's ～ (same look), not replaced
    expect(ex01[5]).toBe(format === 'csv_sjis' ? '浜松市中央区～町1-1' : '浜松市中央区〜町1-1');
    // CSV: prefixed with ' so Excel does not run it; XLSX: a string cell, never a formula
    expect(byCode.find((r) => r[0] === 'EX02')![5]).toBe(format === 'xlsx' ? '=浜松市' : "'=浜松市");

    const kana = (await produce({ type: 'companies', params: { order: 'kana' } })).rows.map((r) => r[0]);
    expect(kana.indexOf('EX02')).toBeLessThan(kana.indexOf('EX01'));
  });

  it('会員一覧 with 会員ID first (the import matches by it), current positions, in protocol order, 五十音順 and by code', async () => {
    const { job, rows } = await produce({ type: 'members' });
    expect(rows[0]).toEqual([...MEMBER_EXPORT_HEADERS]);
    expect(rows[0]).toEqual([
      '会員ID',
      '事業所コード',
      '事業所名',
      '氏名',
      'フリガナ',
      '肩書',
      'メールアドレス',
      '役職',
      '就任日',
      '退任日',
    ]);
    const names = rows.map((r) => r[3]);
    const [a, b, c] = ['𠮷田 一郎', '髙橋 花子', '安藤 次郎'].map((n) => names.indexOf(expectRow([n])[0]));
    expect(rows[a]).toEqual(
      expectRow([
        String(fx.members.a),
        'EX01',
        '𠮷野商事株式会社',
        '𠮷田 一郎',
        'ヨシダ イチロウ',
        '',
        '',
        '役員 会頭',
        '2019/05/01',
        '',
      ]),
    );
    expect(rows[b][0]).toBe(String(fx.members.b));
    expect(rows[b][7]).toBe('商業部会 部会長');
    // officers first, then the other position types; members without a position last
    expect(a).toBeLessThan(b);
    expect(rows.slice(c).every((r) => r[7] === '')).toBe(true);
    if (format === 'csv_sjis') {
      const replaced = rows.flat().join('').split('〓').length - 1;
      expect(job.replaced_char_count).toBe(replaced);
      expect(replaced).toBeGreaterThanOrEqual(2);
    }

    const kana = (await produce({ type: 'members', params: { order: 'kana' } })).rows.map((r) => r[3]);
    const kanaOf = (n: string) => kana.indexOf(expectRow([n])[0]);
    expect(kanaOf('安藤 次郎')).toBeLessThan(kanaOf('髙橋 花子'));
    expect(kanaOf('髙橋 花子')).toBeLessThan(kanaOf('𠮷田 一郎'));

    const byCode = (await produce({ type: 'members', params: { order: 'code' } })).rows.slice(1).map((r) => r[1]);
    expect(byCode).toEqual([...byCode].sort());
  });

  it('役職一覧: every position, past and current, 役職ID and 会員ID first; its dates read back by the import', async () => {
    const { rows: ids } = await env.app.pool.query<{ id: number; member_id: number; position_name: string }>(
      'select id, member_id, position_name from position where member_id = any($1) order by id',
      [[fx.members.a, fx.members.b, fx.members.c]],
    );
    const idOf = (name: string) => String(ids.find((p) => p.position_name === name)!.id);
    const { job, file, rows } = await produce({ type: 'positions' });
    expect(rows[0]).toEqual([...POSITION_EXPORT_HEADERS]);
    expect(rows[0]).toEqual([
      '役職ID',
      '会員ID',
      '事業所コード',
      '事業所名',
      '氏名',
      '区分',
      '所属',
      '役職名',
      '序列',
      '開始日',
      '終了日',
    ]);
    const mine = rows.filter((r) => ids.some((p) => String(p.id) === r[0]));
    // protocol order: officers (会頭 before the former 副会頭 by 序列), then 部会 by 所属
    expect(mine).toEqual(
      [
        [idOf('会頭'), String(fx.members.a), 'EX01', '𠮷野商事株式会社', '𠮷田 一郎', '役員', '役員', '会頭', '1', '', ''],
        [
          idOf('副会頭'),
          String(fx.members.b),
          'EX02',
          '髙島屋工業',
          '髙橋 花子',
          '役員',
          '役員',
          '副会頭',
          '2',
          '',
          '2025/03/31',
        ],
        [
          idOf('委員'),
          String(fx.members.c),
          'EX02',
          '髙島屋工業',
          '安藤 次郎',
          '部会',
          '工業部会',
          '委員',
          '10',
          '2030/04/01',
          '',
        ],
        [idOf('部会長'), String(fx.members.b), 'EX02', '髙島屋工業', '髙橋 花子', '部会', '商業部会', '部会長', '1', '', ''],
      ].map(expectRow),
    );
    const { rows: count } = await env.app.pool.query<{ n: number }>(
      "select count(*)::int as n from position where cci_code = 'demo'",
    );
    expect(job).toMatchObject({ progress_total: count[0].n });

    // the import reads the same file: the same headers, ids as numbers or text, dates as dates
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kaigi-export-read-'));
    try {
      const saved = path.join(dir, 'f');
      await writeFile(saved, file.body);
      const sheet = await openImportFile(saved, {
        fileName: format === 'xlsx' ? 'a.xlsx' : 'a.csv',
        knownHeaders: POSITION_EXPORT_HEADERS,
        requiredHeaders: ['役職ID'],
      });
      expect(sheet.headers).toEqual([...POSITION_EXPORT_HEADERS]);
      expect(sheet.warnings).toEqual([]);
      let found = 0;
      for await (const { cells } of sheet.rows) {
        if (cellText(cells[0]) !== idOf('副会頭')) continue;
        found += 1;
        expect(cellText(cells[1])).toBe(String(fx.members.b));
        expect(parseImportDate(cells[10])).toEqual({ ok: true, date: '2025-03-31' });
      }
      expect(found).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('XLSX presentation', () => {
  it('has a Japanese sheet name, a styled header that stays in view, and column widths', async () => {
    const job = await finished((await create({ type: 'attendance', format: 'xlsx', params: { conference_id: fx.mainId } })).id);
    const { body } = await download(env.app, await tokenOf(DEMO.staff), 'demo', job.file_key!);
    const { name, worksheet } = await readXlsx(body);
    expect(name).toBe('出欠一覧');
    const header = worksheet.getRow(1).getCell(1);
    expect(header.font?.bold).toBe(true);
    expect(header.fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FF1F4E79' } });
    expect(worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(worksheet.getColumn(3).width).toBe(32);
    expect(worksheet.headerFooter.oddHeader).toContain('輸出テスト総会 出欠一覧');
  });

  it('出欠一覧: 席次 is a number, answer times are Excel date-times in Tokyo wall time (issue 15 item 6)', async () => {
    const read = async (dateStyle: string) => {
      const params = { conference_id: fx.mainId, date_style: dateStyle };
      const job = await finished((await create({ type: 'attendance', format: 'xlsx', params })).id);
      const { body } = await download(env.app, await tokenOf(DEMO.staff), 'demo', job.file_key!);
      return (await readXlsx(body)).worksheet;
    };
    const sheet = await read('western');
    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('K1').value).toBe('輸出テスト総会：回答日時');
    // 2019-05-01 10:00 in Tokyo: Excel has no zone, the serial is the wall time (read back as UTC)
    expect(sheet.getCell('K2').value).toEqual(new Date('2019-05-01T10:00:00Z'));
    expect(sheet.getCell('K2').numFmt).toBe('yyyy/mm/dd hh:mm');
    expect(sheet.getCell('M3').value).toEqual(new Date('2019-05-02T08:45:00Z'));
    expect(sheet.getCell('M3').numFmt).toBe('yyyy/mm/dd hh:mm');
    // not answered: no cell at all
    expect(sheet.getCell('K4').value).toBeNull();

    const japanese = await read('japanese');
    expect(japanese.getCell('K2').value).toEqual(new Date('2019-05-01T10:00:00Z'));
    expect(japanese.getCell('K2').numFmt).toBe('[$-411]ggge"年"m"月"d"日" hh:mm');
  });

  it('出席者一覧: its own sheet name and page title', async () => {
    const job = await finished(
      (await create({ type: 'attendees', format: 'xlsx', params: { conference_id: rx.conferenceId } })).id,
    );
    const { body } = await download(env.app, await tokenOf(DEMO.staff), 'demo', job.file_key!);
    const { name, worksheet } = await readXlsx(body);
    expect(name).toBe('出席者一覧');
    expect(worksheet.headerFooter.oddHeader).toContain('受付テスト総会 出席者一覧（2031/06/01 14:00）');
    expect(worksheet.getColumn(2).width).toBe(18);
    // 受付時刻: a date-time, not text
    expect(worksheet.getCell('B2').value).toEqual(new Date('2031-06-01T13:41:00Z'));
  });
});

describe('POST /v1/cci/{cci_code}/export (spec §7)', () => {
  it('queues a job with its defaults made explicit', async () => {
    const job = await create({ type: 'members', format: 'csv_utf8' }, DEMO.admin);
    expect(job).toMatchObject({
      cci_code: 'demo',
      created_by: await usernameOf(env.app.pool, DEMO.admin),
      type: 'members',
      format: 'csv_utf8',
      params: { order: 'protocol', date_style: 'western' },
      expired: false,
    });
    expect((job.params as { as_of: string }).as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const { rows } = await env.app.pool.query("select action from audit_log where entity = 'export_job' and entity_id = $1", [
      String(job.id),
    ]);
    expect(rows).toEqual([{ action: 'create' }]);
  });

  it.each([
    [{ type: 'agenda', format: 'xlsx' }, 'validation_failed', 'body.type'],
    // issue 35: the 議事録 is Word only, the tables never Word
    [{ type: 'minutes', format: 'xlsx', params: { conference_id: 1 } }, 'unsupported_format', 'body.format'],
    [{ type: 'companies', format: 'docx' }, 'unsupported_format', 'body.format'],
    [{ type: 'companies', format: 'pdf' }, 'validation_failed', 'body.format'],
    [{ type: 'companies', format: 'xlsx', extra: 1 }, 'validation_failed', 'body.extra'],
    [{ type: 'companies', format: 'xlsx', params: { order: 'protocol' } }, 'unsupported_order', 'body.params.order'],
    [{ type: 'attendance', format: 'xlsx' }, 'required', 'body.params.conference_id'],
    [{ type: 'attendees', format: 'xlsx' }, 'required', 'body.params.conference_id'],
    [
      { type: 'attendees', format: 'xlsx', params: { conference_id: 1, order: 'protocol' } },
      'unsupported_order',
      'body.params.order',
    ],
    [{ type: 'companies', format: 'xlsx', params: { conference_id: 1 } }, 'not_allowed', 'body.params.conference_id'],
    [{ type: 'companies', format: 'xlsx', params: { as_of: '2025-04-01' } }, 'not_allowed', 'body.params.as_of'],
    [{ type: 'members', format: 'xlsx', params: { as_of: '0000-01-01' } }, 'validation_failed', 'body.params.as_of'],
    [
      { type: 'reception', format: 'xlsx', params: { conference_id: 2_000_000_000 } },
      'unknown_conference',
      'body.params.conference_id',
    ],
  ])('refuses %j with 400 %s', async (body, code, field) => {
    const res = await call('POST', BASE, DEMO.staff, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a conference of another chamber as unknown', async () => {
    const { rows } = await env.app.pool.query<{ id: number }>(
      `insert into conference (cci_code, name, event_date) values ($1, 'よその会議', now()) returning id`,
      [OTHER_CCI],
    );
    const res = await call('POST', BASE, DEMO.staff, {
      type: 'attendance',
      format: 'xlsx',
      params: { conference_id: rows[0].id },
    });
    expect(res.json()).toMatchObject({ status: 400, code: 'unknown_conference' });
  });
});

describe('GET /v1/cci/{cci_code}/export (filters created_by and status, spec §7)', () => {
  it('filters by creator and status, newest first', async () => {
    const admin = await usernameOf(env.app.pool, DEMO.admin);
    const mine = await create({ type: 'companies', format: 'csv_sjis' }, DEMO.admin);
    await finished(mine.id, DEMO.admin);
    const res = await call('GET', `${BASE}?created_by=${admin}&status=succeeded&page_size=100`, DEMO.staff);
    expect(res.statusCode).toBe(200);
    const data: Job[] = res.json().data;
    expect(data.map((j) => j.id)).toContain(mine.id);
    expect(data.every((j) => j.created_by === admin && j.status === 'succeeded')).toBe(true);
    const created = data.map((j) => j.created_at as string);
    expect(created).toEqual([...created].sort().reverse());

    const failed: Job[] = (await call('GET', `${BASE}?status__in=failed,queued&page_size=100`, DEMO.staff)).json().data;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((j) => ['failed', 'queued'].includes(j.status))).toBe(true);
  });

  it.each(['status=done', 'status__in=queued,done', 'created_by__in=x', 'sort=type', 'page_size=1001'])(
    'refuses ?%s with 400',
    async (query) => {
      expect((await call('GET', `${BASE}?${query}`, DEMO.staff)).statusCode).toBe(400);
    },
  );
});

describe('permissions and tenancy (DESIGN.md §6)', () => {
  let otherJobId: number;
  let ownJob: Job;
  beforeAll(async () => {
    const { rows } = await env.app.pool.query<{ id: number }>(
      `insert into export_job (cci_code, created_by, type, format, params, status, file_key)
       values ($1, 'someone', 'companies', 'xlsx', '{"order":"code","date_style":"western"}', 'succeeded', $2) returning id`,
      [OTHER_CCI, `${OTHER_CCI}/exports/1/事業所一覧.xlsx`],
    );
    otherJobId = rows[0].id;
    ownJob = await finished((await create({ type: 'companies', format: 'xlsx' })).id);
  });

  it('company admins can neither export nor read jobs (403)', async () => {
    expect((await call('POST', BASE, DEMO.companyAdmin, { type: 'companies', format: 'xlsx' })).statusCode).toBe(403);
    expect((await call('GET', BASE, DEMO.companyAdmin)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${ownJob.id}`, DEMO.companyAdmin)).statusCode).toBe(403);
  });

  it('anonymous callers get 401', async () => {
    expect((await call('POST', BASE, null, { type: 'companies', format: 'xlsx' })).statusCode).toBe(401);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/${ownJob.id}`, null)).statusCode).toBe(401);
  });

  it('another chamber’s path is 403; its job and its file are not found (404)', async () => {
    expect((await call('GET', `/v1/cci/${OTHER_CCI}/export`, DEMO.staff)).statusCode).toBe(403);
    expect(
      (await call('POST', `/v1/cci/${OTHER_CCI}/export`, DEMO.admin, { type: 'companies', format: 'xlsx' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `${BASE}/${otherJobId}`, DEMO.staff)).statusCode).toBe(404);
    const path = encodeURIComponent(`${OTHER_CCI}/exports/1/事業所一覧.xlsx`);
    expect((await call('GET', `/v1/cci/demo/common/s3/get_object_url?path=${path}`, DEMO.staff)).statusCode).toBe(404);
    expect((await call('GET', `/v1/cci/${OTHER_CCI}/common/s3/get_object_url?path=${path}`, DEMO.staff)).statusCode).toBe(403);
  });

  it('an unknown id is 404, a malformed one 400', async () => {
    expect((await call('GET', `${BASE}/2000000000`, DEMO.staff)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/abc`, DEMO.staff)).statusCode).toBe(400);
  });

  it('download URLs expire', async () => {
    const signed = (
      await call('GET', `/v1/cci/demo/common/s3/get_object_url?path=${encodeURIComponent(ownJob.file_key!)}`, DEMO.staff)
    ).json();
    expect(Date.parse(signed.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await env.app.inject({ method: 'GET', url: signed.url })).statusCode).toBe(200);
    env.clock.offsetMs = 5 * 60_000 + 1000;
    try {
      const late = await env.app.inject({ method: 'GET', url: signed.url });
      expect(late.statusCode).toBe(403);
      expect(late.json().code).toBe('url_expired');
    } finally {
      env.clock.offsetMs = 0;
    }
  });
});

describe('file expiry (EXPORT_RETENTION_DAYS)', () => {
  it('keeps the file for the retention days, then deletes it; the job stays, marked expired', async () => {
    const job = await finished((await create({ type: 'companies', format: 'csv_utf8' })).id);
    const days = (Date.parse(job.expires_at as string) - Date.parse(job.finished_at as string)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const key = job.file_key!;
    expect(await env.storage.exists(key)).toBe(true);

    await env.app.pool.query("update export_job set expires_at = now() - interval '1 minute' where id = $1", [job.id]);
    const url = `/v1/cci/demo/common/s3/get_object_url?path=${encodeURIComponent(key)}`;
    const gone = await call('GET', url, DEMO.staff);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('export_expired');

    expect(await deleteExpiredExports(env.db, env.storage)).toBeGreaterThanOrEqual(1);
    expect(await env.storage.exists(key)).toBe(false);
    expect((await call('GET', `${BASE}/${job.id}`, DEMO.staff)).json()).toMatchObject({
      status: 'succeeded',
      expired: true,
      file_key: null,
      file_name: null,
    });
    expect((await call('GET', url, DEMO.staff)).statusCode).toBe(410);
  });
});
