import { Type, type Static } from 'typebox';
import { EXPORT_JOB_STATUSES } from '../db/schema.ts';
import { listOf, Nullable } from './common.ts';
import { RowId } from './common.ts';
import { Day } from './member.ts';

/**
 * issue 6: 出欠一覧 (attendance of a conference and its sub-conferences), 受付名簿 (reception list:
 * the attendees of one conference), 事業所一覧 (companies), 会員一覧 (members with current positions);
 * issue 12: コメント一覧 and チャット履歴 of a conference's room; issue 14: 受付名簿 lists every invitee
 * with a 受付 column, and 出席者一覧 (attendees) the people checked in, by check-in time; issue 17:
 * 役職一覧 (positions, past and current, with 役職ID and 会員ID for the import's round trip); issue 34:
 * 採決結果 (votes: every 議案, poll, count and result; a 記名 poll's voters with their choice).
 */
export const EXPORT_TYPES = [
  'attendance',
  'reception',
  'attendees',
  'companies',
  'members',
  'positions',
  'room_comments',
  'room_chat',
  'votes',
  'minutes',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** issue 35: a document, not a table — the 議事録 of a conference as Word (DESIGN.md §12.2). */
export const DOCUMENT_TYPES = ['minutes'] as const satisfies readonly ExportType[];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type TableType = Exclude<ExportType, DocumentType>;
export const isDocumentType = (type: ExportType): type is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(type);

/** XLSX; CSV UTF-8 with BOM (Excel opens it as UTF-8); CSV Shift_JIS (CP932) for older tools. */
export const EXPORT_FORMATS = ['xlsx', 'csv_utf8', 'csv_sjis', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type TableFormat = Exclude<ExportFormat, 'docx'>;

/** The formats each type is made in: tables as XLSX or CSV, the 議事録 as Word. */
const TABLE_FORMATS = ['xlsx', 'csv_utf8', 'csv_sjis'] as const satisfies readonly TableFormat[];
export const formatsOf = (type: ExportType): readonly ExportFormat[] => (isDocumentType(type) ? ['docx'] : TABLE_FORMATS);

/** protocol: seat/protocol order (DESIGN.md §4); kana: 五十音順 (ja-x-icu); code: by company code; time: 発生順. */
export const EXPORT_ORDERS = ['protocol', 'kana', 'code', 'time'] as const;
export type ExportOrder = (typeof EXPORT_ORDERS)[number];

/** The orders each type offers; the first is its default. */
export const ORDERS_BY_TYPE: Readonly<Record<ExportType, readonly ExportOrder[]>> = {
  attendance: ['protocol', 'kana'],
  reception: ['protocol', 'kana'],
  attendees: ['time'],
  companies: ['code', 'kana'],
  members: ['protocol', 'kana', 'code'],
  positions: ['protocol', 'kana', 'code'],
  room_comments: ['time'],
  room_chat: ['time'],
  votes: ['time'],
  minutes: ['time'],
};

/** 西暦 (2025/04/01) or 和暦 (令和7年4月1日, first year 元年). */
export const DATE_STYLES = ['western', 'japanese'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

export const ExportParamsSchema = Type.Object(
  {
    /** attendance, reception, attendees, the room's and the minutes: the conference (attendance includes its sub-conferences) */
    conference_id: Type.Optional(RowId),
    order: Type.Optional(Type.Enum(EXPORT_ORDERS)),
    date_style: Type.Optional(Type.Enum(DATE_STYLES)),
    /** members: members and positions current on this day (default: today, Asia/Tokyo) */
    as_of: Type.Optional(Day),
  },
  { additionalProperties: false },
);

/** POST /v1/cci/{cci_code}/export */
export const ExportCreateSchema = Type.Object(
  {
    type: Type.Enum(EXPORT_TYPES),
    format: Type.Enum(EXPORT_FORMATS),
    params: Type.Optional(ExportParamsSchema),
  },
  { additionalProperties: false },
);
export type ExportCreate = Static<typeof ExportCreateSchema>;

/** The params as stored on the job: defaults filled in, so the job says exactly what it produced. */
export interface ExportJobParams {
  conference_id?: number;
  order: ExportOrder;
  date_style: DateStyle;
  as_of?: string;
}

const DateTime = Type.String({ format: 'date-time' });

/**
 * A cell of a Shift_JIS file in which characters were replaced by 〓 (issue 15 item 6): its row as
 * a spreadsheet numbers it (the header is row 1), its column's header, its text before replacement
 * (shortened around the first replaced character) and the replaced characters.
 */
export const SjisReplacementSchema = Type.Object({
  row: Type.Integer(),
  column: Type.String(),
  value: Type.String(),
  chars: Type.String(),
});
export type SjisReplacement = Static<typeof SjisReplacementSchema>;

export const ExportJobSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  created_by: Type.String(),
  type: Type.Enum(EXPORT_TYPES),
  format: Type.Enum(EXPORT_FORMATS),
  params: Type.Object({
    conference_id: Type.Optional(Type.Integer()),
    order: Type.Enum(EXPORT_ORDERS),
    date_style: Type.Enum(DATE_STYLES),
    as_of: Type.Optional(Type.String()),
  }),
  /** queued → running → succeeded | failed (DESIGN.md §4) */
  status: Type.Enum(EXPORT_JOB_STATUSES),
  /** why the job failed (Japanese, for the user); while a retry is pending, why the last attempt stopped */
  error: Nullable(Type.String()),
  progress_done: Type.Integer(),
  progress_total: Nullable(Type.Integer()),
  /** csv_sjis: characters Shift_JIS cannot encode, replaced by 〓 in the file */
  replaced_char_count: Nullable(Type.Integer()),
  /** csv_sjis: the first cells with replaced characters (at most SJIS_REPLACEMENTS_LISTED), to name them before download */
  replacements: Nullable(Type.Array(SjisReplacementSchema)),
  /** download through GET …/common/s3/get_object_url?path={file_key}; null before success and after expiry */
  file_key: Nullable(Type.String()),
  file_name: Nullable(Type.String()),
  created_at: DateTime,
  started_at: Nullable(DateTime),
  finished_at: Nullable(DateTime),
  expires_at: Nullable(DateTime),
  /** the file has been (or is about to be) deleted: EXPORT_RETENTION_DAYS have passed */
  expired: Type.Boolean(),
});
export type ExportJob = Static<typeof ExportJobSchema>;

export const ExportJobParamsSchema = Type.Object(
  { cci_code: Type.String({ minLength: 1, maxLength: 20 }), id: RowId },
  { additionalProperties: false },
);

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const ExportJobListSchema = listOf(Type.Partial(ExportJobSchema));
