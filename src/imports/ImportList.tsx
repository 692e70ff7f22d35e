/**
 * 取込 (issue 17, DESIGN.md §11.4; CCI_ADMIN): the panel that starts a new import (ImportUpload),
 * then the history of every import of the chamber, newest first (GET /v1/cci/{cci_code}/import):
 * kind, ドライラン or 取込, status with progress, counts, who and when. Filters: type, status,
 * 実行者. A row opens that import's page. While an import on the page is queued or running the list
 * reloads every 2 s, as ファイル出力 does. Cards instead of a table on phones.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SelectInput, useListContext, useTranslate } from 'react-admin';
import { JobsEmpty, JobsPollingNote, emptyKeys } from '../common/JobListParts';
import { useSession } from '../session/useSession';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { ImportUpload } from './ImportUpload';
import {
  ImportCountsText,
  ImportCreated,
  ImportModeChip,
  ImportStatus,
  StaffNamesContext,
  useStaffNames,
} from './ImportJobFields';
import { IMPORT_JOB_STATUSES, IMPORT_TYPES, isActive, modeKey, polling, type ImportJob } from './types';

const statusChoices = IMPORT_JOB_STATUSES.map((id) => ({ id, name: `kaigi.imports.statuses.${id}` }));
const typeChoices = IMPORT_TYPES.map((id) => ({ id, name: `kaigi.imports.types.${id}` }));

const showPath = (job: ImportJob) => `/imports/${encodeURIComponent(String(job.id))}/show`;

const ImportsEmpty = () => <JobsEmpty keys={emptyKeys('kaigi.imports.empty')} />;

/** 事業所 with 「ドライラン」 / 「取込」 beside it. */
const ImportWhat = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
        {translate(`kaigi.imports.types.${job.type}`)}
      </Typography>
      <ImportModeChip job={job} />
    </Stack>
  );
};

/** The accessible name of a card or row link: 「事業所のドライラン（2026/11/21(土) 14:00）を開く」. */
const useOpenLabel = () => {
  const translate = useTranslate();
  return (job: ImportJob) =>
    translate('kaigi.imports.list.open', {
      type: translate(`kaigi.imports.types.${job.type}`),
      mode: translate(modeKey(job)),
      date: formatDateTimeWithWeekday(job.created_at),
    });
};

/** Phones: one card per import, the whole card a link to it. */
const ImportCards = () => {
  const { data, isPending } = useListContext<ImportJob>();
  const navigate = useNavigate();
  const openLabel = useOpenLabel();
  if (isPending) return null;
  if (!data || data.length === 0) return <ImportsEmpty />;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }} component="ul" style={{ listStyle: 'none', margin: 0 }}>
      {data.map((job) => (
        <Card key={job.id} variant="outlined" component="li">
          <CardActionArea onClick={() => navigate(showPath(job))} aria-label={openLabel(job)}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack spacing={1.25}>
                <ImportWhat job={job} />
                <ImportStatus job={job} />
                <ImportCountsText job={job} />
                <ImportCreated job={job} />
              </Stack>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
};

const ImportTable = () => (
  <DataTable<ImportJob>
    bulkActionButtons={false}
    rowClick={(id) => `/imports/${encodeURIComponent(String(id))}/show`}
    empty={<ImportsEmpty />}
  >
    <DataTable.Col source="type" disableSort render={(job) => <ImportWhat job={job as ImportJob} />} />
    <DataTable.Col source="status" disableSort render={(job) => <ImportStatus job={job as ImportJob} />} />
    <DataTable.Col source="counts" disableSort render={(job) => <ImportCountsText job={job as ImportJob} />} />
    <DataTable.Col source="created_at" render={(job) => <ImportCreated job={job as ImportJob} />} />
  </DataTable>
);

export const ImportList = () => {
  const translate = useTranslate();
  const session = useSession();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const cciCode = session.cciUser?.cci_code ?? null;
  const username = session.cciUser?.username;
  const { names: staffNames, pending: staffPending } = useStaffNames(cciCode !== null);
  const creatorChoices = useMemo(
    () =>
      [...staffNames].map(([id, name]) => ({
        id,
        name: id === username ? translate('kaigi.imports.list.filters.me', { name }) : name,
      })),
    [staffNames, username, translate],
  );

  const filters = useMemo(
    () => [
      <SelectInput key="type" source="type" label="kaigi.imports.list.filters.type" choices={typeChoices} alwaysOn />,
      <SelectInput key="status" source="status" label="kaigi.imports.list.filters.status" choices={statusChoices} alwaysOn />,
      <SelectInput
        key="created_by"
        source="created_by"
        label="kaigi.imports.list.filters.created_by"
        choices={creatorChoices}
        translateChoice={false}
        emptyText="kaigi.imports.list.filters.anyone"
        isPending={staffPending}
        alwaysOn
      />,
    ],
    [creatorChoices, staffPending],
  );

  return (
    <Box sx={{ mt: { xs: 1, sm: 2 } }}>
      <ImportUpload />
      <Typography variant="h6" component="h2" sx={{ px: { xs: 1, sm: 0 } }}>
        {translate('kaigi.imports.list.history')}
      </Typography>
      <List<ImportJob>
        title={translate('kaigi.imports.list.title')}
        filters={filters}
        actions={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        exporter={false}
        empty={false}
        sx={{ '& .RaList-content': { contain: 'inline-size', overflowX: 'auto' } }}
        queryOptions={{
          enabled: cciCode !== null,
          refetchInterval: (query) => (query.state.data?.data?.some(isActive) ? polling.intervalMs : false),
        }}
      >
        <JobsPollingNote<ImportJob> isActive={isActive} message="kaigi.imports.list.polling" />
        <StaffNamesContext.Provider value={staffNames}>{isSmall ? <ImportCards /> : <ImportTable />}</StaffNamesContext.Provider>
      </List>
    </Box>
  );
};

export default ImportList;
