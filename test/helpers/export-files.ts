/** Reading produced export files back, as a user's spreadsheet program would (issue 6 tests). */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { FastifyInstance } from 'fastify';
import { bearer } from './app.ts';

/** Waits until `read` returns something truthy (polling), or fails after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** GET get_object_url for `key`, then the URL itself: the downloaded bytes and headers. */
export async function download(app: FastifyInstance, token: string, cciCode: string, key: string) {
  const signed = await app.inject({
    method: 'GET',
    url: `/v1/cci/${cciCode}/common/s3/get_object_url?path=${encodeURIComponent(key)}`,
    headers: bearer(token),
  });
  if (signed.statusCode !== 200) throw new Error(`get_object_url ${signed.statusCode}: ${signed.body}`);
  const file = await app.inject({ method: 'GET', url: signed.json().url });
  if (file.statusCode !== 200) throw new Error(`download ${file.statusCode}: ${file.body}`);
  return { body: file.rawPayload, headers: file.headers, fileName: signed.json().file_name as string };
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

export const decodeUtf8Bom = (body: Buffer): string => {
  if (body[0] !== 0xef || body[1] !== 0xbb || body[2] !== 0xbf) throw new Error('no UTF-8 byte-order mark');
  return body.subarray(3).toString('utf8');
};

export const decodeSjis = (body: Buffer): string => iconv.decode(body, 'cp932');

export interface Sheet {
  name: string;
  rows: string[][];
  worksheet: ExcelJS.Worksheet;
}

/**
 * A date cell as the western text a spreadsheet shows: Excel dates carry no zone, so the Date's UTC
 * fields are the wall time the file holds (YYYY/MM/DD, with HH:mm when its format shows a time).
 */
function dateText(value: Date, numFmt: string | undefined): string {
  const iso = value.toISOString();
  const day = iso.slice(0, 10).replaceAll('-', '/');
  return numFmt?.includes('h') ? `${day} ${iso.slice(11, 16)}` : day;
}

/** The first sheet, every cell as text ('' for empty; dates as dateText), like the CSV rows. */
export async function readXlsx(body: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const worksheet = workbook.worksheets[0];
  const width = worksheet.columnCount;
  const rows: string[][] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) {
      const cell = row.getCell(c);
      const v = cell.value;
      cells.push(v === null || v === undefined ? '' : v instanceof Date ? dateText(v, cell.numFmt) : String(v));
    }
    rows.push(cells);
  });
  return { name: worksheet.name, rows, worksheet };
}

/** The rows of any export format, decoded as its format says. */
export async function rowsOf(format: string, body: Buffer): Promise<string[][]> {
  if (format === 'xlsx') return (await readXlsx(body)).rows;
  return parseCsv(format === 'csv_sjis' ? decodeSjis(body) : decodeUtf8Bom(body));
}
