/**
 * 添付資料 of a conference (issue 6), a tab of the conference edit page:
 * - the list (name, size, download through get_object_url);
 * - upload (file picker or drag and drop, several at once): each file is checked in the browser
 *   (type, 20 MB, at most 20 per conference), then put_object_url → PUT of the bytes with a
 *   progress bar → the conference's versioned update adds { key, name, size };
 * - delete, after a confirmation, by the versioned update without that entry.
 * Writing follows canAccess (conferences: edit); a 409 reloads the record and applies the change
 * again (useAttachmentsUpdate.ts).
 */
import { useCallback, useId, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Confirm, useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useSession } from '../../session/useSession';
import type { Conference } from '../types';
import { attachmentErrorReason } from './attachmentErrors';
import { downloadObject } from '../../api/objectDownload';
import { requestUploadUrl, uploadToStorage, UploadError } from './objectStorage';
import { formatFileSize } from '../../utils/fileSize';
import { ACCEPT, MAX_ATTACHMENTS, checkUpload } from './uploadRules';
import { AttachmentsConflictError, useAttachmentsUpdate, type Attachment } from './useAttachmentsUpdate';

const MAX_NAME_LENGTH = 255;

interface UploadRow {
  id: string;
  name: string;
  state: 'uploading' | 'saving' | 'error';
  progress: number;
  message?: string;
  controller?: AbortController;
}

let rowSeq = 0;
const nextRowId = () => `upload-${(rowSeq += 1)}`;

