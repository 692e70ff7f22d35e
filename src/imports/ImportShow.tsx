/**
 * One import (DESIGN.md §11.4): what, from which file, when and by whom; while it runs its progress
 * (the page reloads it every 2 s); when the file failed as a whole, the Japanese reason; when done,
 * what it found or wrote (ImportResult), the error file and — for a dry run — 取込実行.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useRecordContext, useTranslate } from 'react-admin';
import { DetailShow } from '../common/DetailShow';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { formatCount } from '../exports/format';
import {
  ImportModeChip,
  ImportProgressBar,
  ImportStatusChip,
  StaffNamesContext,
  useCreatorName,
  useStaffNames,
} from './ImportJobFields';
import { ImportResult } from './ImportResult';
import { ImportApplyButton } from './ImportApplyButton';
import { ErrorFileButton } from './ErrorFileButton';
import { fileNameOf, isActive, modeKey, polling, type ImportJob } from './types';

/** The one-line outcome above the counts. */
const Outcome = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const failed = job.counts?.failed ?? 0;
  let key: string;
  if (job.dry_run) key = failed > 0 ? 'kaigi.imports.show.dry_run_done_errors' : 'kaigi.imports.show.dry_run_done';
  else if (failed > 0) key = job.skip_invalid ? 'kaigi.imports.show.applied_skipped' : 'kaigi.imports.show.applied_nothing';
  else key = 'kaigi.imports.show.applied';
  const severity = failed > 0 && !job.skip_invalid ? 'warning' : 'success';
  return (
    <Alert severity={severity} role="status">
      {translate(key, { count: formatCount(failed) })}
    </Alert>
  );
};

const ImportDetail = () => {
  const translate = useTranslate();
  const job = useRecordContext<ImportJob>();
  const nameOf = useCreatorName();
  if (!job) return null;
  const type = translate(`kaigi.imports.types.${job.type}`);
  return (
    // size containment: the wide preview scrolls inside its own region instead of widening the page
    <Card sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Stack spacing={2.5}>
          <Stack spacing={0.75}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2">
                {translate('kaigi.imports.show.title', { type, mode: translate(modeKey(job)) })}
              </Typography>
              <ImportModeChip job={job} />
              <ImportStatusChip status={job.status} />
              {job.skip_invalid && (
                <Chip size="small" variant="outlined" label={translate('kaigi.imports.show.skip_invalid_on')} />
              )}
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {translate('kaigi.imports.show.file', { name: fileNameOf(job.key) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('kaigi.imports.show.created', {
                date: formatDateTimeWithWeekday(job.created_at),
                who: nameOf(job.created_by),
              })}
            </Typography>
          </Stack>
          <Box aria-live="polite">
            {isActive(job) && <ImportProgressBar job={job} />}
            {job.status === 'failed' && (
              <Alert severity="error">
                {job.error
                  ? translate('kaigi.imports.show.failed', { reason: job.error })
                  : translate('kaigi.imports.show.failed_unknown')}
              </Alert>
            )}
            {job.status === 'succeeded' && <Outcome job={job} />}
          </Box>
          {job.status === 'succeeded' && (
            <ImportResult
              job={job}
              actions={
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                  {job.dry_run && <ImportApplyButton job={job} />}
                  <ErrorFileButton job={job} />
                </Stack>
              }
            />
          )}
          {job.dry_run && job.status !== 'succeeded' && <ImportApplyButton job={job} />}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/imports" startIcon={<ArrowBackIcon />}>
              {translate('kaigi.imports.show.back')}
            </Button>
            {job.applied_from !== null && (
              <Button component={RouterLink} to={`/imports/${job.applied_from}/show`}>
                {translate('kaigi.imports.show.from_dry_run')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};

export const ImportShow = () => {
  const translate = useTranslate();
  const { names } = useStaffNames(true);
  return (
    <DetailShow<ImportJob>
      title={translate('kaigi.imports.list.title')}
      actions={false}
      component="div"
      queryOptions={{
        refetchInterval: (query) => (isActive(query.state.data) ? polling.intervalMs : false),
      }}
    >
      <StaffNamesContext.Provider value={names}>
        <ImportDetail />
      </StaffNamesContext.Provider>
    </DetailShow>
  );
};

export default ImportShow;
