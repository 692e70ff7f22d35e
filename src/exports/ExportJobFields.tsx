/**
 * The parts of one export job as the exports page shows them (table cells on wide screens, a card
 * on phones): what was exported and how, its status with progress, its file's expiry and the
 * download button. Each takes the job as a prop (the list's record).
 */
import { createContext, useContext, useState } from 'react';
import { Box, Button, Chip, Stack, Typography, type ChipProps } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { ReferenceField, TextField, useRefresh, useTranslate } from 'react-admin';
import { downloadObject } from '../api/objectDownload';
import { toRaError } from '../providers/dataProvider';
import { useNotifyApiError } from '../common/apiErrors';
import { useSession } from '../session/useSession';
import { formatDateTimeWithWeekday, formatDateWithWeekday } from '../utils/dates';
import { ExportReplacements, hasReplacements, replacementsId } from './ExportReplacements';
import { formatCount } from './format';
import { isConferenceType, isDownloadable, type ExportJob, type ExportJobStatus } from './types';
import { JobProgressBar } from '../common/JobProgressBar';

const STATUS_COLORS: Record<ExportJobStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

/** `retrying`: a queued job whose last attempt failed (「再実行待ち」 rather than 「待機中」). */
export const ExportStatusChip = ({ status, retrying = false }: { status: ExportJobStatus; retrying?: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={retrying ? 'warning' : STATUS_COLORS[status]}
      variant={status === 'queued' ? 'outlined' : 'filled'}
      label={translate(retrying ? 'kaigi.exports.list.retry_status' : `kaigi.exports.statuses.${status}`)}
    />
  );
};

/**
 * A queued job with an error is not new: an attempt failed and the server put it back in the queue
 * to be retried (server/jobs/export-state.ts awaitRetry), its `error` saying why in Japanese
 * (export-run.ts RETRY_REASON).
 */
export const isAwaitingRetry = (job: Pick<ExportJob, 'status' | 'error'>) => job.status === 'queued' && !!job.error;

/** 出欠一覧 / 受付名簿 with the conference's name, 会員一覧 with its 基準日. */
export const ExportWhat = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={0.25} sx={{ minWidth: { sm: 140 } }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
        {translate(`kaigi.exports.types.${job.type}`)}
      </Typography>
      {isConferenceType(job.type) && job.params?.conference_id !== undefined && (
        <Typography variant="caption" component="span" color="text.secondary">
          {translate('kaigi.exports.list.conference_prefix')}
          <ReferenceField record={job} source="params.conference_id" reference="conferences" link={false} emptyText="—">
            <TextField source="name" variant="caption" />
          </ReferenceField>
        </Typography>
      )}
      {job.type === 'members' && job.params?.as_of && (
        <Typography variant="caption" component="span" color="text.secondary">
          {translate('kaigi.exports.list.as_of', { date: formatDateWithWeekday(job.params.as_of) })}
        </Typography>
      )}
    </Stack>
  );
};

/** XLSX, then 席次順・和暦 */
export const ExportHow = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  const options = [
    job.params?.order ? translate(`kaigi.exports.orders.${job.params.order}`) : null,
    job.params?.date_style ? translate(`kaigi.exports.date_styles.${job.params.date_style}`) : null,
  ].filter(Boolean);
  return (
    <Stack spacing={0.25} sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" component="span">
        {translate(`kaigi.exports.formats_short.${job.format}`)}
      </Typography>
      {options.length > 0 && (
        <Typography variant="caption" component="span" color="text.secondary">
          {options.join('・')}
        </Typography>
      )}
    </Stack>
  );
};

/**
 * The status chip, then what it waits for (queued: to start, or to be retried and why), the
 * progress (running), the row count (done), the reason (failed), the Shift_JIS warning.
 */
