/**
 * ファイル出力 on the staff home (issue 15 item 5): the signed-in user's export jobs still queued or
 * running, and those finished in the last 24 hours, with their status and the download when ready
 * (GET /v1/cci/{cci_code}/export, newest first). Reloads every few seconds while one is running,
 * as the exports page does.
 */
import { Box, Stack, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { RecordContextProvider, useGetList, useTranslate } from 'react-admin';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { useSession } from '../session/useSession';
import { ExportDownloadButton, ExportProgress, ExportWhat } from '../exports/ExportJobFields';
import { isActive, type ExportJob } from '../exports/types';
import { DashboardSection, SectionEmpty } from './DashboardSection';

const DAY_MS = 86_400_000;
/** How often the section reloads while a job runs (the exports page's pace). */
const POLL_MS = 2_000;

/** Queued or running, or finished within the last 24 hours. */
export const isRecent = (job: ExportJob, now: number) =>
  isActive(job) || (!!job.finished_at && now - Date.parse(job.finished_at) < DAY_MS);

export const ExportsSection = ({ sx }: { sx?: object }) => {
  const translate = useTranslate();
  const username = useSession().cciUser?.username;
  const { data, isPending, error, refetch, dataUpdatedAt } = useGetList<ExportJob>(
    'exports',
    { pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' }, filter: { created_by: username } },
    {
      enabled: !!username,
      refetchInterval: (query) => (query.state.data?.data?.some(isActive) ? POLL_MS : false),
    },
  );
  // 24 hours before the list was read (not before each render: rendering stays pure)
  const jobs = (data ?? []).filter((job) => isRecent(job, dataUpdatedAt));
  return (
    <DashboardSection
      id="dashboard-exports"
      title={translate('kaigi.dashboard.exports.title')}
      icon={<FileDownloadIcon />}
      intro={translate('kaigi.dashboard.exports.intro')}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      empty={
        jobs.length === 0 ? (
          <SectionEmpty text={translate('kaigi.dashboard.exports.empty')} hint={translate('kaigi.dashboard.exports.hint')} />
        ) : null
      }
      footer={{ to: '/exports', label: translate('kaigi.dashboard.exports.all') }}
      sx={sx}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {jobs.map((job) => (
          <Box
            component="li"
            key={job.id}
            sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
          >
            <RecordContextProvider value={job}>
              <Stack spacing={1}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <ExportWhat job={job} />
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {job.finished_at
                      ? translate('kaigi.dashboard.exports.finished', { date: formatDateTimeWithWeekday(job.finished_at) })
                      : translate('kaigi.dashboard.exports.created', { date: formatDateTimeWithWeekday(job.created_at) })}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-end' }}>
                  <ExportProgress job={job} />
                  <ExportDownloadButton job={job} />
                </Stack>
              </Stack>
            </RecordContextProvider>
          </Box>
        ))}
      </Box>
    </DashboardSection>
  );
};
