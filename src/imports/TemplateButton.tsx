/** テンプレート (issue 17): the kind's XLSX with the export's headers and one example row. */
import { useId, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslate } from 'react-admin';
import { useSession } from '../session/useSession';
import { downloadTemplate, TemplateDownloadError } from './template';
import type { ImportType } from './types';

export const TemplateButton = ({ type }: { type: ImportType }) => {
  const translate = useTranslate();
  const cciCode = useSession().cciUser?.cci_code;
  const helpId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = translate('kaigi.imports.upload.template', { type: translate(`kaigi.imports.types.${type}`) });

  const download = async () => {
    if (!cciCode) return;
    setBusy(true);
    setError(null);
    try {
      await downloadTemplate(cciCode, type, `${label}.xlsx`);
    } catch (e) {
      const reason =
        (e instanceof TemplateDownloadError && e.detail) || translate('kaigi.imports.upload.template_failed_unknown');
      setError(translate('kaigi.imports.upload.template_failed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={download}
        disabled={busy}
        aria-describedby={helpId}
      >
        {label}
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" id={helpId} sx={{ mt: 0.5 }}>
        {translate('kaigi.imports.upload.template_help')}
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
