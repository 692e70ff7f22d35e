/**
 * The rows of an attachments editor (AttachmentsEditor.tsx): a file being uploaded (progress, cancel)
 * or refused (the reason, dismiss), and a stored attachment (name, size, download, delete).
 */
import { Alert, Box, CircularProgress, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { formatFileSize } from '../../utils/fileSize';
import type { Attachment } from './useAttachmentsUpdate';

export interface UploadRow {
  id: string;
  name: string;
  state: 'uploading' | 'saving' | 'error';
  progress: number;
  message?: string;
  controller?: AbortController;
}

let rowSeq = 0;
export const nextRowId = () => `upload-${(rowSeq += 1)}`;

export const UploadStatus = ({
  row,
  savingKey,
  onCancel,
  onDismiss,
}: {
  row: UploadRow;
  /** 「…を会議に登録しています…」 or the 議案's */
  savingKey: string;
  onCancel: (row: UploadRow) => void;
  onDismiss: (row: UploadRow) => void;
}) => {
  const translate = useTranslate();
  if (row.state === 'error') {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <IconButton
            size="small"
            color="inherit"
            aria-label={translate('kaigi.conferences.attachments.dismiss')}
            onClick={() => onDismiss(row)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        }
        sx={{ overflowWrap: 'anywhere' }}
      >
        {row.message}
      </Alert>
    );
  }
  const uploading = row.state === 'uploading';
  return (
    <Box sx={{ py: 1 }} data-testid="upload-row">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {uploading
            ? translate('kaigi.conferences.attachments.uploading', { name: row.name })
            : translate(savingKey, { name: row.name })}
        </Typography>
        {uploading && (
          <Typography variant="body2" color="text.secondary" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {row.progress}%
          </Typography>
        )}
        {uploading && (
          <Tooltip title={translate('kaigi.conferences.attachments.cancel_upload', { name: row.name })}>
            <IconButton
              size="small"
              aria-label={translate('kaigi.conferences.attachments.cancel_upload', { name: row.name })}
              onClick={() => onCancel(row)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={uploading ? row.progress : undefined}
        aria-label={translate('kaigi.conferences.attachments.upload_progress', { name: row.name })}
        aria-valuetext={uploading ? `${row.progress}%` : undefined}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
};

export const AttachmentRow = ({
  attachment,
  canEdit,
  downloading,
  onDownload,
  onDelete,
}: {
  attachment: Attachment;
  canEdit: boolean;
  downloading: boolean;
  onDownload: (a: Attachment) => void;
  onDelete: (a: Attachment) => void;
}) => {
  const translate = useTranslate();
  const downloadLabel = translate(
    downloading ? 'kaigi.conferences.attachments.downloading' : 'kaigi.conferences.attachments.download',
    { name: attachment.name },
  );
  const deleteLabel = translate('kaigi.conferences.attachments.delete', { name: attachment.name });
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <InsertDriveFileIcon color="action" aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {attachment.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('kaigi.conferences.attachments.file_size', { size: formatFileSize(attachment.size) })}
        </Typography>
      </Box>
      <Tooltip title={downloadLabel}>
        <span>
          <IconButton
            aria-label={downloadLabel}
            aria-busy={downloading}
            disabled={downloading}
            onClick={() => onDownload(attachment)}
          >
            {downloading ? <CircularProgress size={20} aria-hidden /> : <DownloadIcon />}
          </IconButton>
        </span>
      </Tooltip>
      {canEdit && (
        <Tooltip title={deleteLabel}>
          <IconButton aria-label={deleteLabel} color="error" onClick={() => onDelete(attachment)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
};
