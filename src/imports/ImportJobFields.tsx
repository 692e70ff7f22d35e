/**
 * The parts of one import job as the 取込 pages show them (the history's cells or cards, the head
 * of one import's page): kind and mode, the status with progress, the counts, when and by whom.
 */
import { createContext, useContext, useMemo } from 'react';
import { Box, Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useSession } from '../session/useSession';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { formatCount } from '../exports/format';
import { modeKey, type ImportJob, type ImportJobStatus } from './types';
import { JobProgressBar } from '../common/JobProgressBar';

const STATUS_COLORS: Record<ImportJobStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

export const ImportStatusChip = ({ status }: { status: ImportJobStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'queued' ? 'outlined' : 'filled'}
      label={translate(`kaigi.imports.statuses.${status}`)}
    />
  );
};

export const ImportModeChip = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={job.dry_run ? 'default' : 'primary'}
      label={translate(modeKey(job))}
      sx={{ whiteSpace: 'nowrap' }}
    />
  );
};

/** The progress bar of a running job with its accessible name and value text; indeterminate until the rows are counted. */
export const ImportProgressBar = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const label = translate('kaigi.imports.show.progress_label', {
    type: translate(`kaigi.imports.types.${job.type}`),
    mode: translate(modeKey(job)),
  });
  const total = job.progress_total;
  const text =
    job.status === 'queued'
      ? translate('kaigi.imports.show.waiting')
      : total
        ? translate('kaigi.imports.show.progress', { done: formatCount(job.progress_done), total: formatCount(total) })
        : translate('kaigi.imports.show.counting');
  return <JobProgressBar label={label} text={text} done={job.progress_done} total={job.status === 'queued' ? null : total} />;
};

/** 新規 3・更新 1・変更なし 26・エラー 2 */
export const ImportCountsText = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  if (!job.counts || job.status !== 'succeeded') {
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        {translate('kaigi.imports.list.counts_none')}
      </Typography>
    );
  }
  const c = job.counts;
  return (
    <Typography variant="body2" component="span">
      {translate('kaigi.imports.list.counts', {
        created: formatCount(c.created),
        updated: formatCount(c.updated),
        unchanged: formatCount(c.unchanged),
        failed: formatCount(c.failed),
      })}
    </Typography>
  );
};

/** The status chip; the progress while it runs; the reason when the file failed. */
export const ImportStatus = ({ job }: { job: ImportJob }) => (
  <Stack spacing={0.75} sx={{ minWidth: 140 }}>
    <Box>
      <ImportStatusChip status={job.status} />
    </Box>
    {(job.status === 'queued' || job.status === 'running') && <ImportProgressBar job={job} />}
  </Stack>
);

/** Display names of the chamber's staff by username (created_by holds the username). */
export const StaffNamesContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The chamber's staff (a handful of users) by username, for 実行者. */
export const useStaffNames = (enabled: boolean) => {
  const { data } = useGetList<{ id: string; display_name?: string | null; email?: string | null }>(
    'users',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'display_name', order: 'ASC' },
      filter: { user_type__in: 'CCI_ADMIN,CCI_CONFERENCE_USER', fields: 'username,display_name,email' },
    },
    { enabled, staleTime: 5 * 60_000 },
  );
  const names = useMemo(
    () => new Map((data ?? []).map((user) => [String(user.id), user.display_name || user.email || String(user.id)])),
    [data],
  );
  return { names, pending: data === undefined };
};

/** 「自分」 for the current user, else the staff member's name. */
export const useCreatorName = () => {
  const translate = useTranslate();
  const username = useSession().cciUser?.username;
  const names = useContext(StaffNamesContext);
  return (createdBy: string) =>
    createdBy === username ? translate('kaigi.imports.list.by_me') : (names.get(createdBy) ?? createdBy);
};

/** When, then by whom. */
export const ImportCreated = ({ job }: { job: ImportJob }) => {
  const nameOf = useCreatorName();
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTimeWithWeekday(job.created_at)}
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary">
        {nameOf(job.created_by)}
      </Typography>
    </Stack>
  );
};
