/**
 * ファイル出力 (issue 6): the chamber's export jobs, newest first (GET /v1/cci/{cci_code}/export):
 * what and how, status with progress, the Shift_JIS replacement count, the failure reason, when
 * and by whom, until when the file is kept, and its download. Filters: status, type, 作成者 (any
 * of the chamber's staff: created_by = their username, which the server records as created_by)
 * and its shortcut 「自分の出力のみ」 (created_by = the signed-in user's username). Both edit the
 * one created_by filter: picking oneself in 作成者 ticks the switch, picking a colleague unticks it.
 *
 * While a job on the page is queued or running the list reloads every 2 s (react-query's
 * refetchInterval); once none is, it stops. Cards instead of a table on phones.
 *
 * 新規出力 (issue 18 item 5): the export dialog for the kinds that need no conference (事業所一覧,
 * 会員一覧); the page says, with a link, that a conference's lists start from its own screen.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Link, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  DataTable,
  List,
  Pagination,
  RecordContextProvider,
  SelectInput,
  TopToolbar,
  useGetList,
  useListContext,
  useTranslate,
} from 'react-admin';
import { JobsEmpty, JobsPollingNote, emptyKeys } from '../common/JobListParts';
import { useSession } from '../session/useSession';
import {
  ExportCreated,
  ExportDownloadButton,
  ExportExpiry,
  ExportHow,
  ExportProgress,
  ExportWhat,
  StaffNamesContext,
} from './ExportJobFields';
import { ExportButton } from './ExportButton';
import { EXPORT_JOB_STATUSES, EXPORT_TYPES, isActive, isConferenceType, type ExportJob } from './types';

/** How often the page reloads while a job runs. Tests shorten it. */
export const polling = { intervalMs: 2_000 };

const statusChoices = EXPORT_JOB_STATUSES.map((id) => ({ id, name: `kaigi.exports.statuses.${id}` }));
const typeChoices = EXPORT_TYPES.map((id) => ({ id, name: `kaigi.exports.types.${id}` }));

/** What 新規出力 offers here: the kinds that export no single conference. */
const PAGE_TYPES = EXPORT_TYPES.filter((type) => !isConferenceType(type));

const ExportActions = () => (
  <TopToolbar>
    <ExportButton type={PAGE_TYPES} label="kaigi.exports.list.create" />
  </TopToolbar>
);

/** Where a conference's lists start: its own screen (名簿を出力) or its room (コメント・チャット). */
const ConferenceExportsHint = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 0.5 }}>
      {translate('kaigi.exports.list.conference_hint')}{' '}
      <Link component={RouterLink} to="/conferences">
        {translate('kaigi.exports.list.conference_hint_link')}
      </Link>
    </Typography>
  );
};

const ExportsEmpty = () => <JobsEmpty keys={emptyKeys('kaigi.exports.empty')} />;

/** Phones: one card per job. */
const ExportCards = () => {
  const { data, isPending } = useListContext<ExportJob>();
  if (isPending) return null;
  if (!data || data.length === 0) return <ExportsEmpty />;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }} component="ul" style={{ listStyle: 'none', margin: 0 }}>
      {data.map((job) => (
        <Card key={job.id} variant="outlined" component="li">
          <RecordContextProvider value={job}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack spacing={1.25}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <ExportWhat job={job} />
                  <ExportHow job={job} />
                </Stack>
                <ExportProgress job={job} />
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-end' }}>
                  <Stack spacing={0.5}>
                    <ExportCreated job={job} />
                    <ExportExpiry job={job} />
                  </Stack>
                  <ExportDownloadButton job={job} />
                </Stack>
              </Stack>
            </CardContent>
          </RecordContextProvider>
        </Card>
      ))}
    </Stack>
  );
};

const ExportTable = () => (
  <DataTable<ExportJob> bulkActionButtons={false} rowClick={false} empty={<ExportsEmpty />}>
    <DataTable.Col source="type" disableSort render={(job) => <ExportWhat job={job as ExportJob} />} />
    <DataTable.Col source="format" disableSort render={(job) => <ExportHow job={job as ExportJob} />} />
    <DataTable.Col source="status" disableSort render={(job) => <ExportProgress job={job as ExportJob} />} />
    <DataTable.Col source="created_at" render={(job) => <ExportCreated job={job as ExportJob} />} />
    <DataTable.Col source="expires_at" disableSort render={(job) => <ExportExpiry job={job as ExportJob} />} />
    <DataTable.Col
      source="download"
      label="kaigi.exports.list.download"
      disableSort
      render={(job) => <ExportDownloadButton job={job as ExportJob} />}
    />
  </DataTable>
);

export const ExportList = () => {
  const translate = useTranslate();
  const session = useSession();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const cciCode = session.cciUser?.cci_code ?? null;
  const username = session.cciUser?.username;

  // who created the jobs: the chamber's staff (a handful of users), by username
  const { data: staff } = useGetList<{ id: string; display_name?: string | null; email?: string | null }>(
    'users',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'display_name', order: 'ASC' },
      filter: { user_type__in: 'CCI_ADMIN,CCI_CONFERENCE_USER', fields: 'username,display_name,email' },
    },
    { enabled: cciCode !== null, staleTime: 5 * 60_000 },
  );
  const staffNames = useMemo(
    () => new Map((staff ?? []).map((user) => [String(user.id), user.display_name || user.email || String(user.id)])),
    [staff],
  );
  // 作成者: the staff by display name, the signed-in user marked 「（自分）」
  const creatorChoices = useMemo(
    () =>
      [...staffNames].map(([id, name]) => ({
        id,
        name: id === username ? translate('kaigi.exports.list.filters.me', { name }) : name,
      })),
    [staffNames, username, translate],
  );

  const filters = useMemo(
    () => [
      <SelectInput key="status" source="status" label="kaigi.exports.list.filters.status" choices={statusChoices} alwaysOn />,
      <SelectInput key="type" source="type" label="kaigi.exports.list.filters.type" choices={typeChoices} alwaysOn />,
      <SelectInput
        key="created_by"
        source="created_by"
        label="kaigi.exports.list.filters.created_by"
        choices={creatorChoices}
        translateChoice={false}
        emptyText="kaigi.exports.list.filters.anyone"
        isPending={staff === undefined}
        alwaysOn
      />,
      <BooleanInput
        key="mine"
        source="created_by"
        label="kaigi.exports.list.filters.mine"
        format={(value: unknown) => !!username && value === username}
        parse={(checked: unknown) => (checked && username ? username : '')}
        alwaysOn
        sx={{ ml: 1 }}
      />,
    ],
    [username, creatorChoices, staff],
  );

  return (
    <List<ExportJob>
      title={translate('kaigi.exports.list.title')}
      filters={filters}
      actions={<ExportActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      exporter={false}
      // no jobs yet: the page (with 新規出力) stays, the table says it is empty
      empty={false}
      // size containment: a wide table scrolls within the card instead of widening the page
      sx={{ '& .RaList-content': { contain: 'inline-size', overflowX: 'auto' } }}
      queryOptions={{
        enabled: cciCode !== null,
        // poll while a job on the page is unfinished; `false` stops it
        refetchInterval: (query) => (query.state.data?.data?.some(isActive) ? polling.intervalMs : false),
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {translate('kaigi.exports.list.intro')}
      </Typography>
      <ConferenceExportsHint />
      <JobsPollingNote<ExportJob> isActive={isActive} message="kaigi.exports.list.polling" />
      <StaffNamesContext.Provider value={staffNames}>{isSmall ? <ExportCards /> : <ExportTable />}</StaffNamesContext.Provider>
    </List>
  );
};

export default ExportList;
