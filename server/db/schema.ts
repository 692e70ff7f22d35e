/**
 * Kaigi database schema (DESIGN.md §4). drizzle-orm pg-core.
 *
 * Conventions
 * - TypeScript property names equal the SQL column names (snake_case), so selected rows map 1:1
 *   onto the API's JSON field names (`company_code`, `event_date`, …).
 * - Every business row carries `cci_code` (tenant, FK → chamber). Ids are `integer generated
 *   always as identity` (audit_log: bigserial).
 * - Editable entities carry `version` (optimistic locking) and created_at/by, updated_at/by.
 * - `name_kana` columns use COLLATE "ja-x-icu" (五十音順); code columns use COLLATE "C" so
 *   `…__startswith` filters can use the btree indexes.
 * - `search_text` holds normalizeSearchText() of name/kana/code; a GIN index over
 *   `(cci_code, kaigi_bigrams(search_text))` (btree_gin; kaigi_bigrams is the function of migrations
 *   0000 and 0012) serves keyword terms of ≥ 2 characters within a chamber. Build keyword
 *   conditions with `keywordCondition()` below, beside `cci_code = …`, so the query matches the
 *   index.
 */
import { and, relations, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { searchTerms } from './normalize.ts';
import type { MinutesContent } from '../schemas/minutes.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations (single source for check constraints and API schemas)
// ---------------------------------------------------------------------------------------------
export const USER_TYPES = ['CCI_ADMIN', 'CCI_CONFERENCE_USER', 'COMPANY_ADMIN'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const POSITION_TYPES = [
  'CCI_OFFICER',
  'CCI_SECTION',
  'CCI_BRANCH',
  'CCI_COMMITTEE',
  'CCI_WOMEN_ASSOCIATION',
  'CCI_YOUTH_DIVISION',
] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

export const CONFERENCE_STATUSES = ['draft', 'published', 'closed', 'held', 'cancelled'] as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUSES)[number];

export const CONFERENCE_MEMBER_CATEGORIES = ['principal', 'substitute', 'companion'] as const;
export type ConferenceMemberCategory = (typeof CONFERENCE_MEMBER_CATEGORIES)[number];

export const ANSWER_CONTENTS = ['attend', 'absent', 'proxy_attend', 'delegate'] as const;
export type AnswerContent = (typeof ANSWER_CONTENTS)[number];

/** DESIGN.md §11.2: how an answer reached the chamber; portal answers are `portal`. */
export const ANSWER_CHANNELS = ['portal', 'fax', 'phone', 'email', 'counter', 'paper'] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

/** DESIGN.md §11.2 outbox: what caused a message. */
export const NOTIFICATION_KINDS = ['invitation', 'reminder', 'change', 'cancel', 'receipt', 'manual'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * scheduled (reminders, until their time) → queued → sending (claimed by a worker) → sent | failed;
 * skipped: never sent, with why in `error` (no address, nothing unanswered, deadline passed).
 */
export const NOTIFICATION_STATUSES = ['scheduled', 'queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * 定足数 settings (DESIGN.md §11.3): the basis is the invited principals or a fixed number (such as the
 * chamber's 議員定数); the threshold numerator/denominator with `more_than` (過半数 = more_than 1/2) or
 * `at_least` (2/3 以上 = at_least 2/3); whether 委任状 count as present.
 */
export interface QuorumSettings {
  basis: 'invited_principals' | number;
  numerator: number;
  denominator: number;
  rule: 'more_than' | 'at_least';
  count_delegates: boolean;
}

/**
 * 議案 and 採決 (DESIGN.md §12.1, issue 34). A motion's rule: adopted when the 賛成 pass
 * numerator/denominator (`more_than` 過半数, `at_least` 3分の2以上) of the basis — the voters present
 * (出席, 書面 and 委任状 count as present) or every vote there is (議決権総数) — with its own quorum, or
 * the conference's when null. The quorum's `rule` defaults to `at_least` (decision 0026).
 */
export interface MotionRule {
  basis: 'present' | 'entitled';
  numerator: number;
  denominator: number;
  rule: 'more_than' | 'at_least';
  quorum: { numerator: number; denominator: number; rule?: 'more_than' | 'at_least' } | null;
}
/** 普通決議: more than half of the voters present, under the conference's own quorum. */
export const ORDINARY_RESOLUTION: MotionRule = {
  basis: 'present',
  numerator: 1,
  denominator: 2,
  rule: 'more_than',
  quorum: null,
};
export const MOTION_STATUSES = ['draft', 'open', 'closed', 'declared'] as const;
export type MotionStatus = (typeof MOTION_STATUSES)[number];
export const MOTION_RESULTS = ['adopted', 'rejected'] as const;
export type MotionResult = (typeof MOTION_RESULTS)[number];

/** 議事録 (DESIGN.md §12.2): a draft is edited; a final version is frozen. */
export const MINUTES_STATUSES = ['draft', 'final'] as const;
export type MinutesStatus = (typeof MINUTES_STATUSES)[number];
export const POLL_METHODS = ['show_of_hands', 'roll_call', 'secret'] as const;
export type PollMethod = (typeof POLL_METHODS)[number];
export const POLL_STATUSES = ['open', 'closed'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];
export const VOTE_CHOICES = ['yes', 'no', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];
/** How a principal's vote is cast in a poll, frozen at opening: in person, by 書面議決, by 委任状. */
export const VOTER_KINDS = ['present', 'written', 'delegated'] as const;
export type VoterKind = (typeof VOTER_KINDS)[number];

/** A poll's voters at opening (DESIGN.md §12.1); `total`: the invited principals (議決権総数). */
export interface PollEntitled {
  total: number;
  present: number;
  written: number;
  delegated: number;
}
/** A closed poll's tally; written and delegated are the 書面 and 委任状 votes inside yes/no/abstain. */
export interface PollCounts {
  yes: number;
  no: number;
  abstain: number;
  not_voted: number;
  written: number;
  delegated: number;
}

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** DESIGN.md §11.4: what an import brings in, and the life of an import_job (as an export_job's). */
export const IMPORT_TYPES = ['companies', 'members', 'positions'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const IMPORT_JOB_STATUSES = EXPORT_JOB_STATUSES;
export type ImportJobStatus = ExportJobStatus;

export const MASTER_TYPE_POSITION_TYPE = 'cci_position_type';
export const MASTER_TYPE_CONFERENCE_TEMPLATE = 'CCI_CONFERENCE_TEMPLATE';

/** `'a', 'b'` list for a check constraint (values are compile-time constants, never user input). */
function sqlList(values: readonly string[]): SQL {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}

// ---------------------------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------------------------
/** text with the ICU Japanese collation (五十音順 ordering of kana). */
export const jaText = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'text COLLATE "ja-x-icu"';
  },
});

/** text with the C collation: byte order, lets LIKE 'prefix%' use btree indexes. */
export const codeText = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'text COLLATE "C"';
  },
});

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const cciCode = () =>
  codeText('cci_code')
    .notNull()
    .references(() => chamber.cci_code);

