/**
 * 取込実行 (DESIGN.md §11.4): runs a succeeded dry run's file for real (POST …/import/{id}/apply,
 * a new import job) after a dialog that says what will be written — and, when rows failed and
 * skip_invalid is off, that nothing will be (writing is all or nothing). Disabled, with the reason
 * beside it, until the dry run has succeeded. On success the new job's page opens.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useDataProvider, useTranslate } from 'react-admin';
import type { KaigiDataProvider } from '../providers/dataProvider';
import { formatCount } from '../exports/format';
import { importErrorReason } from './errorReason';
import { fileNameOf, isApplicable, type ImportJob } from './types';

export const ImportApplyButton = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ids = { title: useId(), hint: useId() };
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = isApplicable(job);
  const counts = job.counts ?? { rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  const type = translate(`kaigi.imports.types.${job.type}`);

  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await dataProvider.applyImport(job.id);
      setOpen(false);
      navigate(`/imports/${encodeURIComponent(String(created.id))}/show`);
    } catch (e) {
      setError(translate('kaigi.imports.apply.failed', { reason: importErrorReason(e, translate) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button
        variant="contained"
        startIcon={<PlayArrowIcon />}
        disabled={!ready}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-describedby={ready ? undefined : ids.hint}
      >
        {translate('kaigi.imports.apply.button')}
      </Button>
      {!ready && (
        <Typography variant="caption" color="text.secondary" component="p" id={ids.hint} sx={{ mt: 0.5 }}>
          {translate('kaigi.imports.apply.disabled_hint')}
        </Typography>
      )}
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby={ids.title}
        fullScreen={fullScreen}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={ids.title}>{translate('kaigi.imports.apply.title', { type })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {translate('kaigi.imports.apply.will_write', {
              name: fileNameOf(job.key),
              created: formatCount(counts.created),
              updated: formatCount(counts.updated),
              unchanged: formatCount(counts.unchanged),
            })}
          </DialogContentText>
          {counts.failed > 0 && (
            <Alert severity={job.skip_invalid ? 'info' : 'warning'} sx={{ mb: 1 }}>
              {translate(job.skip_invalid ? 'kaigi.imports.apply.errors_skip' : 'kaigi.imports.apply.errors_all_or_nothing', {
                count: formatCount(counts.failed),
              })}
            </Alert>
          )}
          <Box aria-live="assertive">{error && <Alert severity="error">{error}</Alert>}</Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('kaigi.imports.apply.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={apply}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {translate('kaigi.imports.apply.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
