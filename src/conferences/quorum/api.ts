/**
 * Staff calls of the 定足数 board (issue 14, DESIGN.md §11.3; shapes in server/schemas/reception.ts):
 *
 *   GET  /v1/cci/admin/master/conferences/{id}/quorum                      → Quorum
 *   GET  …/conferences/{id}/check_ins?filter=&page=&perPage=               → {data, meta, counts}
 */
import { httpClient, type HttpClient } from '../../api/httpClient';
import { conferencePath } from '../useStaffRoomEvents';
import type { Quorum, ReceptionCounts, ReceptionList, ReceptionRow } from './types';

/** ReceptionListQuery's largest page. */
const PAGE_SIZE = 1000;

export type ReceptionFilter = 'all' | 'expected' | 'arrived' | 'not_arrived';

export const createQuorumApi = (client: HttpClient = httpClient) => ({
  getQuorum: (conferenceId: number, signal?: AbortSignal) =>
    client.get<Quorum>(`${conferencePath(conferenceId)}/quorum`, { signal }),

  /** The desk's counters (予定 / 受付済 / 未着) with the smallest page. */
  getCounts: async (conferenceId: number, signal?: AbortSignal): Promise<ReceptionCounts> =>
    (
      await client.get<ReceptionList>(`${conferencePath(conferenceId)}/check_ins`, {
        signal,
        query: { perPage: 1 },
        redirectOnNotFound: false,
      })
    ).counts,

  /** Every row of a filter, page after page. */
  listAll: async (conferenceId: number, filter: ReceptionFilter, signal?: AbortSignal): Promise<ReceptionRow[]> => {
    const rows: ReceptionRow[] = [];
    for (let page = 1; ; page += 1) {
      const result = await client.get<ReceptionList>(`${conferencePath(conferenceId)}/check_ins`, {
        signal,
        query: { filter, page, perPage: PAGE_SIZE },
      });
      rows.push(...result.data);
      if (result.data.length < PAGE_SIZE || rows.length >= result.meta.total) return rows;
    }
  },
});

export const quorumApi = createQuorumApi();