/** version + created/updated stamps of every editable entity. */
const editable = () => ({
  version: integer('version').notNull().default(1),
  created_at: tstz('created_at').notNull().defaultNow(),
  created_by: text('created_by').notNull().default('system'),
  updated_at: tstz('updated_at').notNull().defaultNow(),
  updated_by: text('updated_by').notNull().default('system'),
});

// ---------------------------------------------------------------------------------------------
// JSON shapes
// ---------------------------------------------------------------------------------------------
export interface CompanyAttributes {
  name1?: string;
  name_kana?: string;
  email?: string | null;
  admin_changed_info_flag?: '0' | '1';
  representative?: string;
  postal_code?: string;
  address?: string;
  phone?: string;
  [key: string]: unknown;
}

export interface Attachment {
  key: string;
  name: string;
  size: number;
}

export interface InviteeRule {
  position_type: PositionType;
  department_name?: string;
  position_names?: string[];
}

export interface SubConferenceTemplate {
  name: string;
  place?: string;
  /** offset from the parent's start, minutes */
  start_offset_minutes?: number;
  duration_minutes?: number;
  description?: string;
  /** who a sub-conference created from the template invites; absent: the parent's rules */
  invitee_rules?: InviteeRule[];
}

export interface ConferenceTemplateBody {
  place?: string;
  /** 'HH:mm' local (Asia/Tokyo) */
  start_time?: string;
  end_time?: string;
  /** days before the event */
  answer_deadline_days_before?: number;
  description?: string;
  answer_choices?: AnswerContent[];
  allow_delegate?: boolean;
  sub_conferences?: SubConferenceTemplate[];
  invitee_rules?: InviteeRule[];
  /** 議案 a conference made from the template starts with, as drafts (issue 34) */
  motions?: MotionTemplate[];
  [key: string]: unknown;
}

