/**
 * XLSX rows, streamed: sheets in tab order, each sheet's XML parsed as it inflates, one row at a
 * time (an 80 000-row file is never held whole: DESIGN.md §9 import budget). exceljs's own
 * streaming reader builds a Row and a styled Cell per value and needs ~450 MB for 80 000 rows, so
 * the sheet XML is read here with saxes instead. Formula cells give their cached value; a merged
 * header's text sits in the merge's first cell (its other columns: xlsx-merges.ts and columns.ts).
 */
import { excelSerialDate, toImportValue } from './cells.ts';
import { ImportFileError } from './errors.ts';
import { cellCounter, cellLength, MAX_ROW_CHARS, rowTooLong } from './limits.ts';
import { importReadMessages } from './messages.ts';
import type { ImportValue, RawRow } from './types.ts';
import { readDateStyles, readSharedStrings, readWorkbook, unescapeExcel } from './xlsx-parts.ts';
import { columnOf } from './xlsx-merges.ts';
import { parseXml } from './xml.ts';
import { openXlsxZip } from './zip-guard.ts';

export async function* xlsxRows(filePath: string, maxColumns: number): AsyncGenerator<RawRow> {
  const zip = await openXlsxZip(filePath);
  const { sheets, date1904 } = await readWorkbook(zip);
  const dateStyles = await readDateStyles(zip);
  const shared = await readSharedStrings(zip);
  for (const [sheet, { name, path }] of sheets.entries()) {
    let row = 0;
    let values: ImportValue[] = [];
    let cell = { col: 0, style: 0, type: '' };
    let text: string[] | null = null; // the <v> or inline <t> being read
    let v: string | null = null;
    let inline: string[] = [];
    let inPhonetic = false;
    let rowChars = 0;
    const cellChars = cellCounter(() => row);
    yield* parseXml<RawRow>(zip.text(path), {
      open(tag, a) {
        if (tag === 'row') {
          row = a.r ? Number(a.r) : row + 1;
          values = [];
          rowChars = 0;
        } else if (tag === 'c') {
          const col = a.r ? columnOf(a.r) : values.length + 1;
          if (col > maxColumns) {
            throw new ImportFileError('import_too_many_columns', importReadMessages.import_too_many_columns(maxColumns));
          }
          cell = { col, style: Number(a.s ?? 0), type: a.t ?? 'n' };
          [v, inline] = [null, []];
          cellChars.reset();
        } else if (tag === 'v') text = [];
        else if (tag === 'rPh') inPhonetic = true;
        else if (tag === 't' && !inPhonetic) text = [];
      },
      text(t) {
        if (!text) return;
        cellChars.add(t);
        text.push(t);
      },
      close(tag, out) {
        if (tag === 'v' && text) [v, text] = [text.join(''), null];
        else if (tag === 't' && text) [inline, text] = [[...inline, ...text], null];
        else if (tag === 'rPh') inPhonetic = false;
        else if (tag === 'c') {
          while (values.length < cell.col - 1) values.push(null);
          const value = toImportValue(cellValue(cell.type, v, inline, dateStyles[cell.style] ?? false));
          if ((rowChars += cellLength(value, row)) > MAX_ROW_CHARS) throw rowTooLong(row);
          values.push(value);
        } else if (tag === 'row') out.push({ sheet, sheetName: name, row, values });
      },
    });
  }

  function cellValue(type: string, v: string | null, inline: string[], isDate: boolean): unknown {
    switch (type) {
      case 's':
        return v === null ? null : shared[Number(v)];
      case 'inlineStr':
        return unescapeExcel(inline.join(''));
      case 'str':
      case 'e':
        return v === null ? null : unescapeExcel(v);
      case 'b':
        return v === null ? null : v === '1';
      case 'd':
        return v === null ? null : new Date(v);
      default: {
        if (v === null || v.trim() === '') return null;
        const n = Number(v);
        return (isDate && excelSerialDate(n, date1904)) || n;
      }
    }
  }
}
