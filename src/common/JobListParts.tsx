/**
 * What ファイル出力 and 取込 show around their job history (exports/ExportList, imports/ImportList):
 * the empty state (nothing yet, or nothing matching the filters, with a way out) and the polite
 * note that the page reloads itself while a job runs. Each list passes its own translation keys.
 */
import { Box, Button, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useListContext, useTranslate } from 'react-admin';

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

export interface JobsEmptyKeys {
  title: string;
  hint: string;
  filtered: string;
  filtered_hint: string;
  clear_filters: string;
}

/** Keys of a list's `empty` messages under `prefix` (kaigi.exports.empty, kaigi.imports.empty). */
export const emptyKeys = (prefix: 'kaigi.exports.empty' | 'kaigi.imports.empty'): JobsEmptyKeys => ({
  title: `${prefix}.title`,
  hint: `${prefix}.hint`,
  filtered: `${prefix}.filtered`,
  filtered_hint: `${prefix}.filtered_hint`,
  clear_filters: `${prefix}.clear_filters`,
});

export const JobsEmpty = ({ keys }: { keys: JobsEmptyKeys }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some(isSet);
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(filtered ? keys.filtered : keys.title)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(filtered ? keys.filtered_hint : keys.hint)}
      </Typography>
      {filtered && (
        <Button sx={{ mt: 2 }} variant="outlined" startIcon={<FilterAltOffIcon />} onClick={() => setFilters({}, [])}>
          {translate(keys.clear_filters)}
        </Button>
      )}
    </Box>
  );
};

/** Says (politely, once) that the page keeps itself up to date while jobs run. */
export const JobsPollingNote = <Job,>({ isActive, message }: { isActive: (job: Job) => boolean; message: string }) => {
  const translate = useTranslate();
  const { data } = useListContext();
  const active = ((data ?? []) as Job[]).some(isActive);
  return (
    <Box aria-live="polite" sx={{ px: 2, pt: active ? 1 : 0 }}>
      {active && (
        <Typography variant="caption" color="text.secondary">
          {translate(message)}
        </Typography>
      )}
    </Box>
  );
};
