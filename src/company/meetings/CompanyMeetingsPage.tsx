/**
 * /company/meetings (spec §2, §6: the company admins' landing page): the conferences the company
 * is invited to, in tabs 回答受付中 / 回答済 / 終了 (meetingsQuery.ts), 10 per page (spec §9).
 * Tab and page live in the URL (?tab=answered&page=2) so that "back" returns to the same list.
 */
import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { COOKIE, getCookie } from '../../auth/cookies';
import { useSession } from '../../session/useSession';
import { portalKeys } from '../api';
import { isTab, loadMeetingsPage, PAGE_SIZE, TABS, type Tab as TabName } from './meetingsQuery';
import { MeetingCard } from './MeetingCard';

const tabId = (tab: TabName) => `meetings-tab-${tab}`;
const PANEL_ID = 'meetings-panel';

export const CompanyMeetingsPage = () => {
  const translate = useTranslate();
  const session = useSession();
  const companyName = session.company?.attributes?.name1 ?? getCookie(COOKIE.companyName) ?? '';
  const [params, setParams] = useSearchParams();
  const tab: TabName = isTab(params.get('tab')) ? (params.get('tab') as TabName) : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const query = useQuery({
    queryKey: portalKeys.list(tab, page),
    queryFn: ({ signal }) => loadMeetingsPage(tab, page, signal),
    placeholderData: keepPreviousData,
  });

  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;
  // A page number past the end (e.g. after answers moved items to another tab): go to the last page.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pageCount) {
      setParams({ tab, page: String(pageCount) }, { replace: true });
    }
  }, [query.data, query.isPlaceholderData, page, pageCount, tab, setParams]);

  const listTop = useRef<HTMLDivElement>(null);
  const go = (next: { tab?: TabName; page?: number }) => {
    const nextTab = next.tab ?? tab;
    const nextPage = next.page ?? 1;
    const search: Record<string, string> = {};
    if (nextTab !== 'open') search.tab = nextTab;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
    if (next.page) listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 960, minWidth: 0 }}>
      <Title title={translate('kaigi.company.meetings.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('kaigi.company.meetings.title')}
      </Typography>
      {companyName && (
        <Typography color="text.secondary" gutterBottom>
          {translate('kaigi.company.meetings.company_name')}: <span data-testid="company-name">{companyName}</span>
        </Typography>
      )}
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => go({ tab: value })}
        aria-label={translate('kaigi.company.meetings.tabs_label')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, '& .MuiTabs-indicator': { bgcolor: 'primary.dark' } }}
      >
        {TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            id={tabId(t)}
            aria-controls={PANEL_ID}
            label={translate(`kaigi.company.meetings.tabs.${t}`)}
            // primary.dark: 4.5:1 or better on the page background (primary.main is not)
            sx={{ minWidth: 0, px: 1, '&.Mui-selected': { color: 'primary.dark' } }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)} ref={listTop} aria-busy={query.isFetching}>
        {query.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={translate('kaigi.company.common.loading')} />
          </Box>
        ) : query.isError ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {translate('kaigi.company.common.retry')}
              </Button>
            }
          >
            {translate('kaigi.company.common.load_error')}
          </Alert>
        ) : query.data.data.length === 0 ? (
          <Card variant="outlined">
            <CardContent>
              <Typography color="text.secondary" data-testid="meetings-empty">
                {translate(`kaigi.company.meetings.empty.${tab}`)}
              </Typography>
            </CardContent>
          </Card>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
              {translate('kaigi.company.meetings.total', { total: query.data.total })}
            </Typography>
            <Stack spacing={2} component="section" aria-label={translate(`kaigi.company.meetings.tabs.${tab}`)}>
              {query.data.data.map((conference) => (
                <MeetingCard key={conference.id} conference={conference} />
              ))}
            </Stack>
            {pageCount > 1 && (
              <Box
                component="nav"
                aria-label={translate('kaigi.company.meetings.pagination')}
                sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
              >
                <Pagination
                  count={pageCount}
                  page={Math.min(page, pageCount)}
                  onChange={(_event, value) => go({ page: value })}
                  color="primary"
                  siblingCount={0}
                  getItemAriaLabel={(type, value, selected) =>
                    translate(`kaigi.company.meetings.page_item.${type}`, { page: value ?? '', _: String(value ?? '') }) +
                    (selected ? translate('kaigi.company.meetings.page_item.current') : '')
                  }
                />
              </Box>
            )}
          </>
        )}
      </Box>
    </Box>
  );
};

export default CompanyMeetingsPage;
