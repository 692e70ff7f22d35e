/**
 * The 次第 while staff edit it: rows with a stable key (focus and React keys follow a moved row),
 * minutes as typed, and the current item's index kept on the same row through moves and removals.
 */
import { AGENDA_MAX_ITEMS, type AgendaItem } from './types';

export interface DraftRow {
  key: number;
  title: string;
  presenter: string;
  minutes: string;
}

export interface AgendaDraft {
  rows: DraftRow[];
  /** index into rows, or null */
  current: number | null;
}

let nextKey = 1;
const row = (item?: AgendaItem): DraftRow => ({
  key: nextKey++,
  title: item?.title ?? '',
  presenter: item?.presenter ?? '',
  minutes: item?.minutes == null ? '' : String(item.minutes),
});

export const toDraft = (agenda: readonly AgendaItem[], current: number | null): AgendaDraft => ({
  rows: agenda.map(row),
  current: current !== null && current < agenda.length ? current : null,
});

export const addRow = (draft: AgendaDraft): AgendaDraft =>
  draft.rows.length >= AGENDA_MAX_ITEMS ? draft : { ...draft, rows: [...draft.rows, row()] };

export const moveRow = (draft: AgendaDraft, from: number, to: number): AgendaDraft => {
  if (to < 0 || to >= draft.rows.length) return draft;
  const rows = [...draft.rows];
  [rows[from], rows[to]] = [rows[to], rows[from]];
  const current = draft.current === from ? to : draft.current === to ? from : draft.current;
  return { rows, current };
};

export const removeRow = (draft: AgendaDraft, index: number): AgendaDraft => {
  const rows = draft.rows.filter((_, i) => i !== index);
  const { current } = draft;
  return { rows, current: current === null || current === index ? null : current > index ? current - 1 : current };
};

export const updateRow = (draft: AgendaDraft, index: number, change: Partial<Omit<DraftRow, 'key'>>): AgendaDraft => ({
  ...draft,
  rows: draft.rows.map((r, i) => (i === index ? { ...r, ...change } : r)),
});

/** Minutes as typed (full-width digits too): a whole number 0–1440, or blank for none. */
const parseMinutes = (text: string): number | null | undefined => {
  const value = text.normalize('NFKC').trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 1440 ? n : undefined;
};

export interface RowErrors {
  title?: 'title_required';
  minutes?: 'minutes_invalid';
}

export const rowErrors = (r: DraftRow): RowErrors => ({
  ...(r.title.trim() === '' ? { title: 'title_required' as const } : {}),
  ...(parseMinutes(r.minutes) === undefined ? { minutes: 'minutes_invalid' as const } : {}),
});

/** The agenda to send, or null while a row is invalid. */
export const toAgenda = (draft: AgendaDraft): AgendaItem[] | null => {
  if (draft.rows.some((r) => Object.keys(rowErrors(r)).length > 0)) return null;
  return draft.rows.map((r) => ({
    title: r.title.trim(),
    presenter: r.presenter.trim() || null,
    minutes: parseMinutes(r.minutes) ?? null,
  }));
};
