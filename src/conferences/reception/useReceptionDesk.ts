/**
 * The desk's state: the search results (react-query, GET …/check_ins?q=), the live counters, and
 * what every change answers or announces. A check-in, undo or walk-in — here or at another desk
 * (the room stream's `reception` event) — replaces its row wherever a search shows it (an older
 * version never overwrites a newer one) and the counters; after the stream reconnects, the list
 * is read again.
 */
import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { receptionApi, receptionKeys, type ReceptionCounts, type ReceptionList, type ReceptionRow } from './api';
import { useReceptionStream } from './useReceptionStream';

export const useReceptionDesk = (conferenceId: number, q: string) => {
  const queryClient = useQueryClient();
  const search = useQuery({
    queryKey: receptionKeys.search(conferenceId, q),
    queryFn: ({ signal }) => receptionApi.list(conferenceId, q, signal),
    placeholderData: keepPreviousData,
  });
  const counts = search.data?.counts ?? null;

  // every cached search takes the change: its row (unless it holds a newer version) and the counters
  const apply = useCallback(
    (row: ReceptionRow, next: ReceptionCounts) => {
      queryClient.setQueriesData<ReceptionList>({ queryKey: [...receptionKeys.all(conferenceId), 'search'] }, (old) =>
        old
          ? {
              ...old,
              counts: next,
              data: old.data.map((r) => (r.id === row.id && row.version >= r.version ? row : r)),
            }
          : old,
      );
    },
    [conferenceId, queryClient],
  );

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: receptionKeys.all(conferenceId) }),
    [conferenceId, queryClient],
  );

  const { stream } = useReceptionStream(conferenceId, (event) => apply(event.row, event.counts), refetch);

  return { search, counts, apply, refetch, stream };
};
