/**
 * A 議案's files on the 議案 tab (issue 34): each name downloads the file (the chamber's
 * get_object_url, as the conference's attachments do); a failure is said in Japanese.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useNotify, useTranslate } from 'react-admin';
import { downloadObject } from '../../api/objectDownload';
import { useSession } from '../../session/useSession';
import { attachmentErrorReason } from '../attachments/attachmentErrors';
import type { Motion } from './types';

export const MotionAttachmentLinks = ({ motion }: { motion: Motion }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const cciCode = useSession().cciUser?.cci_code ?? '';
  const [busy, setBusy] = useState<string | null>(null);
  if (motion.attachments.length === 0) return null;

  const download = async (file: Motion['attachments'][number]) => {
    setBusy(file.key);
    try {
      await downloadObject('cci', cciCode, file.key, file.name);
    } catch (error) {
      const message = translate('kaigi.conferences.errors.attachment_download_failed', {
        name: file.name,
        reason: attachmentErrorReason(error, translate),
      });
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box
      component="ul"
      aria-label={translate('kaigi.motions.attachments.list_label', { name: motion.number })}
      sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
    >
      {motion.attachments.map((file) => (
        <Box component="li" key={file.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <AttachFileIcon fontSize="small" color="action" aria-hidden />
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => void download(file)}
            disabled={busy === file.key}
            aria-busy={busy === file.key}
            aria-label={translate('kaigi.conferences.attachments.download', { name: file.name })}
            sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {file.name}
          </Link>
        </Box>
      ))}
    </Box>
  );
};
