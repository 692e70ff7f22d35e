/**
 * The 議事録 as Word (DESIGN.md §12.2, issue 35): A4 portrait, 明朝, the standard Japanese layout —
 * the title, the numbered items (日時 … 閉会) from access/minutes-text.ts, the closing formula and
 * the 議長 and two 議事録署名人 signature lines with their seal (印) place. Built with `docx`; the
 * latest version (a draft says 案, a final one its 版 and SHA-256, checked here against the content).
 */
import {
  AlignmentType,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  TabStopType,
  TextRun,
  type IRunOptions,
} from 'docx';
import type { MinutesContent, MinutesPerson } from '../../schemas/minutes.ts';
import { contentFromRecord } from '../../lib/minutes/content.ts';
import { readMeetingRecord } from '../../lib/minutes/record.ts';
import {
  CLOSING_FORMULA,
  SEAL,
  SIGNING_DATE,
  itemHeading,
  minutesSections,
  minutesTitle,
  signatures,
} from '../../../access/minutes-text.ts';
import { ExportInputError, type SourceContext } from '../sources/types.ts';
import type { ExportDocument } from './types.ts';

/** A4 in twentieths of a point (210 × 297 mm) and the margins 議事録 are bound with (30 / 25 mm). */
const A4 = { width: 11906, height: 16838 };
const MARGIN = { top: 1701, bottom: 1418, left: 1701, right: 1418 };
const FONT = { ascii: 'Century', hAnsi: 'Century', eastAsia: 'ＭＳ 明朝' };
const SIZE = 21; // 10.5 pt, Word's Japanese default

const run = (text: string, opts: Omit<IRunOptions, 'text'> = {}) => new TextRun({ text, ...opts });
const line = (
  text: string,
  opts: { indent?: number; bold?: boolean; center?: boolean; size?: number; after?: number; keepNext?: boolean } = {},
) =>
  new Paragraph({
    keepNext: opts.keepNext,
    alignment: opts.center ? AlignmentType.CENTER : AlignmentType.LEFT,
    indent: opts.indent ? { left: opts.indent } : undefined,
    spacing: { after: opts.after ?? 60 },
    children: [run(text, { bold: opts.bold, size: opts.size })],
  });

/** 「議長\u3000\u3000氏名\u3000＿＿＿＿＿＿\u3000印」: the name typed, a line to sign on and the seal's place. */
function signatureLine({ role, person }: { role: string; person: MinutesPerson | null }, keepNext: boolean): Paragraph {
  return new Paragraph({
    keepNext,
    spacing: { before: 360, after: 120 },
    indent: { left: 2400 },
    tabStops: [
      { type: TabStopType.LEFT, position: 4600 },
      { type: TabStopType.RIGHT, position: 8700 },
    ],
    children: [
      run(role),
      new TextRun({ children: [new Tab(), person?.name ?? '', new Tab()] }),
      run('　'.repeat(10), { underline: {} }),
      run(`\u3000${SEAL}`),
    ],
  });
}

export function minutesDocx(
  content: MinutesContent,
  meta: { version: number; status: string; sha256: string | null },
): Promise<Buffer> {
  const children: Paragraph[] = [
    line(minutesTitle(content, meta.status === 'draft'), { center: true, bold: true, size: 32, after: 120 }),
    line(`第${meta.version}版${meta.status === 'final' ? '' : '（未確定）'}`, { center: true, after: 360 }),
  ];
  minutesSections(content).forEach((section, i) => {
    children.push(line(itemHeading(i, section.heading), { bold: true, after: 40 }));
    for (const text of section.lines) children.push(line(text, { indent: 420 }));
    children.push(new Paragraph({ spacing: { after: 120 }, children: [] }));
  });
  children.push(
    // the formula, the date and the three signatures stay on one page
    line(CLOSING_FORMULA, { after: 240, keepNext: true }),
    line(SIGNING_DATE, { indent: 420, after: 240, keepNext: true }),
    ...signatures(content).map((s, i, all) => signatureLine(s, i < all.length - 1)),
  );
  const footerText = meta.sha256 ? `第${meta.version}版\u3000SHA-256: ${meta.sha256}` : `第${meta.version}版（案）`;
  const document = new Document({
    creator: 'Kaigi',
    title: `${content.conference.name} 議事録`,
    styles: { default: { document: { run: { font: FONT, size: SIZE } } } },
    sections: [
      {
        properties: { page: { size: A4, margin: MARGIN } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: ['- ', PageNumber.CURRENT, ' -'], size: 18 })],
              }),
              new Paragraph({ alignment: AlignmentType.CENTER, children: [run(footerText, { size: 14 })] }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

/**
 * Export type `minutes`: the conference's latest version (or, none saved yet, the draft the record
 * gives). A final version's content must still hash to its SHA-256 (the table's check keeps it so;
 * the file says nothing it cannot prove).
 */
export async function minutesDocument(ctx: SourceContext): Promise<ExportDocument> {
  const { rows } = await ctx.client.query<{
    version: number;
    status: string;
    sha256: string | null;
    intact: boolean | null;
    content: MinutesContent;
  }>(
    `select version, status, sha256, content, sha256 = encode(sha256(convert_to(content::text, 'UTF8')), 'hex') as intact
       from minutes where cci_code = $1 and conference_id = $2 order by version desc limit 1`,
    [ctx.cciCode, ctx.params.conference_id],
  );
  const saved = rows[0];
  if (saved && saved.status === 'final' && !saved.intact)
    throw new ExportInputError('確定した議事録の内容がSHA-256と一致しません。');
  const record = saved ? null : await readMeetingRecord(ctx.client, ctx.cciCode, ctx.params.conference_id!);
  if (!saved && !record) throw new ExportInputError('指定された会議が見つかりません（削除された可能性があります）。');
  const content = saved?.content ?? contentFromRecord(record!);
  return {
    fileLabel: `議事録_${content.conference.name}${saved?.status === 'final' ? `_第${saved.version}版` : '_案'}`,
    render: () => minutesDocx(content, saved ?? { version: 1, status: 'draft', sha256: null }),
  };
}
