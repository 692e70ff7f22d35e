/**
 * The fixed parts of an export's XLSX package (ECMA-376 SpreadsheetML): one worksheet with a styled
 * header row that stays in view and filters, column widths, A4 landscape fitted to the page width,
 * the header row repeated on every printed page and the title in the page header.
 * Why these are written by hand rather than by exceljs: docs/decisions/0007-xlsx-writer.md.
 */
import type { DateStyle } from '../../schemas/export.ts';
import type { SheetSpec } from './types.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style ids in styles.xml's cellXfs: 0 the data cells, 1 the header row, 2 date-times, 3 dates. */
export const HEADER_STYLE_ID = 1;
export const DATE_TIME_STYLE_ID = 2;
export const DATE_STYLE_ID = 3;

/**
 * Number formats of date cells (issue 15 item 6: real Excel dates, not text), in the export's date
 * style: spec §9's YYYY/MM/DD (HH:mm), or 和暦 through Excel's Japanese-calendar locale [$-411]
 * (gg: era, e: year of the era; Excel writes the first year 1, not 元, in a number format).
 */
const DATE_FORMATS: Readonly<Record<DateStyle, { dateTime: string; date: string }>> = {
  western: { dateTime: 'yyyy/mm/dd hh:mm', date: 'yyyy/mm/dd' },
  japanese: { dateTime: '[$-411]ggge"年"m"月"d"日" hh:mm', date: '[$-411]ggge"年"m"月"d"日"' },
};

/**
 * What text cannot hold as it is: markup characters, a carriage return (which XML would turn into a
 * line feed), and what XML 1.0 cannot carry at all (C0 controls other than tab, line feed, CR).
 */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const UNSAFE = /[&<>"\r\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text as XML character data (also safe inside double-quoted attributes); unwritable characters dropped. */
export const xmlText = (text: string): string => text.replace(UNSAFE, (c) => ENTITIES[c] ?? '');

/** A1-style column letters: 1 → A, 26 → Z, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A sheet name inside a formula: quoted, a quote inside doubled. */
const sheetRef = (name: string) => `'${name.replaceAll("'", "''")}'`;

/** Excel's print header/footer codes: &C centre, &P page, &N pages; a literal & is written &&. */
const headerText = (title: string) => `&C${title.replaceAll('&', '&&')}`;

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

/** A relationships part: rId1, rId2… in the order given. */
const relationships = (targets: [type: string, target: string][]) =>
  XML_HEAD +
  `<Relationships xmlns="${PACKAGE_REL_NS}">` +
  targets.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${type}" Target="${target}"/>`).join('') +
  '</Relationships>';

const PACKAGE_RELS = relationships([
  [`${REL_NS}/officeDocument`, 'xl/workbook.xml'],
  ['http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml'],
]);

const WORKBOOK_RELS = relationships([
  [`${REL_NS}/worksheet`, 'worksheets/sheet1.xml'],
  [`${REL_NS}/styles`, 'styles.xml'],
]);

/** 游ゴシック 11 pt, Excel's own default for Japanese; the header bold white on dark blue, ruled below. */
const FONT = '<sz val="11"/><name val="游ゴシック"/><family val="3"/><charset val="128"/>';
function styles(dateStyle: DateStyle): string {
  const formats = DATE_FORMATS[dateStyle];
  return (
    XML_HEAD +
    `<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="2"><numFmt numFmtId="164" formatCode="${xmlText(formats.dateTime)}"/>` +
    `<numFmt numFmtId="165" formatCode="${xmlText(formats.date)}"/></numFmts>` +
    `<fonts count="2"><font>${FONT}</font><font><b/><color rgb="FFFFFFFF"/>${FONT}</font></fonts>` +
    '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
    '<fill><patternFill patternType="solid"><fgColor rgb="FF1F4E79"/><bgColor indexed="64"/></patternFill></fill></fills>' +
    '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
    '<border><left/><right/><top/><bottom style="thin"><color rgb="FF000000"/></bottom><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1">' +
    '<alignment horizontal="center" vertical="center" wrapText="1"/></xf>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="標準" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

function workbook(sheet: SheetSpec): string {
  const name = xmlText(sheet.sheetName);
  const ref = xmlText(sheetRef(sheet.sheetName));
  const lastColumn = columnLetters(sheet.columns.length);
  return (
    XML_HEAD +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>` +
    '<definedNames>' +
    `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${ref}!$A$1:$${lastColumn}$1</definedName>` +
    `<definedName name="_xlnm.Print_Titles" localSheetId="0">${ref}!$1:$1</definedName>` +
    '</definedNames>' +
    '</workbook>'
  );
}

function coreProperties(sheet: SheetSpec, now: Date): string {
  const stamp = `${now.toISOString().slice(0, 19)}Z`;
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlText(sheet.title)}</dc:title><dc:creator>Kaigi</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

/** Every part but the worksheet, in package order: [zip entry name, content]. */
export function packageParts(sheet: SheetSpec, now: Date): [string, string][] {
  return [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', PACKAGE_RELS],
    ['docProps/core.xml', coreProperties(sheet, now)],
    ['xl/workbook.xml', workbook(sheet)],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/styles.xml', styles(sheet.dateStyle ?? 'western')],
  ];
}

/** The worksheet up to and including `<sheetData>` (the schema fixes the order of its elements). */
export function worksheetHead(sheet: SheetSpec): string {
  const cols = sheet.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="18"/>' +
    `<cols>${cols}</cols>` +
    '<sheetData>'
  );
}

/** The worksheet after its last row: filter on the header, margins, A4 landscape one page wide, page header and footer. */
export function worksheetTail(sheet: SheetSpec): string {
  return (
    '</sheetData>' +
    `<autoFilter ref="A1:${columnLetters(sheet.columns.length)}1"/>` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>' +
    `<headerFooter><oddHeader>${xmlText(headerText(sheet.title))}</oddHeader><oddFooter>&amp;C&amp;P / &amp;N</oddFooter></headerFooter>` +
    '</worksheet>'
  );
}