/** A 議案 of a conference template (schemas/motion.ts MotionTemplateSchema). */
export interface MotionTemplate {
  number: string;
  title: string;
  body?: string | null;
  rule?: MotionRule;
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------
export const chamber = pgTable('chamber', {
  cci_code: codeText('cci_code').primaryKey(),
  name: text('name').notNull(),
  name_kana: jaText('name_kana'),
  /** Contact lines under the chamber's name in the signature of its mail (issue 13): address, phone, e-mail. */
  mail_contact: text('mail_contact'),
  /**
   * The name in the From header of every message of the chamber (issue 33); the address stays
   * MAIL_FROM's, the verified sending domain. Null: the chamber's name.
   */
  mail_sender_name: text('mail_sender_name'),
  /** Reply-To of every message: the chamber's contact address, so a member's reply reaches it (issue 33). */
  mail_reply_to: text('mail_reply_to'),
  ...editable(),
});

export const company = pgTable(
  'company',
  {
    id: id(),
    cci_code: cciCode(),
    company_code: codeText('company_code').notNull(),
    attributes: jsonb('attributes').$type<CompanyAttributes>().notNull().default({}),
    /** attributes.name1, kept by PostgreSQL (read-only) for sorting */
    name1: text('name1').generatedAlwaysAs(sql`(attributes ->> 'name1')`),
    /** attributes.name_kana, kept by PostgreSQL (read-only), ja-x-icu collation for 五十音順 */
    name_kana: jaText('name_kana').generatedAlwaysAs(sql`(attributes ->> 'name_kana')`),
    /** 入会日: the day the company joined the chamber, kept by the chamber (issue 33) */
    joined_on: day('joined_on'),
    search_text: text('search_text').notNull().default(''),
    ...editable(),
  },
  (t) => [
    unique('company_cci_code_company_code_key').on(t.cci_code, t.company_code),
    // one code whatever its case and width, whoever writes (migration 0008, docs/decisions/0012)
    uniqueIndex('company_cci_code_folded_code_key').on(t.cci_code, sql`upper(normalize(${t.company_code}, NFKC))`),
    index('company_cci_code_id_idx').on(t.cci_code, t.id),
    index('company_cci_code_name_kana_idx').on(t.cci_code, t.name_kana),
    // btree_gin: the chamber and the bigrams in one GIN index (keywordCondition; migration 0003)
    index('company_cci_code_search_bigrams_idx').using('gin', t.cci_code, sql`kaigi_bigrams(${t.search_text})`),
  ],
);

/**
 * Companies per chamber, kept by statement-level triggers on company in the same transaction as the
 * insert, delete or truncate (migration 0010): the unfiltered companies list reads its exact total
 * here instead of counting every row per request (issue 16 "Past the floor").
 */
export const company_count = pgTable('company_count', {
  cci_code: codeText('cci_code').primaryKey(),
  n: integer('n').notNull(),
});

export const member = pgTable(
  'member',
  {
    id: id(),
    cci_code: cciCode(),
    company_id: integer('company_id')
      .notNull()
      .references(() => company.id),
    company_code: codeText('company_code').notNull(),
    name: text('name').notNull(),
    name_kana: jaText('name_kana'),
    title: text('title'),
    email: text('email'),
    start_at: day('start_at'),
    end_at: day('end_at'),
    search_text: text('search_text').notNull().default(''),
    ...editable(),
  },
  (t) => [
    index('member_cci_code_company_code_idx').on(t.cci_code, t.company_code),
    index('member_company_id_idx').on(t.company_id),
    index('member_cci_code_id_idx').on(t.cci_code, t.id),
    index('member_cci_code_name_kana_idx').on(t.cci_code, t.name_kana),
    index('member_cci_code_search_bigrams_idx').using('gin', t.cci_code, sql`kaigi_bigrams(${t.search_text})`),
  ],
);

export const position = pgTable(
  'position',
  {
    id: id(),
    cci_code: cciCode(),
    member_id: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    position_type: text('position_type').notNull(),
    department_name: text('department_name'),
    position_name: text('position_name'),
    /** protocol order: smaller first */
    rank: integer('rank').notNull().default(0),
    start_at: day('start_at'),
    end_at: day('end_at'),
    ...editable(),
  },
  (t) => [
    check('position_position_type_check', sql`${t.position_type} in (${sqlList(POSITION_TYPES)})`),
    index('position_member_id_idx').on(t.member_id),
    index('position_cci_code_type_department_idx').on(t.cci_code, t.position_type, t.department_name),
  ],
);

export const master_data = pgTable(
  'master_data',
  {
    id: id(),
    cci_code: cciCode(),
    master_type_code: codeText('master_type_code').notNull(),
    master_code: codeText('master_code').notNull(),
    name: text('name').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    ...editable(),
  },
  (t) => [unique('master_data_cci_code_type_code_key').on(t.cci_code, t.master_type_code, t.master_code)],
);

export const conference_template = pgTable(
  'conference_template',
  {
    id: id(),
    cci_code: cciCode(),
    conference_template_code: codeText('conference_template_code').notNull(),
    name: text('name').notNull(),
    default_body: jsonb('default_body').$type<ConferenceTemplateBody>().notNull().default({}),
    ...editable(),
  },
  (t) => [
    unique('conference_template_cci_code_code_key').on(t.cci_code, t.conference_template_code),
    uniqueIndex('conference_template_cci_code_folded_code_key').on(
      t.cci_code,
      sql`upper(normalize(${t.conference_template_code}, NFKC))`,
    ),
  ],
);

export const conference = pgTable(
  'conference',
  {
    id: id(),
    cci_code: cciCode(),
    parent_id: integer('parent_id').references((): AnyPgColumn => conference.id, {
      onDelete: 'cascade',
    }),
    template_id: integer('template_id').references(() => conference_template.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    event_date: tstz('event_date').notNull(),
    end_at: tstz('end_at'),
    place: text('place'),
    answer_deadline: tstz('answer_deadline'),
    status: text('status').$type<ConferenceStatus>().notNull().default('draft'),
    description: text('description'),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    allow_delegate: boolean('allow_delegate').notNull().default(false),
    /** Business days before the deadline on which reminders go out (DESIGN.md §11.2). */
    reminder_days: integer('reminder_days')
      .array()
      .notNull()
      .default(sql`'{3,1}'::integer[]`),
    /** 定足数 of an assembly (DESIGN.md §11.3); null: the conference counts no quorum */
    quorum: jsonb('quorum').$type<QuorumSettings | null>(),
    ...editable(),
  },
  (t) => [
    check('conference_status_check', sql`${t.status} in (${sqlList(CONFERENCE_STATUSES)})`),
    index('conference_cci_code_event_date_idx').on(t.cci_code, t.event_date),
    index('conference_parent_id_idx').on(t.parent_id),
    index('conference_template_id_idx').on(t.template_id),
  ],
);

export const conference_company = pgTable(
  'conference_company',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => company.id),
    answer_content: text('answer_content'),
    answered_at: tstz('answered_at'),
    answered_by: text('answered_by'),
    ...editable(),
  },
  (t) => [
    unique('conference_company_conference_id_company_id_key').on(t.conference_id, t.company_id),
    index('conference_company_company_id_idx').on(t.company_id),
  ],
);

