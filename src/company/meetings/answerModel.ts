/**
 * The answer form's model (issue 5; DESIGN §4 conference member): pure functions, no React.
 *
 * - grid: the company's invited people (rows, by member) × the conference and each sub-conference
 *   (columns); a cell is one conference_member row, absent when the person is not invited there;
 * - a column is answerable while its answer_status is not `closed` (server/lib/conference-rules.ts:
 *   published and the deadline not passed); otherwise it is read-only with a reason;
 * - rules: 代理出席 needs the substitute's name and title (each ≤ 100 characters); 委任状 only
 *   where the conference allows it (server/lib/attendance-answer-rules.ts);
 * - only cells the user changed are sent, each with the version it was loaded at, so an answer is
 *   never overwritten by a stale value (the server answers 409 when the row moved on);
 * - "someone else answered meanwhile": a row's version moved on since the form was loaded.
 */
import type { AnswerItem } from '../../api/schema';
import type { AnswerContent, CompanyConference, CompanyInvitee, CompanySubConference } from '../api';

export const PROXY_MAX_LENGTH = 100;

export type ReadonlyReason = 'deadline' | 'closed' | 'held' | 'cancelled';

export interface Column {
  conference: CompanySubConference;
  /** true for the conference itself, false for its sub-conferences */
  main: boolean;
  open: boolean;
  readonlyReason: ReadonlyReason | null;
  choices: readonly AnswerContent[];
}

export interface Row {
  memberId: number;
  name: string;
  nameKana: string | null;
  title: string | null;
  categories: Array<CompanyInvitee['category']>;
  /** conference id → the person's invitation there */
  cells: Map<number, CompanyInvitee>;
}

export interface Grid {
  columns: Column[];
  rows: Row[];
  /** conference_member id → its row as loaded */
  invitees: Map<number, CompanyInvitee>;
}

export interface CellDraft {
  answer_content: AnswerContent | null;
  proxy_name: string;
  proxy_title: string;
}

export type Draft = Record<number, CellDraft>;

export interface CellErrors {
  answer_content?: string;
  proxy_name?: string;
  proxy_title?: string;
}

export type DraftErrors = Record<number, CellErrors>;

/** One answer as POST …/conference_members/answer takes it; `version`: the row's as loaded. */
export type { AnswerItem };

const BASE_CHOICES: readonly AnswerContent[] = ['attend', 'absent', 'proxy_attend'];
const WITH_DELEGATE: readonly AnswerContent[] = [...BASE_CHOICES, 'delegate'];

export const choicesFor = (conference: { allow_delegate: boolean }): readonly AnswerContent[] =>
  conference.allow_delegate ? WITH_DELEGATE : BASE_CHOICES;

/** Why a conference no longer takes answers, or null while it does. */
export const readonlyReasonOf = (conference: CompanySubConference): ReadonlyReason | null => {
  if (conference.answer_status !== 'closed') return null;
  switch (conference.status) {
    case 'held':
      return 'held';
    case 'cancelled':
      return 'cancelled';
    case 'published':
      return 'deadline';
    default:
      return 'closed';
  }
};

const toColumn = (conference: CompanySubConference, main: boolean): Column => {
  const readonlyReason = readonlyReasonOf(conference);
  return { conference, main, open: readonlyReason === null, readonlyReason, choices: choicesFor(conference) };
};

export const buildGrid = (detail: CompanyConference): Grid => {
  const columns = [toColumn(detail, true), ...(detail.sub_conferences ?? []).map((s) => toColumn(s, false))];
  const known = new Set(columns.map((c) => c.conference.id));
  const rows = new Map<number, Row>();
  const invitees = new Map<number, CompanyInvitee>();
  for (const invitee of detail.members ?? []) {
    if (!known.has(invitee.conference_id)) continue;
    invitees.set(invitee.id, invitee);
    let row = rows.get(invitee.member_id);
    if (!row) {
      row = {
        memberId: invitee.member_id,
        name: invitee.member.name,
        nameKana: invitee.member.name_kana,
        title: invitee.member.title,
        categories: [],
        cells: new Map(),
      };
      rows.set(invitee.member_id, row);
    }
    if (!row.categories.includes(invitee.category)) row.categories.push(invitee.category);
    row.cells.set(invitee.conference_id, invitee);
  }
  return { columns, rows: [...rows.values()], invitees };
};

export const cellDraftOf = (invitee: CompanyInvitee): CellDraft => ({
  answer_content: invitee.answer_content,
  proxy_name: invitee.proxy_name ?? '',
  proxy_title: invitee.proxy_title ?? '',
});

export const draftOf = (grid: Grid): Draft => {
  const draft: Draft = {};
  for (const [id, invitee] of grid.invitees) draft[id] = cellDraftOf(invitee);
  return draft;
};

