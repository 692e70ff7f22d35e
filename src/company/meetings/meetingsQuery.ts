/**
 * The tabs of /company/meetings and the page each one shows (spec §3 answer_status and
 * hidden_happened, §9 page size 10).
 *
 * - 回答受付中 (open): answering is open and the company has not answered everything:
 *   answer_status unanswered or partial. The API filters one status at a time, so the first
 *   page × 10 items of both are fetched and merged by event date (the server's order);
 * - 回答済 (answered): answer_status answered (still open: answers can be changed);
 * - 終了 (closed): answer_status closed, including conferences already held
 *   (hidden_happened=false), latest first.
 * Upcoming conferences come first in the first two tabs (event_date ascending).
 */
import { fetchConferences, type CompanyConference, type ConferenceListParams } from '../api';

export const TABS = ['open', 'answered', 'closed'] as const;
export type Tab = (typeof TABS)[number];
export const PAGE_SIZE = 10;
/** server/schemas/common.ts MAX_PAGE_SIZE */
const MAX_PAGE_SIZE = 1000;

export const isTab = (value: unknown): value is Tab => typeof value === 'string' && (TABS as readonly string[]).includes(value);

export interface MeetingsPage {
  data: CompanyConference[];
  total: number;
}

type Fetch = (
  params: ConferenceListParams,
  signal?: AbortSignal,
) => Promise<{ data: CompanyConference[]; meta: { total: number } }>;

const byEventDate = (a: CompanyConference, b: CompanyConference) =>
  Date.parse(a.event_date) - Date.parse(b.event_date) || a.id - b.id;

export const loadMeetingsPage = async (
  tab: Tab,
  page: number,
  signal?: AbortSignal,
  fetch: Fetch = fetchConferences,
): Promise<MeetingsPage> => {
  if (tab === 'open') {
    const size = Math.min(page * PAGE_SIZE, MAX_PAGE_SIZE);
    const query = { page: 1, page_size: size, sort: 'event_date' };
    const [unanswered, partial] = await Promise.all([
      fetch({ ...query, answer_status: 'unanswered' }, signal),
      fetch({ ...query, answer_status: 'partial' }, signal),
    ]);
    const merged = [...unanswered.data, ...partial.data].sort(byEventDate);
    return {
      data: merged.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: unanswered.meta.total + partial.meta.total,
    };
  }
  const res =
    tab === 'answered'
      ? await fetch({ answer_status: 'answered', sort: 'event_date', page, page_size: PAGE_SIZE }, signal)
      : await fetch({ answer_status: 'closed', hidden_happened: false, sort: '-event_date', page, page_size: PAGE_SIZE }, signal);
  return { data: res.data, total: res.meta.total };
};