const UploadStatus = ({
  row,
  onCancel,
  onDismiss,
}: {
  row: UploadRow;
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
            : translate('kaigi.conferences.attachments.saving', { name: row.name })}
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

const AttachmentRow = ({
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

export const AttachmentsTab = () => {
  const record = useRecordContext<Conference>();
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const cciCode = session.cciUser?.cci_code ?? '';
  const { canAccess: canEdit = false, isPending: accessPending } = useCanAccess({ resource: 'conferences', action: 'edit' });
  const updateAttachments = useAttachmentsUpdate(record);
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const headingId = useId();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [dragActive, setDragActive] = useState(false);
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState(false);

  const attachments = record?.attachments ?? [];
  const inFlight = rows.filter((r) => r.state !== 'error').length;

  const patchRow = useCallback(
    (id: string, patch: Partial<UploadRow>) => setRows((current) => current.map((r) => (r.id === id ? { ...r, ...patch } : r))),
    [],
  );
  const removeRow = useCallback((id: string) => setRows((current) => current.filter((r) => r.id !== id)), []);
  const failRow = useCallback(
    (id: string, message: string) => patchRow(id, { state: 'error', message, controller: undefined }),
    [patchRow],
  );

  const uploadOne = useCallback(
    async (row: UploadRow, file: File, contentType: string) => {
      const controller = row.controller!;
      try {
        const target = await requestUploadUrl(cciCode, file, contentType);
        if (controller.signal.aborted) throw new UploadError(0, undefined, true);
        await uploadToStorage(target, file, (progress) => patchRow(row.id, { progress }), { signal: controller.signal });
        patchRow(row.id, { state: 'saving', progress: 100, controller: undefined });
        const entry: Attachment = { key: target.key, name: row.name, size: file.size };
        const { reloaded } = await updateAttachments((current) => [...current.filter((a) => a.key !== entry.key), entry]);
        removeRow(row.id);
        notify(reloaded ? 'kaigi.conferences.attachments.reloaded_retry' : 'kaigi.conferences.attachments.uploaded', {
          type: 'success',
          messageArgs: { name: row.name },
        });
      } catch (error) {
        if (error instanceof UploadError && error.aborted) {
          removeRow(row.id);
          notify('kaigi.conferences.attachments.cancelled', { type: 'info', messageArgs: { name: row.name } });
          return;
        }
        const reason =
          error instanceof AttachmentsConflictError
            ? translate('kaigi.conferences.errors.attachment_conflict')
            : attachmentErrorReason(error, translate);
        failRow(row.id, translate('kaigi.conferences.errors.attachment_upload_failed', { name: row.name, reason }));
      }
    },
    [cciCode, failRow, notify, patchRow, removeRow, translate, updateAttachments],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      if (!canEdit || files.length === 0) return;
      let room = MAX_ATTACHMENTS - attachments.length - inFlight;
      const added: UploadRow[] = [];
      const starts: Array<() => void> = [];
      for (const file of files) {
        const name = file.name.slice(0, MAX_NAME_LENGTH);
        const row: UploadRow = { id: nextRowId(), name, state: 'uploading', progress: 0 };
        const check = checkUpload(file);
        if (!check.ok) {
          const key =
            check.reason === 'unsupported_file_type'
              ? 'attachment_unsupported'
              : check.reason === 'file_too_large'
                ? 'attachment_too_large'
                : 'attachment_empty';
          added.push({
            ...row,
            state: 'error',
            message: translate(`kaigi.conferences.errors.${key}`, { name, size: formatFileSize(file.size) }),
          });
          continue;
        }
        if (room <= 0) {
          added.push({ ...row, state: 'error', message: translate('kaigi.conferences.errors.attachment_too_many', { name }) });
          continue;
        }
        room -= 1;
        const uploading = { ...row, controller: new AbortController() };
        added.push(uploading);
        starts.push(() => void uploadOne(uploading, file, check.contentType));
      }
      setRows((current) => [...current, ...added]);
      starts.forEach((start) => start());
    },
    [attachments.length, canEdit, inFlight, translate, uploadOne],
  );

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragActive(false);
    addFiles(Array.from(event.dataTransfer?.files ?? []));
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragActive(true);
  };

  const download = async (attachment: Attachment) => {
    setDownloadError(null);
    setDownloading((current) => new Set(current).add(attachment.key));
    try {
      await downloadObject('cci', cciCode, attachment.key, attachment.name);
    } catch (error) {
      setDownloadError(
        translate('kaigi.conferences.errors.attachment_download_failed', {
          name: attachment.name,
          reason: attachmentErrorReason(error, translate),
        }),
      );
    } finally {
      setDownloading((current) => {
        const next = new Set(current);
        next.delete(attachment.key);
        return next;
      });
    }
  };

  const confirmDelete = async () => {
    const target = toDelete;
    if (!target) return;
    setDeleting(true);
    try {
      const { reloaded } = await updateAttachments((current) => current.filter((a) => a.key !== target.key));
      notify(reloaded ? 'kaigi.conferences.attachments.reloaded_retry' : 'kaigi.conferences.attachments.deleted', {
        type: 'success',
        messageArgs: { name: target.name },
      });
    } catch (error) {
      const reason =
        error instanceof AttachmentsConflictError
          ? translate('kaigi.conferences.errors.attachment_conflict')
          : attachmentErrorReason(error, translate);
      const message = translate('kaigi.conferences.errors.attachment_delete_failed', { name: target.name, reason });
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  if (!record) return null;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography variant="h6" component="h2" id={headingId}>
          {translate('kaigi.conferences.attachments.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.conferences.attachments.count', { count: attachments.length })}
        </Typography>
      </Stack>

      {canEdit ? (
        <Box
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setDragActive(false)}
          onDrop={onDrop}
          data-testid="attachment-dropzone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragActive ? 'primary.main' : 'divider',
            bgcolor: dragActive ? 'action.hover' : 'transparent',
            borderRadius: 1,
            p: { xs: 2, sm: 3 },
            mb: 2,
            textAlign: 'center',
          }}
        >
          <CloudUploadIcon color={dragActive ? 'primary' : 'action'} sx={{ fontSize: 40 }} aria-hidden />
          <Box sx={{ my: 1 }}>
            <Button
              variant="contained"
              startIcon={<CloudUploadIcon />}
              onClick={() => inputRef.current?.click()}
              aria-describedby={helpId}
            >
              {translate('kaigi.conferences.attachments.choose')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {translate(dragActive ? 'kaigi.conferences.attachments.drop_active' : 'kaigi.conferences.attachments.drop_here')}
          </Typography>
          <Typography variant="caption" color="text.secondary" id={helpId} component="p" sx={{ mt: 1 }}>
            {translate('kaigi.conferences.attachments.help')}
          </Typography>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            data-testid="attachment-input"
            aria-label={translate('kaigi.conferences.attachments.choose')}
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </Box>
      ) : accessPending ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('kaigi.conferences.attachments.read_only')}
        </Typography>
      )}

      {/* a named group: ARIA does not allow aria-label on an element without a role (axe aria-prohibited-attr) */}
      <Box
        role="group"
        aria-live="polite"
        aria-label={translate('kaigi.conferences.attachments.uploads_label')}
        sx={{ mb: rows.length ? 2 : 0 }}
      >
        <Stack spacing={1}>
          {rows.map((row) => (
            <UploadStatus key={row.id} row={row} onCancel={(r) => r.controller?.abort()} onDismiss={(r) => removeRow(r.id)} />
          ))}
        </Stack>
      </Box>

      {downloadError && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setDownloadError(null)}
          closeText={translate('kaigi.conferences.attachments.dismiss')}
          sx={{ mb: 2, overflowWrap: 'anywhere' }}
        >
          {downloadError}
        </Alert>
      )}

      {attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.conferences.attachments.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={translate('kaigi.conferences.attachments.list_label')}
          sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
        >
          {attachments.map((attachment) => (
            <AttachmentRow
              key={attachment.key}
              attachment={attachment}
              canEdit={canEdit}
              downloading={downloading.has(attachment.key)}
              onDownload={(a) => void download(a)}
              onDelete={setToDelete}
            />
          ))}
        </Box>
      )}

      <Confirm
        isOpen={toDelete !== null}
        loading={deleting}
        title="kaigi.conferences.attachments.delete_confirm_title"
        content="kaigi.conferences.attachments.delete_confirm_content"
        translateOptions={{ name: toDelete?.name ?? '' }}
        confirmColor="warning"
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
};

export default AttachmentsTab;