export const conference_member = pgTable(
  'conference_member',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => company.id),
    member_id: integer('member_id')
      .notNull()
      .references(() => member.id),
    category: text('category').$type<ConferenceMemberCategory>().notNull().default('principal'),
    answer_content: text('answer_content').$type<AnswerContent | null>(),
    proxy_name: text('proxy_name'),
    proxy_title: text('proxy_title'),
    sort: integer('sort').notNull().default(0),
    answered_at: tstz('answered_at'),
    answered_by: text('answered_by'),
    /** DESIGN.md §11.2: how the answer arrived; null while unanswered */
    answer_channel: text('answer_channel').$type<AnswerChannel | null>(),
    /** when the chamber received it (FAX/電話…: as staff typed; portal: answered_at) */
    answer_received_at: tstz('answer_received_at'),
    /** recorded by staff after the deadline (issue 13) */
    answered_late: boolean('answered_late').notNull().default(false),
    /** 受付 (DESIGN.md §11.3): when the person was checked in at the desk; null = not yet arrived */
    checked_in_at: tstz('checked_in_at'),
    /** the staff username who checked them in */
    checked_in_by: text('checked_in_by'),
    /** who came: the member's name, or the substitute's when 代理出席 */
    attended_by: text('attended_by'),
    /** 当日参加: added at the reception desk (POST …/walk_ins), answered at the counter */
    walk_in: boolean('walk_in').notNull().default(false),
    /**
     * 委任状 (DESIGN.md §12.1): the invitee (conference member) the principal delegates to; null with
     * answer `delegate` means the chair (議長). Only on a `delegate` answer.
     */
    delegate_to: integer('delegate_to').references((): AnyPgColumn => conference_member.id, { onDelete: 'set null' }),
    ...editable(),
  },
  (t) => [
    // not tied to answer_content: an answer changed away from 委任状 must not fail on a stale target
    // (every reader asks answer_content = 'delegate' first)
    check('conference_member_delegate_to_check', sql`${t.delegate_to} <> ${t.id}`),
    check(
      'conference_member_answer_channel_check',
      sql`${t.answer_channel} is null or ${t.answer_channel} in (${sqlList(ANSWER_CHANNELS)})`,
    ),
    check('conference_member_category_check', sql`${t.category} in (${sqlList(CONFERENCE_MEMBER_CATEGORIES)})`),
    check(
      'conference_member_answer_content_check',
      sql`${t.answer_content} is null or ${t.answer_content} in (${sqlList(ANSWER_CONTENTS)})`,
    ),
    unique('conference_member_conference_id_member_id_key').on(t.conference_id, t.member_id),
    index('conference_member_conference_id_sort_idx').on(t.conference_id, t.sort),
    index('conference_member_company_id_conference_id_idx').on(t.company_id, t.conference_id),
    index('conference_member_member_id_idx').on(t.member_id),
    // who delegates to an invitee: the chain check after every answer (lib/votes/delegation.ts) and
    // the foreign key's ON DELETE SET NULL, each a scan of every invitee of the country without it
    index('conference_member_delegate_to_idx')
      .on(t.delegate_to)
      .where(sql`${t.delegate_to} is not null`),
  ],
);

/**
 * The outbox (DESIGN.md §11.2): one message to one company, written in the transaction of the change
 * that causes it and sent by the mail worker (server/jobs/mail-*.ts). `message_id` is derived from the
 * row, so a resend after a crash carries the same Message-ID.
 */
export const notification = pgTable(
  'notification',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => company.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** recipients, comma-separated; null when the company has no address (送付不可, status skipped) */
    to: text('to'),
    subject: text('subject').notNull(),
    /** kind-specific content fixed when the row is written (server/lib/mail/payload.ts) */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<NotificationStatus>().notNull(),
    /** reminders: how many business days before the deadline */
    days_before: integer('days_before'),
    scheduled_for: tstz('scheduled_for'),
    attempts: integer('attempts').notNull().default(0),
    sent_at: tstz('sent_at'),
    error: text('error'),
    message_id: text('message_id'),
    created_at: tstz('created_at').notNull().defaultNow(),
    created_by: text('created_by').notNull().default('system'),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('notification_kind_check', sql`${t.kind} in (${sqlList(NOTIFICATION_KINDS)})`),
    check('notification_status_check', sql`${t.status} in (${sqlList(NOTIFICATION_STATUSES)})`),
    index('notification_cci_code_created_at_idx').on(t.cci_code, t.created_at),
    index('notification_conference_id_created_at_idx').on(t.conference_id, t.created_at),
    index('notification_company_id_idx').on(t.company_id),
    // the due scan: reminders whose time has come
    index('notification_scheduled_for_idx')
      .on(t.scheduled_for)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

export const export_job = pgTable(
  'export_job',
  {
    id: id(),
    cci_code: cciCode(),
    created_by: text('created_by').notNull(),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    format: text('format').notNull(),
    status: text('status').$type<ExportJobStatus>().notNull().default('queued'),
    error: text('error'),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total'),
    file_key: text('file_key'),
    /** CSV Shift_JIS only: characters CP932 cannot encode, replaced in the file (issue 6) */
    replaced_char_count: integer('replaced_char_count'),
    /** CSV Shift_JIS only: the first cells with replaced characters, [{ row, column, value, chars }] (issue 15) */
    replacements: jsonb('replacements').$type<{ row: number; column: string; value: string; chars: string }[]>(),
    created_at: tstz('created_at').notNull().defaultNow(),
    started_at: tstz('started_at'),
    finished_at: tstz('finished_at'),
    /** when the file is deleted (finished_at + EXPORT_RETENTION_DAYS); the download link stops working */
    expires_at: tstz('expires_at'),
  },
  (t) => [
    check('export_job_status_check', sql`${t.status} in (${sqlList(EXPORT_JOB_STATUSES)})`),
    index('export_job_cci_code_created_at_idx').on(t.cci_code, t.created_at),
    index('export_job_cci_code_created_by_idx').on(t.cci_code, t.created_by),
    // the clean-up job's scan: files still stored whose time is up
    index('export_job_expires_at_idx')
      .on(t.expires_at)
      .where(sql`${t.file_key} is not null`),
  ],
);

/**
 * An import (DESIGN.md §11.4, issue 17): one uploaded file read as one kind, as a dry run (nothing
 * written but this row) or for real. `applied_from` names the dry run an apply repeats.
 */
export const import_job = pgTable(
  'import_job',
  {
    id: id(),
    cci_code: cciCode(),
    created_by: text('created_by').notNull(),
    type: text('type').$type<ImportType>().notNull(),
    /** the upload's object key ({cci}/imports/uploads/…) */
    key: text('key').notNull(),
    dry_run: boolean('dry_run').notNull(),
    skip_invalid: boolean('skip_invalid').notNull(),
    status: text('status').$type<ImportJobStatus>().notNull().default('queued'),
    /** a failed job's reason, in Japanese (a file-level error's message) */
    error: text('error'),
    error_code: text('error_code'),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total'),
    counts: jsonb('counts').$type<ImportCounts>(),
    /** the first 1 000 failed cells */
    errors: jsonb('errors').$type<ImportRowError[]>(),
    warnings: jsonb('warnings').$type<ImportWarningEntry[]>(),
    /** the first 20 rows as read and normalised */
    preview: jsonb('preview').$type<Record<string, unknown>[]>(),
    /** XLSX of the failing rows with a 理由 column */
    error_file_key: text('error_file_key'),
    applied_from: integer('applied_from'),
    created_at: tstz('created_at').notNull().defaultNow(),
    started_at: tstz('started_at'),
    finished_at: tstz('finished_at'),
  },
  (t) => [
    check('import_job_status_check', sql`${t.status} in (${sqlList(IMPORT_JOB_STATUSES)})`),
    check('import_job_type_check', sql`${t.type} in (${sqlList(IMPORT_TYPES)})`),
    index('import_job_cci_code_created_at_idx').on(t.cci_code, t.created_at),
    index('import_job_cci_code_created_by_idx').on(t.cci_code, t.created_by),
  ],
);

/**
 * The change list of an import (issue 33, DESIGN.md §11.4 departure: decision 0037): every row the
 * job would create or update (a dry run) or did (an apply), with before → after per changed column,
 * read a page at a time (GET …/import/{id}/changes). Written beside the job's transaction, so a dry
 * run's rollback keeps it; a retried attempt starts it afresh.
 */
export const import_change = pgTable(
  'import_change',
  {
    import_job_id: integer('import_job_id')
      .notNull()
      .references(() => import_job.id, { onDelete: 'cascade' }),
    /** the sheet's row number (header = its own row) */
    row: integer('row').notNull(),
    result: text('result').$type<'created' | 'updated'>().notNull(),
    changes: jsonb('changes').$type<ImportChangeEntry[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.import_job_id, t.row] }),
    check('import_change_result_check', sql`${t.result} in ('created', 'updated')`),
  ],
);

