/**
 * A conference's attachments in the portal (issue 6): name, size and a download button per file.
 * The button asks GET /v1/company/{cci_code}/common/s3/get_object_url?path=<key> for a presigned
 * link (only attachments of conferences the company is invited to; anything else is a 404) and
 * lets the browser download it. While the link is fetched the button says so (aria-busy); a
 * failure is announced under the file (role=alert), in Japanese.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import type { CompanyConference } from '../../api/schema';
import { isHttpError } from '../../api/errors';
import { loadSession } from '../../session/sessionStore';
import { useSession } from '../../session/useSession';
import { downloadObject } from '../../api/objectDownload';
import { formatFileSize } from '../../utils/fileSize';

export type PortalAttachment = NonNullable<CompanyConference['attachments']>[number];

const errorKey = (error: unknown): string => {
  if (isHttpError(error)) {
    if (!error.hasResponse) return 'kaigi.company.meeting.download_network';
    if (error.status === 404) return 'kaigi.company.meeting.download_not_found';
  }
  return 'kaigi.company.meeting.download_error';
};

const AttachmentItem = ({ file, cciCode }: { file: PortalAttachment; cciCode: string }) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const size = formatFileSize(file.size);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      // the layout loads the session at once; should it still be loading, wait for it
      const code = cciCode || (await loadSession('COMPANY_ADMIN')).companyUser?.cci_code;
      if (!code) throw new Error('no company session');
      await downloadObject('company', code, file.key, file.name);
    } catch (failure) {
      setError(translate(errorKey(failure), { name: file.name }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="li" sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
        <AttachFileIcon fontSize="small" color="action" aria-hidden />
        <Typography variant="body2" sx={{ flex: '1 1 10em', minWidth: 0, overflowWrap: 'anywhere' }}>
          {file.name}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
            {size}
          </Typography>
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy}
          aria-label={translate('kaigi.company.meeting.download_file', { name: file.name, size })}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon aria-hidden />}
          sx={{ ml: 'auto', flexShrink: 0, minHeight: 36 }}
        >
          {translate(busy ? 'kaigi.company.meeting.downloading' : 'kaigi.company.meeting.download')}
        </Button>
      </Box>
      {error && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setError(null)}
          closeText={translate('kaigi.company.common.close')}
          sx={{ mt: 1, overflowWrap: 'anywhere' }}
        >
          {error}
        </Alert>
      )}
    </Box>
  );
};

export const AttachmentList = ({ files, label }: { files: readonly PortalAttachment[]; label?: string }) => {
  const session = useSession();
  const cciCode = session.companyUser?.cci_code ?? '';
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 0, listStyle: 'none', borderTop: 1, borderColor: 'divider' }}>
      {files.map((file) => (
        <AttachmentItem key={file.key} file={file} cciCode={cciCode} />
      ))}
    </Box>
  );
};
