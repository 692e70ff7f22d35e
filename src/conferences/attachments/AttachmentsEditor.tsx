/**
 * Attachments of a record (issue 6; a 議案's too, issue 34):
 * - the list (name, size, download through get_object_url);
 * - upload (file picker or drag and drop, several at once): each file is checked in the browser
 *   (type, 20 MB, at most 20), then put_object_url → PUT of the bytes with a progress bar → `update`
 *   adds { key, name, size };
 * - delete, after a confirmation, by `update` without that entry.
 * `update` decides when the change is saved: the conference's tab at once (versioned update,
 * useAttachmentsUpdate.ts), the 議案 dialog with its 保存. Texts default to the conference's
 * (kaigi.conferences.attachments.*); `texts` replaces the ones that name the record.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { FileDropZone } from '../../common/FileDropZone';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useSession } from '../../session/useSession';
import { attachmentErrorReason } from './attachmentErrors';
import { downloadObject } from '../../api/objectDownload';
import { requestUploadUrl, uploadToStorage, UploadError } from './objectStorage';
import { formatFileSize } from '../../utils/fileSize';
import { ACCEPT, MAX_ATTACHMENTS, checkUpload } from './uploadRules';
import { AttachmentsConflictError, type Attachment, type AttachmentsChange } from './useAttachmentsUpdate';
import { AttachmentRow, UploadStatus, nextRowId, type UploadRow } from './AttachmentRows';

const MAX_NAME_LENGTH = 255;
const A = 'kaigi.conferences.attachments';

/** The texts that name the record (会議 / 議案). */
export type AttachmentTexts = Partial<Record<'help' | 'saving' | 'uploaded' | 'deleted' | 'delete_confirm_content', string>>;

export interface AttachmentsEditorProps {
  attachments: readonly Attachment[];
  canEdit: boolean;
  /** the permission is still being read: neither the drop zone nor the read-only note yet */
  accessPending?: boolean;
  /** applies a change; `reloaded`: it was applied again on a newer record after a 409 */
  update: (change: AttachmentsChange) => Promise<{ reloaded: boolean }>;
  texts?: AttachmentTexts;
  /** the heading's level in the page or dialog */
  heading?: 'h2' | 'h3';
  /** told whether uploads are still running (the 議案 dialog waits for them before saving) */
  onBusyChange?: (busy: boolean) => void;
}

export const AttachmentsEditor = ({
  attachments,
  canEdit,
  accessPending = false,
  update: updateAttachments,
  texts = {},
  heading = 'h2',
  onBusyChange,
}: AttachmentsEditorProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const cciCode = session.cciUser?.cci_code ?? '';
  const text = (name: keyof AttachmentTexts) => texts[name] ?? `${A}.${name}`;
  const uploadedKey = text('uploaded');

  const headingId = useId();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState(false);

  const inFlight = rows.filter((r) => r.state !== 'error').length;
  useEffect(() => onBusyChange?.(inFlight > 0), [inFlight, onBusyChange]);

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
        notify(reloaded ? `${A}.reloaded_retry` : uploadedKey, {
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
    [cciCode, failRow, notify, patchRow, removeRow, translate, updateAttachments, uploadedKey],
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
      notify(reloaded ? `${A}.reloaded_retry` : text('deleted'), {
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

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ p: heading === 'h2' ? 2 : 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography variant={heading === 'h2' ? 'h6' : 'subtitle1'} component={heading} id={headingId}>
          {translate('kaigi.conferences.attachments.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.conferences.attachments.count', { count: attachments.length })}
        </Typography>
      </Stack>

      {canEdit ? (
        <FileDropZone
          testId="attachment"
          accept={ACCEPT}
          multiple
          onFiles={addFiles}
          labels={{
            choose: 'kaigi.conferences.attachments.choose',
            dropHere: 'kaigi.conferences.attachments.drop_here',
            dropActive: 'kaigi.conferences.attachments.drop_active',
            help: text('help'),
          }}
          sx={{ mb: 2 }}
        />
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
            <UploadStatus
              key={row.id}
              row={row}
              savingKey={text('saving')}
              onCancel={(r) => r.controller?.abort()}
              onDismiss={(r) => removeRow(r.id)}
            />
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
        content={text('delete_confirm_content')}
        translateOptions={{ name: toDelete?.name ?? '' }}
        confirmColor="warning"
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
};