/** One column of a changed row: before (null for a new row or an empty cell) → after, by its Japanese header. */
export interface ImportChangeEntry {
  column: string;
  before: string | null;
  after: string | null;
}

export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}
export interface ImportRowError {
  row: number;
  column: string | null;
  code: string;
  message: string;
}
export interface ImportWarningEntry {
  code: string;
  message: string;
  column?: string;
  row?: number;
}

/**
 * Every object key put_object_url issued (issue 6): storage cannot be listed cheaply, so this is how
 * the clean-up (server/jobs/upload-cleanup.ts) finds uploads that no conference kept — cancelled,
 * never saved, or removed from the conference later. `purpose` is one of UPLOAD_PURPOSES
 * (server/schemas/storage.ts); it says which rows may still reference the key.
 */
export const upload = pgTable(
  'upload',
  {
    id: id(),
    cci_code: cciCode(),
    key: text('key').notNull(),
    purpose: text('purpose').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
    created_by: text('created_by').notNull(),
  },
  (t) => [unique('upload_key_key').on(t.key)],
);

export const users = pgTable(
  'users',
  {
    username: text('username').primaryKey(),
    cci_code: cciCode(),
    user_type: text('user_type').$type<UserType>().notNull(),
    company_id: integer('company_id').references(() => company.id),
    email: text('email'),
    display_name: text('display_name'),
    enabled: boolean('enabled').notNull().default(true),
    ...editable(),
  },
  (t) => [
    check('users_user_type_check', sql`${t.user_type} in (${sqlList(USER_TYPES)})`),
    check('users_company_admin_company_check', sql`${t.user_type} <> 'COMPANY_ADMIN' or ${t.company_id} is not null`),
    index('users_cci_code_idx').on(t.cci_code),
    index('users_company_id_idx').on(t.company_id),
    index('users_email_idx').on(t.email),
  ],
);

export const audit_log = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cci_code: codeText('cci_code').references(() => chamber.cci_code),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** the import (DESIGN.md §11.4) that made this change; null for every other write */
    import_job_id: integer('import_job_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_cci_code_at_idx').on(t.cci_code, t.at), index('audit_log_entity_idx').on(t.entity, t.entity_id)],
);

/**
 * The live room of a conference (issue 12, DESIGN.md §11.1), one row per conference, created on
 * first use. `event_seq` numbers the room's events: taking it (`update … returning`) locks the row,
 * so a room's events commit in the order of their numbers and `Last-Event-ID` resumes without a gap.
 */
export const room = pgTable(
  'room',
  {
    conference_id: integer('conference_id')
      .primaryKey()
      .references(() => conference.id, { onDelete: 'cascade' }),
    cci_code: cciCode(),
    status: text('status').notNull().default('waiting'),
    agenda: jsonb('agenda').$type<{ title: string; presenter: string | null; minutes: number | null }[]>().notNull().default([]),
    current_agenda: integer('current_agenda'),
    online_url: text('online_url'),
    panels: jsonb('panels').$type<{ chat: boolean; comment: boolean }>().notNull().default({ chat: true, comment: true }),
    stopwatch_running: boolean('stopwatch_running').notNull().default(false),
    stopwatch_elapsed_ms: bigint('stopwatch_elapsed_ms', { mode: 'number' }).notNull().default(0),
    stopwatch_started_at: tstz('stopwatch_started_at'),
    stopwatch_label: text('stopwatch_label').notNull().default('elapsed'),
    event_seq: bigint('event_seq', { mode: 'number' }).notNull().default(0),
    ...editable(),
  },
  (t) => [
    check('room_status_check', sql`${t.status} in ('waiting', 'open', 'ended')`),
    check('room_stopwatch_label_check', sql`${t.stopwatch_label} in ('speaking', 'elapsed')`),
  ],
);

