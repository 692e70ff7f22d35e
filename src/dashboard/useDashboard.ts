/** GET /v1/cci/{cci_code}/dashboard: the conference sections of /admin (issue 15 item 5). */
import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../api/httpClient';
import { useSession } from '../session/useSession';
import type { Dashboard, DashboardConference } from '../api/schema';

export type { Dashboard, DashboardConference };

export const useDashboard = () => {
  const cciCode = useSession().cciUser?.cci_code;
  return useQuery({
    queryKey: ['dashboard', cciCode],
    queryFn: ({ signal }) => httpClient.get<Dashboard>(`/v1/cci/${encodeURIComponent(cciCode ?? '')}/dashboard`, { signal }),
    enabled: !!cciCode,
  });
};
