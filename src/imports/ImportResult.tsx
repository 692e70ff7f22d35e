/**
 * What an import found (DESIGN.md §11.4): the counts (新規 / 更新 / 変更なし / エラー), the first
 * errors with the sheet's row number, the column and the Japanese reason, the warnings (unknown
 * columns …), every row that changes, before → after (ImportChanges), and the first rows as the
 * server read them. The tables scroll sideways inside their
 * own focusable region, so a 375 px page does not widen and a keyboard can scroll them.
 */
import { useId, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCount } from '../exports/format';
import { ImportChanges } from './ImportChanges';
import { previewHeaders, previewRows, previewText, type ImportCounts, type ImportJob } from './types';

/** Errors listed on the page; the error file has them all. */
export const ERRORS_SHOWN = 50;

const COUNT_KEYS = ['created', 'updated', 'unchanged', 'failed'] as const satisfies readonly (keyof ImportCounts)[];

export const ImportCountsSummary = ({ counts }: { counts: ImportCounts }) => {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 500 }}>
        {translate('kaigi.imports.counts.title')}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {translate('kaigi.imports.counts.rows')} {formatCount(counts.rows)}
        </Typography>
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, minmax(120px, 180px))' },
          gap: 1,
          m: 0,
          mt: 1,
        }}
      >
        {COUNT_KEYS.map((key) => (
          <Paper
            key={key}
            variant="outlined"
            sx={{ p: 1.5, borderColor: key === 'failed' && counts.failed > 0 ? 'error.main' : undefined }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`kaigi.imports.counts.${key}`)}
            </Typography>
            <Typography
              component="dd"
              variant="h5"
              sx={{ m: 0, fontWeight: 500, color: key === 'failed' && counts.failed > 0 ? 'error.main' : undefined }}
            >
              {formatCount(counts[key])}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
};

/** A table in a labelled region that scrolls sideways and can take the keyboard focus to do so. */
const ScrollingTable = ({ label, children }: { label: string; children: ReactNode }) => (
  <TableContainer component={Paper} variant="outlined" role="region" aria-label={label} tabIndex={0} sx={{ maxWidth: '100%' }}>
    <Table size="small">{children}</Table>
  </TableContainer>
);

export const ImportErrors = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const headingId = useId();
  const errors = job.errors ?? [];
  if (errors.length === 0) return null;
  const shown = errors.slice(0, ERRORS_SHOWN);
  const title = translate('kaigi.imports.errors.title');
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      <ScrollingTable label={translate('kaigi.imports.errors.region')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('kaigi.imports.errors.row')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('kaigi.imports.errors.column')}</TableCell>
            <TableCell>{translate('kaigi.imports.errors.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((error, index) => (
            <TableRow key={`${error.row}-${error.column}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{error.row}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{error.column ?? ''}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      {(errors.length > shown.length || (job.counts?.failed ?? 0) > new Set(shown.map((e) => e.row)).size) && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {translate('kaigi.imports.errors.shown', {
            shown: formatCount(shown.length),
            count: formatCount(job.counts?.failed ?? errors.length),
          })}
        </Typography>
      )}
    </Box>
  );
};

export const ImportWarnings = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const warnings = job.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" role="status">
      <Typography variant="subtitle2" component="h3">
        {translate('kaigi.imports.warnings.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning, index) => (
          <li key={`${warning.code}-${index}`}>{warning.message}</li>
        ))}
      </Box>
    </Alert>
  );
};

/** The first rows as the server read them, each with its sheet row number. */
export const ImportPreviewTable = ({ job }: { job: ImportJob }) => {
  const translate = useTranslate();
  const headingId = useId();
  const rows = previewRows(job);
  if (rows.length === 0) return null;
  const headers = previewHeaders(job.type, rows);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 500, mb: 1 }}>
        {translate('kaigi.imports.preview.title', { count: rows.length })}
      </Typography>
      <ScrollingTable label={translate('kaigi.imports.preview.region')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('kaigi.imports.preview.row')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('kaigi.imports.preview.result')}</TableCell>
            {headers.map((header) => (
              <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${String(row.row)}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{row.row}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: row.result === 'failed' ? 'error.main' : undefined }}>
                {row.result ? translate(`kaigi.imports.counts.${row.result}`) : ''}
              </TableCell>
              {headers.map((header) => (
                <TableCell
                  key={header}
                  sx={{ whiteSpace: 'nowrap', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {previewText(row.values[header])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
    </Box>
  );
};

/** The results in their order on the page. */
export const ImportResult = ({ job, actions }: { job: ImportJob; actions?: ReactNode }) => (
  <Stack spacing={3}>
    {job.counts && <ImportCountsSummary counts={job.counts} />}
    {actions}
    <ImportWarnings job={job} />
    <ImportErrors job={job} />
    <ImportChanges job={job} />
    <ImportPreviewTable job={job} />
  </Stack>
);
