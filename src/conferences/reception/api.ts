/**
 * Calls of the reception desk (issue 14, DESIGN.md §11.3; shapes: the document's components in
 * src/api/schema.d.ts):
 *
 *   GET    /v1/cci/admin/master/conferences/{id}/check_ins?q=&perPage=   → {data, meta, counts}
 *   POST   …/check_ins {qr} | {conference_member_id} (+ confirm)          → {row, already, counts}
 *   DELETE …/check_ins/{conference_member_id}                             → {row, counts}
 *   POST   …/walk_ins (WalkInSchema)                                      → {row, already, counts}
 *   GET    /v1/cci/admin/master/conference_companies?conference_id=&expand=company (the 当日参加 picker)
 *
 * Failures stay the app's HttpError (src/api/errors.ts): the desk reads their `code` and problem.
 */
import type {
  CheckIn,
  CheckInResult,
  CheckInUndoResult,
  ConferenceCompanyList,
  ReceptionCounts,
  ReceptionRow,
  WalkIn,
} from '../../api/schema';
import type { WholeList } from '../../api/wholeList';
import { httpClient, type HttpClient } from '../../api/httpClient';
import type { ConferenceCompany } from '../types';
import type { ReceptionList } from '../quorum/types';
import { conferencePath } from '../useStaffRoomEvents';

export type { CheckInResult, ReceptionCounts, ReceptionList, ReceptionRow, WalkIn };
export type CheckInTarget = CheckIn;
/** A row of the 当日参加 picker: asked with `expand=company`, so the company is there. */
export type InvitedCompany = ConferenceCompany & Required<Pick<ConferenceCompany, 'company'>>;

/** How many rows a search shows: a desk looks for one person, not a list to page through. */
export const SEARCH_PAGE_SIZE = 50;

export { conferencePath };

export const createReceptionApi = (client: HttpClient = httpClient) => ({
  list: (conferenceId: number, q: string, signal?: AbortSignal) =>
    client.get<ReceptionList>(`${conferencePath(conferenceId)}/check_ins`, {
      query: { q: q || undefined, perPage: SEARCH_PAGE_SIZE },
      signal,
    }),
  checkIn: async (conferenceId: number, target: CheckInTarget, confirm = false) =>
    (
      await client.request<CheckInResult>(`${conferencePath(conferenceId)}/check_ins`, {
        method: 'POST',
        body: confirm ? { ...target, confirm: true } : target,
        redirectOnNotFound: false,
      })
    ).json,
  undo: async (conferenceId: number, conferenceMemberId: number) =>
    (
      await client.request<CheckInUndoResult>(`${conferencePath(conferenceId)}/check_ins/${conferenceMemberId}`, {
        method: 'DELETE',
        redirectOnNotFound: false,
      })
    ).json,
  walkIn: async (conferenceId: number, body: WalkIn) =>
    (
      await client.request<CheckInResult>(`${conferencePath(conferenceId)}/walk_ins`, {
        method: 'POST',
        body,
        redirectOnNotFound: false,
      })
    ).json,
  companies: async (conferenceId: number, signal?: AbortSignal) =>
    (
      await client.get<WholeList<ConferenceCompanyList, InvitedCompany>>('/v1/cci/admin/master/conference_companies', {
        query: { conference_id: conferenceId, expand: 'company', sort: 'name_kana', page_size: 1000 },
        signal,
      })
    ).data,
});

export const receptionApi = createReceptionApi();

/** react-query keys of the desk (shared with react-admin's QueryClient). */
export const receptionKeys = {
  all: (conferenceId: number) => ['kaigi', 'reception', conferenceId] as const,
  search: (conferenceId: number, q: string) => ['kaigi', 'reception', conferenceId, 'search', q] as const,
  companies: (conferenceId: number) => ['kaigi', 'reception', conferenceId, 'companies'] as const,
};
