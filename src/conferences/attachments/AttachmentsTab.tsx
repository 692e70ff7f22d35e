/**
 * 添付資料 of a conference (issue 6), a tab of the conference edit page: the attachments editor
 * (AttachmentsEditor.tsx), each change saved at once by the conference's versioned update; a 409
 * reloads the record and applies the change again (useAttachmentsUpdate.ts). Writing follows
 * canAccess (conferences: edit).
 */
import { useCanAccess, useRecordContext } from 'react-admin';
import type { Conference } from '../types';
import { AttachmentsEditor } from './AttachmentsEditor';
import { useAttachmentsUpdate } from './useAttachmentsUpdate';

export const AttachmentsTab = () => {
  const record = useRecordContext<Conference>();
  const { canAccess: canEdit = false, isPending: accessPending } = useCanAccess({ resource: 'conferences', action: 'edit' });
  const updateAttachments = useAttachmentsUpdate(record);
  if (!record) return null;
  return (
    <AttachmentsEditor
      attachments={record.attachments ?? []}
      canEdit={canEdit}
      accessPending={accessPending}
      update={updateAttachments}
    />
  );
};

export default AttachmentsTab;
