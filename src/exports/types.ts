/**
 * Export jobs (issue 6; DESIGN.md §4): the record shape from the OpenAPI document (the generated
 * src/api/schema.d.ts) and the choices of the export dialog. The constants below copy
 * server/schemas/export.ts, and exports.test.tsx checks that they still agree with it.
 */
import type { ExportCreate, ExportJob } from '../api/schema';

type ExportParams = NonNullable<ExportCreate['params']>;
export type ExportType = ExportCreate['type'];
export type ExportFormat = ExportCreate['format'];
export type ExportOrder = NonNullable<ExportParams['order']>;
export type DateStyle = NonNullable<ExportParams['date_style']>;
export type { ExportCreate, ExportJob };
export type ExportJobStatus = ExportJob['status'];

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
] as const satisfies readonly ExportType[];
export const EXPORT_FORMATS = ['xlsx', 'csv_utf8', 'csv_sjis', 'docx'] as const satisfies readonly ExportFormat[];
/** What the export dialog offers: the tables' formats (the 議事録's Word file is made from its own tab). */
export const TABLE_FORMATS = ['xlsx', 'csv_utf8', 'csv_sjis'] as const satisfies readonly ExportFormat[];
export const DATE_STYLES = ['western', 'japanese'] as const satisfies readonly DateStyle[];
export const EXPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const satisfies readonly ExportJobStatus[];

/** The orders each type offers; the first is its default (server ORDERS_BY_TYPE). */
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

/** The types that export one conference (params.conference_id). */
export const CONFERENCE_TYPES: readonly ExportType[] = [
  'attendance',
  'reception',
  'attendees',
  'room_comments',
  'room_chat',
  'votes',
  'minutes',
];

export const isConferenceType = (type: ExportType) => CONFERENCE_TYPES.includes(type);

/** A job still being worked on: the exports page polls while one is shown. */
export const isActive = (job: Pick<ExportJob, 'status'> | undefined) => job?.status === 'queued' || job?.status === 'running';

/** A file the user can download now. */
export const isDownloadable = <J extends Pick<ExportJob, 'status' | 'file_key' | 'expired'>>(
  job: J,
): job is J & { file_key: string } => job.status === 'succeeded' && !!job.file_key && !job.expired;

export interface ExportChoices {
  type: ExportType;
  format: ExportFormat;
  order: ExportOrder;
  date_style: DateStyle;
  /** members: YYYY-MM-DD */
  as_of?: string;
  /** attendance, reception, attendees, the room's and the minutes */
  conference_id?: number;
}

/** POST /v1/cci/{cci_code}/export: { type, format, params } with only the params the type takes. */
export const exportBody = (choices: ExportChoices): ExportCreate => ({
  type: choices.type,
  format: choices.format,
  params: {
    ...(isConferenceType(choices.type) && choices.conference_id !== undefined ? { conference_id: choices.conference_id } : {}),
    order: choices.order,
    date_style: choices.date_style,
    ...(choices.type === 'members' && choices.as_of ? { as_of: choices.as_of } : {}),
  },
});
