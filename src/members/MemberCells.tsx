/** Small display pieces of 会員 shared by the list, the detail and the positions screens. */
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatJaDate } from '../common/JaDateField';

/** Name with its フリガナ beneath. */
export const NameWithKana = ({ name, kana }: { name?: string | null; kana?: string | null }) => (
  <Stack spacing={0.25}>
    <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
      {name}
    </Typography>
    {kana && (
      <Typography variant="caption" component="span" color="text.secondary">
        {kana}
      </Typography>
    )}
  </Stack>
);

/** 2026/04/01(水) 〜 現在 — open ends in words (DESIGN §4: a missing start or end is open). */
export const PeriodText = ({ start, end }: { start?: string | null; end?: string | null }) => {
  const translate = useTranslate();
  const from = start ? formatJaDate(start) : translate('kaigi.members.period.open_start');
  const to = end ? formatJaDate(end) : translate('kaigi.members.period.open_end');
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {from} 〜 {to}
    </Typography>
  );
};