export const ExportProgress = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  const label = translate('kaigi.exports.list.progress_label', { type: translate(`kaigi.exports.types.${job.type}`) });
  const total = job.progress_total;
  const retrying = isAwaitingRetry(job);
  const progressText =
    total !== null && total !== undefined
      ? translate('kaigi.exports.list.progress', { done: formatCount(job.progress_done), total: formatCount(total) })
      : null;
  return (
    <Stack spacing={0.75} sx={{ minWidth: 160 }}>
      <Box>
        <ExportStatusChip status={job.status} retrying={retrying} />
      </Box>
      {job.status === 'queued' &&
        (retrying ? (
          <Stack spacing={0.25}>
            <Typography variant="caption" sx={{ color: 'warning.dark' }}>
              {translate('kaigi.exports.list.retry_waiting')}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate('kaigi.exports.list.retry_reason', { reason: job.error })}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {translate('kaigi.exports.list.waiting')}
          </Typography>
        ))}
      {job.status === 'running' && (
        <JobProgressBar
          label={label}
          text={progressText && total ? progressText : translate('kaigi.exports.list.counting')}
          done={job.progress_done}
          total={total}
        />
      )}
      {job.status === 'succeeded' && (
        <Typography variant="caption" color="text.secondary">
          {translate('kaigi.exports.list.rows', { count: formatCount(job.progress_done) })}
        </Typography>
      )}
      {job.status === 'failed' && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {job.error
            ? translate('kaigi.exports.list.failed', { reason: job.error })
            : translate('kaigi.exports.list.failed_unknown')}
        </Typography>
      )}
      <ExportReplacements job={job} />
    </Stack>
  );
};

/** Display names of the chamber's staff by username (created_by holds the username). */
export const StaffNamesContext = createContext<ReadonlyMap<string, string>>(new Map());

/** When the job was created, and by whom (「自分」 for the current user, else the staff member's name). */
export const ExportCreated = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  const username = useSession().cciUser?.username;
  const names = useContext(StaffNamesContext);
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTimeWithWeekday(job.created_at)}
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary">
        {job.created_by === username ? translate('kaigi.exports.list.by_me') : (names.get(job.created_by) ?? job.created_by)}
      </Typography>
    </Stack>
  );
};

/** 期限切れ, or the day and time the file is deleted. */
export const ExportExpiry = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  if (job.expired) return <Chip size="small" variant="outlined" label={translate('kaigi.exports.list.expired')} />;
  if (!job.expires_at) {
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        {translate('kaigi.common.date.empty')}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {translate('kaigi.exports.list.expires', { date: formatDateTimeWithWeekday(job.expires_at) })}
    </Typography>
  );
};

/**
 * ダウンロード for a finished, unexpired job: GET /v1/cci/{cci_code}/common/s3/get_object_url?path=
 * {file_key}, then the returned URL. A refused download (410 export_expired, 404) is told in
 * Japanese and the list reloads (the job then shows as expired).
 */
export const ExportDownloadButton = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notifyApiError = useNotifyApiError();
  const cciCode = useSession().cciUser?.cci_code;
  const [busy, setBusy] = useState(false);
  if (!isDownloadable(job) || !cciCode) return null;
  const name = job.file_name ?? translate(`kaigi.exports.types.${job.type}`);

  const download = async () => {
    setBusy(true);
    try {
      // a missing or expired file is told here, not by leaving the page for /404
      await downloadObject('cci', cciCode, job.file_key, name);
    } catch (error) {
      const raError = toRaError(error);
      notifyApiError(raError, { evenWithFieldErrors: true });
      const status = (raError as { status?: number }).status;
      if (status === 404 || status === 410) refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      onClick={download}
      disabled={busy}
      aria-label={translate('kaigi.exports.list.download_named', { name })}
      // the Shift_JIS warning is heard before the download, as it is seen
      aria-describedby={hasReplacements(job) ? replacementsId(job) : undefined}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(busy ? 'kaigi.exports.list.downloading' : 'kaigi.exports.list.download')}
    </Button>
  );
};