/** A room's events, kept for `Last-Event-ID` resumption; `audience` 'staff' events go to staff only. */
export const room_event = pgTable(
  'room_event',
  {
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    audience: text('audience').notNull().default('all'),
    payload: jsonb('payload').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conference_id, t.seq] }),
    check('room_event_audience_check', sql`${t.audience} in ('all', 'staff')`),
  ],
);

/** Who wrote a chat message or comment: `sender_key` identifies the user or link (rate limit, 自分の). */
const roomSender = () => ({
  sender_key: text('sender_key').notNull(),
  sender_kind: text('sender_kind').notNull(),
  sender_name: text('sender_name').notNull(),
  sender_org: text('sender_org'),
});

export const room_chat = pgTable(
  'room_chat',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    ...roomSender(),
    body: text('body').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
    deleted_at: tstz('deleted_at'),
    deleted_by: text('deleted_by'),
  },
  (t) => [
    index('room_chat_conference_id_id_idx').on(t.conference_id, t.id),
    index('room_chat_conference_id_sender_key_id_idx').on(t.conference_id, t.sender_key, t.id),
  ],
);

export const room_comment = pgTable(
  'room_comment',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    ...roomSender(),
    body: text('body').notNull(),
    status: text('status').notNull().default('new'),
    ...editable(),
  },
  (t) => [
    check('room_comment_status_check', sql`${t.status} in ('new', 'answered', 'hidden')`),
    index('room_comment_conference_id_id_idx').on(t.conference_id, t.id),
    index('room_comment_conference_id_sender_key_idx').on(t.conference_id, t.sender_key),
  ],
);

/** A link into a room for a guest (来賓, 講師) or an invitee; the token is signed, the row revocable. */
export const room_link = pgTable(
  'room_link',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    title: text('title'),
    conference_member_id: integer('conference_member_id').references(() => conference_member.id, { onDelete: 'cascade' }),
    created_at: tstz('created_at').notNull().defaultNow(),
    created_by: text('created_by').notNull(),
    revoked_at: tstz('revoked_at'),
    revoked_by: text('revoked_by'),
    /** the Idempotency-Key of the POST that created it: a retry returns this link (issue 29) */
    idempotency_key: text('idempotency_key'),
  },
  (t) => [
    check('room_link_kind_check', sql`${t.kind} in ('guest', 'user')`),
    check('room_link_user_member_check', sql`${t.kind} <> 'user' or ${t.conference_member_id} is not null`),
    index('room_link_conference_id_idx').on(t.conference_id),
    uniqueIndex('room_link_idempotency_key')
      .on(t.conference_id, t.created_by, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
  ],
);

