/**
 * エラーファイルをダウンロード (DESIGN.md §11.4): the failing rows with a 理由 column, through
 * GET …/common/s3/get_object_url like the exports' files. A refused download is told in Japanese.
 */
import { useId, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslate } from 'react-admin';
import { downloadObject } from '../api/objectDownload';
import { useSession } from '../session/useSession';
import { importErrorReason } from './errorReason';
import type { ImportJob } from './types';

export const ErrorFileButton = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const cciCode = useSession().cciUser?.cci_code;
  const helpId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = job.error_file_key;
  if (!key || !cciCode) return null;

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadObject('cci', cciCode, key, key.slice(key.lastIndexOf('/') + 1));
    } catch (e) {
      setError(importErrorReason(e, translate));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button
        variant="outlined"
        color="error"
        startIcon={<FileDownloadIcon />}
        onClick={download}
        disabled={busy}
        aria-describedby={helpId}
      >
        {translate(busy ? 'kaigi.imports.errors.downloading' : 'kaigi.imports.errors.download')}
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" id={helpId} sx={{ mt: 0.5 }}>
        {translate('kaigi.imports.errors.download_help')}
      </Typography>
      <Box aria-live="assertive">
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
    </Box>
  );
};
