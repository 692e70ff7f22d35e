/**
 * Every invitee of one or more conferences, in protocol order (`sort`), with the person, the company
 * and who recorded each answer (expand=member,company,recorder). Pages of the API's maximum size
 * (1000, DESIGN.md §5) are fetched one after the other until all are there, so tallies and
 * reordering see the whole list.
 */
import { useEffect, useMemo } from 'react';
import { useInfiniteGetList, type Identifier } from 'react-admin';
import type { ConferenceMember } from './types';

export const MAX_PAGE_SIZE = 1000;

export type InviteeRecord = ConferenceMember & { id: Identifier };

export const useConferenceMembers = (conferenceIds: readonly Identifier[], options: { enabled?: boolean } = {}) => {
  const ids = conferenceIds.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  const filter = ids.length === 1 ? { conference_id: ids[0] } : { conference_id__in: ids };
  const query = useInfiniteGetList<InviteeRecord>(
    'conference_members',
    {
      pagination: { page: 1, perPage: MAX_PAGE_SIZE },
      sort: { field: 'sort', order: 'ASC' },
      filter: { ...filter, expand: 'member,company,recorder' },
    },
    { enabled: (options.enabled ?? true) && ids.length > 0 },
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = query.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.data), [pages]);
  return {
    rows,
    total: query.total,
    /** True until every page is in. */
    isPending: query.isPending || !!hasNextPage || isFetchingNextPage,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
};