/** Open cells (conference_member id → its column). */
export const openCells = (grid: Grid): Array<{ invitee: CompanyInvitee; column: Column }> => {
  const byConference = new Map(grid.columns.map((c) => [c.conference.id, c]));
  return [...grid.invitees.values()]
    .map((invitee) => ({ invitee, column: byConference.get(invitee.conference_id)! }))
    .filter(({ column }) => column.open);
};

const trimmedOrNull = (s: string) => {
  const t = s.trim();
  return t ? t : null;
};

/** The stored form of a cell (server/lib/attendance-answer-rules.ts answerFieldsOf). */
export const answerItemOf = (id: number, cell: CellDraft): AnswerItem => {
  const proxy = cell.answer_content === 'proxy_attend';
  return {
    id,
    answer_content: cell.answer_content,
    proxy_name: proxy ? trimmedOrNull(cell.proxy_name) : null,
    proxy_title: proxy ? trimmedOrNull(cell.proxy_title) : null,
  };
};

const sameItem = (a: AnswerItem, b: AnswerItem) =>
  a.answer_content === b.answer_content && a.proxy_name === b.proxy_name && a.proxy_title === b.proxy_title;

/** The answers to send: open cells the user changed, in a stable order. */
export const changedAnswers = (grid: Grid, draft: Draft): AnswerItem[] =>
  openCells(grid)
    .map(({ invitee }) => ({
      invitee,
      loaded: answerItemOf(invitee.id, cellDraftOf(invitee)),
      now: answerItemOf(invitee.id, draft[invitee.id]),
    }))
    .filter(({ loaded, now }) => !sameItem(loaded, now))
    .map(({ invitee, now }) => ({ ...now, version: invitee.version }))
    .sort((a, b) => a.id - b.id);

/** Translation keys of the rule violations, by conference_member id (open cells only). */
export const validateDraft = (grid: Grid, draft: Draft): DraftErrors => {
  const errors: DraftErrors = {};
  for (const { invitee, column } of openCells(grid)) {
    const cell = draft[invitee.id];
    if (!cell) continue;
    const e: CellErrors = {};
    if (cell.answer_content === 'delegate' && !column.conference.allow_delegate) {
      e.answer_content = 'kaigi.company.meeting.delegate_not_allowed';
    }
    if (cell.answer_content === 'proxy_attend') {
      if (!cell.proxy_name.trim()) e.proxy_name = 'kaigi.company.meeting.proxy_name_required';
      else if (cell.proxy_name.trim().length > PROXY_MAX_LENGTH) e.proxy_name = 'kaigi.company.meeting.proxy_too_long';
      if (!cell.proxy_title.trim()) e.proxy_title = 'kaigi.company.meeting.proxy_title_required';
      else if (cell.proxy_title.trim().length > PROXY_MAX_LENGTH) e.proxy_title = 'kaigi.company.meeting.proxy_too_long';
    }
    if (Object.keys(e).length) errors[invitee.id] = e;
  }
  return errors;
};

/** Open cells still without an answer (the summary dialog mentions them). */
export const unansweredCount = (grid: Grid, draft: Draft): number =>
  openCells(grid).filter(({ invitee }) => !draft[invitee.id]?.answer_content).length;

/**
 * Did someone else change the answers since `loaded`? True when an invitation appeared or went,
 * or any row's version moved on.
 */
export const answeredElsewhere = (loaded: Grid, fresh: Grid): boolean => {
  if (loaded.invitees.size !== fresh.invitees.size) return true;
  for (const [id, before] of loaded.invitees) {
    const after = fresh.invitees.get(id);
    if (!after || after.version !== before.version || after.answered_at !== before.answered_at) return true;
  }
  return false;
};

/**
 * After a reload that was not a conflict (e.g. a 422 closed a column): open cells keep what the user
 * typed when their row did not change on the server; everything else takes the server's value.
 */
export const carryDraft = (loaded: Grid, fresh: Grid, draft: Draft): Draft => {
  const next = draftOf(fresh);
  const open = new Set(openCells(fresh).map(({ invitee }) => invitee.id));
  for (const [id, invitee] of fresh.invitees) {
    const before = loaded.invitees.get(id);
    if (open.has(id) && before && before.version === invitee.version && draft[id]) next[id] = draft[id];
  }
  return next;
};

/** Maps the server's `errors[]` (`body.answers.<index>.<field>`) back to cells of the sent items. */
export const serverCellErrors = (
  items: AnswerItem[],
  fieldErrors: Array<{ field: string; code: string; message: string }>,
): DraftErrors => {
  const errors: DraftErrors = {};
  for (const error of fieldErrors) {
    const match = /^body\.answers\.(\d+)\.(answer_content|proxy_name|proxy_title|id)$/.exec(error.field);
    const item = match ? items[Number(match[1])] : undefined;
    if (!match || !item) continue;
    const field = match[2] === 'id' ? 'answer_content' : (match[2] as keyof CellErrors);
    errors[item.id] = { ...errors[item.id], [field]: error.message };
  }
  return errors;
};