/** One-minute single-use tickets that let a browser's EventSource open a room stream (no header). */
export const room_ticket = pgTable(
  'room_ticket',
  {
    ticket_hash: text('ticket_hash').primaryKey(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    expires_at: tstz('expires_at').notNull(),
  },
  (t) => [index('room_ticket_expires_at_idx').on(t.expires_at)],
);

/**
 * Fixed-window request counters every API process shares (server/lib/shared-rate-limit.ts): one
 * row per limit and key (hashed: no address or user name kept), dropped once its window is over.
 */
export const rate_limit_counter = pgTable(
  'rate_limit_counter',
  {
    key_hash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    reset_at: tstz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_counter_reset_at_idx').on(t.reset_at)],
);

/** A 議案 of a conference (DESIGN.md §12.1); `declared` freezes it. */
export const motion = pgTable(
  'motion',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    /** the room agenda item (index into room.agenda) it belongs to; null: none */
    agenda_index: integer('agenda_index'),
    /** 「第1号議案」 */
    number: text('number').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    rule: jsonb('rule').$type<MotionRule>().notNull().default(ORDINARY_RESOLUTION),
    status: text('status').$type<MotionStatus>().notNull().default('draft'),
    result: text('result').$type<MotionResult | null>(),
    /** 可否同数: the chair's decision */
    chair_decision: text('chair_decision').$type<MotionResult | null>(),
    ...editable(),
  },
  (t) => [
    check('motion_status_check', sql`${t.status} in (${sqlList(MOTION_STATUSES)})`),
    check('motion_result_check', sql`${t.result} is null or ${t.result} in (${sqlList(MOTION_RESULTS)})`),
    check('motion_chair_decision_check', sql`${t.chair_decision} is null or ${t.chair_decision} in (${sqlList(MOTION_RESULTS)})`),
    check('motion_declared_result_check', sql`(${t.status} = 'declared') = (${t.result} is not null)`),
    unique('motion_conference_id_number_key').on(t.conference_id, t.number),
  ],
);

/** A vote on a motion (採決); a closed poll is frozen, 再採決 is a new poll beside it. */
export const poll = pgTable(
  'poll',
  {
    id: id(),
    cci_code: cciCode(),
    motion_id: integer('motion_id')
      .notNull()
      .references(() => motion.id, { onDelete: 'cascade' }),
    method: text('method').$type<PollMethod>().notNull(),
    status: text('status').$type<PollStatus>().notNull().default('open'),
    opened_at: tstz('opened_at').notNull().defaultNow(),
    opened_by: text('opened_by').notNull(),
    closed_at: tstz('closed_at'),
    closed_by: text('closed_by'),
    /** the voters at opening, by kind (the rows: poll_voter) */
    entitled: jsonb('entitled').$type<PollEntitled>().notNull(),
    /** 挙手: the hands staff counted among those present */
    hand_counts: jsonb('hand_counts').$type<{ yes: number; no: number; abstain: number } | null>(),
    /** computed from the rows when the poll closes */
    counts: jsonb('counts').$type<PollCounts | null>(),
    /** the quorum board shows the counts while open (else only after close) */
    show_counts_live: boolean('show_counts_live').notNull().default(false),
    /** opened although the quorum was not met: why (audited) */
    override_reason: text('override_reason'),
    ...editable(),
  },
  (t) => [
    check('poll_method_check', sql`${t.method} in (${sqlList(POLL_METHODS)})`),
    check('poll_status_check', sql`${t.status} in (${sqlList(POLL_STATUSES)})`),
    check('poll_closed_check', sql`(${t.status} = 'closed') = (${t.closed_at} is not null)`),
    // one open vote per motion at a time
    uniqueIndex('poll_motion_id_open_key')
      .on(t.motion_id)
      .where(sql`${t.status} = 'open'`),
    index('poll_motion_id_idx').on(t.motion_id),
  ],
);

/**
 * Who may vote in a poll, frozen at opening (a check-in after that changes nothing): each invited
 * principal present, with a written vote, or with a 委任状 (delegate_to: null = the chair). `voted`:
 * a 無記名 voter's participation, kept apart from the ballot (secret_ballot has no voter).
 */
export const poll_voter = pgTable(
  'poll_voter',
  {
    poll_id: integer('poll_id')
      .notNull()
      .references(() => poll.id, { onDelete: 'cascade' }),
    conference_member_id: integer('conference_member_id')
      .notNull()
      .references(() => conference_member.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VoterKind>().notNull(),
    delegate_to: integer('delegate_to'),
    voted: boolean('voted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.poll_id, t.conference_member_id] }),
    check('poll_voter_kind_check', sql`${t.kind} in (${sqlList(VOTER_KINDS)})`),
    check('poll_voter_delegate_to_check', sql`${t.delegate_to} is null or ${t.kind} = 'delegated'`),
  ],
);

/** 記名投票: one ballot per principal and poll, changed until close (cast_by: the link or staff). */
export const ballot = pgTable(
  'ballot',
  {
    id: id(),
    poll_id: integer('poll_id')
      .notNull()
      .references(() => poll.id, { onDelete: 'cascade' }),
    conference_member_id: integer('conference_member_id')
      .notNull()
      .references(() => conference_member.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<VoteChoice>().notNull(),
    cast_at: tstz('cast_at').notNull().defaultNow(),
    cast_by: text('cast_by').notNull(),
  },
  (t) => [
    check('ballot_choice_check', sql`${t.choice} in (${sqlList(VOTE_CHOICES)})`),
    unique('ballot_poll_id_conference_member_id_key').on(t.poll_id, t.conference_member_id),
  ],
);

/**
 * 無記名投票: the choice alone — no voter, no time, a random key (no order to match against the
 * participation in poll_voter.voted).
 */
export const secret_ballot = pgTable(
  'secret_ballot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poll_id: integer('poll_id')
      .notNull()
      .references(() => poll.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<VoteChoice>().notNull(),
  },
  (t) => [
    check('secret_ballot_choice_check', sql`${t.choice} in (${sqlList(VOTE_CHOICES)})`),
    index('secret_ballot_poll_id_idx').on(t.poll_id),
  ],
);

/**
 * 書面議決 (DESIGN.md §12.1): a principal's vote on a motion given before the meeting, from the
 * portal or recorded by staff from paper (channel as §11.2). Checked in, the principal votes in
 * person and this row is kept, marked superseded.
 */
export const written_vote = pgTable(
  'written_vote',
  {
    id: id(),
    cci_code: cciCode(),
    conference_member_id: integer('conference_member_id')
      .notNull()
      .references(() => conference_member.id, { onDelete: 'cascade' }),
    motion_id: integer('motion_id')
      .notNull()
      .references(() => motion.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<VoteChoice>().notNull(),
    channel: text('channel').$type<AnswerChannel>().notNull(),
    recorded_by: text('recorded_by').notNull(),
    recorded_at: tstz('recorded_at').notNull().defaultNow(),
    superseded: boolean('superseded').notNull().default(false),
    superseded_at: tstz('superseded_at'),
    ...editable(),
  },
  (t) => [
    check('written_vote_choice_check', sql`${t.choice} in (${sqlList(VOTE_CHOICES)})`),
    check('written_vote_channel_check', sql`${t.channel} in (${sqlList(ANSWER_CHANNELS)})`),
    unique('written_vote_conference_member_id_motion_id_key').on(t.conference_member_id, t.motion_id),
    index('written_vote_motion_id_idx').on(t.motion_id),
  ],
);

/**
 * 議事録 (DESIGN.md §12.2, issue 35): one row per version (第n版) of a conference's minutes. A draft is
 * edited in place (`revision` locks it); `final` freezes it: `sha256` is the hash of the content's
 * jsonb text, and the check below makes any later change of a final content fail in the database.
 */
export const minutes = pgTable(
  'minutes',
  {
    id: id(),
    cci_code: cciCode(),
    conference_id: integer('conference_id')
      .notNull()
      .references(() => conference.id, { onDelete: 'cascade' }),
    /** 第n版: 1…n per conference */
    version: integer('version').notNull(),
    status: text('status').$type<MinutesStatus>().notNull().default('draft'),
    /** the structured sections: derived figures (with corrections and their reasons), prose, signatories */
    content: jsonb('content').$type<MinutesContent>().notNull(),
    /** optimistic lock of a draft's edits */
    revision: integer('revision').notNull().default(1),
    finalised_at: tstz('finalised_at'),
    finalised_by: text('finalised_by'),
    sha256: text('sha256'),
    /** shown to the invited companies' admins (the latest published final version) */
    published: boolean('published').notNull().default(false),
    published_at: tstz('published_at'),
    published_by: text('published_by'),
    created_at: tstz('created_at').notNull().defaultNow(),
    created_by: text('created_by').notNull(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
    updated_by: text('updated_by').notNull(),
  },
  (t) => [
    check('minutes_status_check', sql`${t.status} in (${sqlList(MINUTES_STATUSES)})`),
    check('minutes_final_check', sql`(${t.status} = 'final') = (${t.finalised_at} is not null and ${t.sha256} is not null)`),
    // a final version's content is what its hash says: an UPDATE of it fails here
    check(
      'minutes_final_content_check',
      sql`${t.sha256} is null or ${t.sha256} = encode(sha256(convert_to(${t.content}::text, 'UTF8')), 'hex')`,
    ),
    check('minutes_published_check', sql`not ${t.published} or ${t.status} = 'final'`),
    unique('minutes_conference_id_version_key').on(t.conference_id, t.version),
  ],
);

/** Keys every API process shares (the room links' HMAC key), created on first use. */
export const app_secret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Relations (for db.query.*.findMany({ with: … }))
// ---------------------------------------------------------------------------------------------
export const chamberRelations = relations(chamber, ({ many }) => ({
  companies: many(company),
}));

export const companyRelations = relations(company, ({ one, many }) => ({
  chamber: one(chamber, { fields: [company.cci_code], references: [chamber.cci_code] }),
  members: many(member),
  users: many(users),
}));

export const memberRelations = relations(member, ({ one, many }) => ({
  company: one(company, { fields: [member.company_id], references: [company.id] }),
  positions: many(position),
}));

export const positionRelations = relations(position, ({ one }) => ({
  member: one(member, { fields: [position.member_id], references: [member.id] }),
}));

export const conferenceTemplateRelations = relations(conference_template, ({ many }) => ({
  conferences: many(conference),
}));

export const conferenceRelations = relations(conference, ({ one, many }) => ({
  parent: one(conference, {
    fields: [conference.parent_id],
    references: [conference.id],
    relationName: 'sub_conferences',
  }),
  sub_conferences: many(conference, { relationName: 'sub_conferences' }),
  template: one(conference_template, {
    fields: [conference.template_id],
    references: [conference_template.id],
  }),
  companies: many(conference_company),
  members: many(conference_member),
}));

export const conferenceCompanyRelations = relations(conference_company, ({ one }) => ({
  conference: one(conference, {
    fields: [conference_company.conference_id],
    references: [conference.id],
  }),
  company: one(company, { fields: [conference_company.company_id], references: [company.id] }),
}));

export const conferenceMemberRelations = relations(conference_member, ({ one }) => ({
  conference: one(conference, {
    fields: [conference_member.conference_id],
    references: [conference.id],
  }),
  company: one(company, { fields: [conference_member.company_id], references: [company.id] }),
  member: one(member, { fields: [conference_member.member_id], references: [member.id] }),
}));

export const usersRelations = relations(users, ({ one }) => ({
  company: one(company, { fields: [users.company_id], references: [company.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------------------------
export type Chamber = typeof chamber.$inferSelect;
export type NewChamber = typeof chamber.$inferInsert;
export type Company = typeof company.$inferSelect;
export type NewCompany = typeof company.$inferInsert;
export type Member = typeof member.$inferSelect;
export type NewMember = typeof member.$inferInsert;
export type Position = typeof position.$inferSelect;
export type NewPosition = typeof position.$inferInsert;
export type MasterData = typeof master_data.$inferSelect;
export type NewMasterData = typeof master_data.$inferInsert;
export type ConferenceTemplate = typeof conference_template.$inferSelect;
export type NewConferenceTemplate = typeof conference_template.$inferInsert;
export type Conference = typeof conference.$inferSelect;
export type NewConference = typeof conference.$inferInsert;
export type ConferenceCompany = typeof conference_company.$inferSelect;
export type NewConferenceCompany = typeof conference_company.$inferInsert;
export type ConferenceMember = typeof conference_member.$inferSelect;
export type NewConferenceMember = typeof conference_member.$inferInsert;
export type ExportJob = typeof export_job.$inferSelect;
export type NewExportJob = typeof export_job.$inferInsert;
export type ImportJob = typeof import_job.$inferSelect;
export type Upload = typeof upload.$inferSelect;
export type NewUpload = typeof upload.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Motion = typeof motion.$inferSelect;
export type Poll = typeof poll.$inferSelect;
export type AuditLog = typeof audit_log.$inferSelect;
export type NewAuditLog = typeof audit_log.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Query helpers tied to the schema's indexes
// ---------------------------------------------------------------------------------------------
/**
 * Keyword condition over a `search_text` column (company.search_text, member.search_text):
 * every whitespace-separated term must occur (AND). Terms of ≥ 2 characters are pre-filtered by
 * the GIN index on (cci_code, kaigi_bigrams(search_text)), then checked exactly with LIKE. Callers
 * also constrain cci_code (the tenant): the index then reads only that chamber's matches.
 * Returns undefined for a blank keyword (no condition).
 */
export function keywordCondition(searchText: AnyPgColumn, keyword: string): SQL | undefined {
  const terms = keywordTerms(keyword);
  if (terms.length === 0) return undefined;
  return and(...terms.map((t) => termCondition(searchText, t.bigrams, t.term, t.like)));
}

/** A keyword's terms, each with its LIKE pattern and whether the bigram index can pre-filter it. */
export function keywordTerms(keyword: string): Array<{ term: string; like: string; bigrams: boolean }> {
  return searchTerms(keyword).map((term) => ({
    term,
    like: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    bigrams: [...term].length >= 2,
  }));
}

/** One term's condition; `term` and `like` are its values, or placeholders (a statement built once). */
export function termCondition(searchText: AnyPgColumn, bigrams: boolean, term: unknown, like: unknown): SQL {
  return bigrams
    ? sql`(kaigi_bigrams(${searchText}) @> kaigi_bigrams(${term}::text) and ${searchText} like ${like})`
    : sql`${searchText} like ${like}`;
}
