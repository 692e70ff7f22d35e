/**
 * The Shift_JIS warning of a finished job (issue 15 item 6), shown beside its download button before
 * the user downloads: how many characters became 〓, the cells they were in (row as a spreadsheet
 * numbers it, column, text — the first three, the rest on request) and what to export instead.
 * The download button points at it (aria-describedby), so screen readers hear it too.
 */
import { useId, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import { formatCount } from './format';
import type { ExportJob } from './types';

/** The cells named before the rest is asked for. */
const SHOWN_FIRST = 3;
/** What the server lists at most (server/jobs/writers/csv.ts SJIS_REPLACEMENTS_LISTED). */
const LISTED_AT_MOST = 50;

export const replacementsId = (job: Pick<ExportJob, 'id'>) => `export-${job.id}-replacements`;

export const hasReplacements = (job: Pick<ExportJob, 'replaced_char_count'>) => (job.replaced_char_count ?? 0) > 0;

export const ExportReplacements = ({ job }: { job: ExportJob }) => {
  const translate = useTranslate();
  const listId = useId();
  const [all, setAll] = useState(false);
  if (!hasReplacements(job)) return null;
  const cells = job.replacements ?? [];
  const shown = all ? cells : cells.slice(0, SHOWN_FIRST);
  return (
    <Stack
      id={replacementsId(job)}
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'flex-start', color: 'warning.dark', minWidth: { sm: 260 }, maxWidth: 360 }}
    >
      <WarningAmberIcon fontSize="small" aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ color: 'inherit' }}>
          {translate('kaigi.exports.list.replaced', { count: formatCount(job.replaced_char_count!) })}
        </Typography>
        {cells.length > 0 && (
          <Box component="ul" id={listId} sx={{ m: 0, pl: 2, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {shown.map((cell) => (
              <Typography key={`${cell.row}-${cell.column}`} component="li" variant="caption" sx={{ display: 'list-item' }}>
                {translate('kaigi.exports.list.replaced_cell', {
                  row: formatCount(cell.row),
                  column: cell.column,
                  value: cell.value,
                  chars: cell.chars,
                })}
              </Typography>
            ))}
          </Box>
        )}
        {cells.length > SHOWN_FIRST && (
          <Button
            size="small"
            onClick={() => setAll((v) => !v)}
            aria-expanded={all}
            aria-controls={listId}
            sx={{ px: 0.5, minWidth: 0 }}
          >
            {translate(all ? 'kaigi.exports.list.replaced_less' : 'kaigi.exports.list.replaced_more', {
              count: cells.length - SHOWN_FIRST,
            })}
          </Button>
        )}
        {all && cells.length >= LISTED_AT_MOST && (
          <Typography variant="caption" component="p" color="text.secondary">
            {translate('kaigi.exports.list.replaced_first', { count: LISTED_AT_MOST })}
          </Typography>
        )}
        <Typography variant="caption" component="p" color="text.secondary">
          {translate('kaigi.exports.list.replaced_hint')}
        </Typography>
      </Box>
    </Stack>
  );
};
