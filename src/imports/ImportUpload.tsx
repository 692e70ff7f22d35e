/**
 * 新しく取り込む (issue 17, DESIGN.md §11.4): which list (事業所 / 会員 / 役職), its template, whether
 * failing rows are left out (skip_invalid), and the file — dropped on the area or chosen with its
 * button (keyboard). The file is checked here (XLSX or CSV, ≤ 20 MB), uploaded with purpose
 * "import", and a dry run is started at once; the page of that import then shows its progress and
 * result. Nothing is written until 取込実行 there.
 */
import { useId, useState } from 'react';
import { FileDropZone } from '../common/FileDropZone';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useCreate, useTranslate } from 'react-admin';
import { useSession } from '../session/useSession';
import { uploadToStorage } from '../conferences/attachments/objectStorage';
import { IMPORT_TYPES, type ImportCreate, type ImportJob, type ImportType } from './types';
import { IMPORT_ACCEPT, checkImportFile, requestImportUploadUrl } from './upload';
import { importErrorReason } from './errorReason';
import { TemplateButton } from './TemplateButton';

type Phase =
  | { state: 'idle' }
  | { state: 'uploading'; name: string; percent: number }
  | { state: 'starting'; name: string }
  | { state: 'error'; message: string };

export const ImportUpload = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const cciCode = useSession().cciUser?.cci_code;
  const [create] = useCreate<ImportJob>();
  const ids = { legend: useId(), skipHelp: useId(), heading: useId() };
  const [type, setType] = useState<ImportType>('companies');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const busy = phase.state === 'uploading' || phase.state === 'starting';

  const start = async (file: File) => {
    if (busy || !cciCode) return;
    const check = checkImportFile(file);
    if (!check.ok) {
      setPhase({ state: 'error', message: translate(`kaigi.imports.upload.${check.reason}`, { name: file.name }) });
      return;
    }
    setPhase({ state: 'uploading', name: file.name, percent: 0 });
    try {
      const target = await requestImportUploadUrl(cciCode, file, check.contentType);
      await uploadToStorage(target, file, (percent) => setPhase({ state: 'uploading', name: file.name, percent }));
      setPhase({ state: 'starting', name: file.name });
      const data: ImportCreate = { type, key: target.key, dry_run: true, skip_invalid: skipInvalid };
      const job = await create('imports', { data }, { returnPromise: true });
      if (job) navigate(`/imports/${encodeURIComponent(String(job.id))}/show`);
    } catch (error) {
      const reason = importErrorReason(error, translate);
      setPhase({ state: 'error', message: translate('kaigi.imports.upload.failed', { name: file.name, reason }) });
    }
  };

  return (
    <Card component="section" aria-labelledby={ids.heading} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={ids.heading}>
          {translate('kaigi.imports.upload.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {translate('kaigi.imports.upload.intro')}
        </Typography>
        <Stack spacing={2}>
          <FormControl component="fieldset" disabled={busy}>
            <FormLabel component="legend" id={ids.legend}>
              {translate('kaigi.imports.upload.type')}
            </FormLabel>
            <RadioGroup
              row
              name="type"
              value={type}
              aria-labelledby={ids.legend}
              onChange={(event) => setType(event.target.value as ImportType)}
            >
              {IMPORT_TYPES.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio />}
                  label={translate(`kaigi.imports.types.${option}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TemplateButton type={type} />
          <FormControl disabled={busy}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={skipInvalid}
                  onChange={(event) => setSkipInvalid(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': ids.skipHelp } }}
                />
              }
              label={translate('kaigi.imports.upload.skip_invalid')}
            />
            <FormHelperText id={ids.skipHelp} sx={{ mt: 0 }}>
              {translate('kaigi.imports.upload.skip_invalid_help')}
            </FormHelperText>
          </FormControl>
          <FileDropZone
            testId="import"
            accept={IMPORT_ACCEPT}
            disabled={busy}
            onFiles={([file]) => {
              if (file) void start(file);
            }}
            labels={{
              choose: 'kaigi.imports.upload.choose',
              dropHere: 'kaigi.imports.upload.drop_here',
              dropActive: 'kaigi.imports.upload.drop_active',
              help: 'kaigi.imports.upload.help',
            }}
          />
          <Box aria-live="polite">
            {phase.state === 'uploading' && (
              <Stack spacing={0.5}>
                <LinearProgress
                  variant="determinate"
                  value={phase.percent}
                  aria-label={translate('kaigi.imports.upload.progress_label', { name: phase.name })}
                />
                <Typography variant="caption" color="text.secondary">
                  {translate('kaigi.imports.upload.uploading', { name: phase.name, percent: phase.percent })}
                </Typography>
              </Stack>
            )}
            {phase.state === 'starting' && (
              <Typography variant="body2" color="text.secondary">
                {translate('kaigi.imports.upload.starting')}
              </Typography>
            )}
          </Box>
          <Box aria-live="assertive">{phase.state === 'error' && <Alert severity="error">{phase.message}</Alert>}</Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
