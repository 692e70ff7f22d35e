/** 議長 and two 議事録署名人, chosen from the attendees (checked in) of the conference (issue 35). */
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MinutesUpdate, MinutesView } from './types';

export type Edit = Omit<MinutesUpdate, 'revision'>;

export const SignatoryPicker = ({
  view,
  disabled,
  onChange,
}: {
  view: MinutesView;
  disabled: boolean;
  onChange: (edit: Edit) => void;
}) => {
  const translate = useTranslate();
  const { chair, signatories } = view.minutes.content;
  const ids = [
    chair?.conference_member_id ?? '',
    signatories[0]?.conference_member_id ?? '',
    signatories[1]?.conference_member_id ?? '',
  ];
  const choose = (slot: number, value: string) => {
    const next = [...ids];
    next[slot] = value === '' ? '' : Number(value);
    const picked = next.slice(1).filter((v): v is number => v !== '');
    onChange(slot === 0 ? { chair_id: next[0] === '' ? null : (next[0] as number) } : { signatory_ids: picked });
  };
  return (
    <Box component="section" aria-labelledby="minutes-signatories-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="minutes-signatories-heading">
        {translate('kaigi.minutes.signatories.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {view.attendees.length === 0
          ? translate('kaigi.minutes.signatories.no_attendees')
          : translate('kaigi.minutes.signatories.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['chair', 'first', 'second'] as const).map((slot, i) => (
          <TextField
            key={slot}
            select
            label={translate(`kaigi.minutes.signatories.${slot}`)}
            value={ids[i]}
            onChange={(e) => choose(i, e.target.value)}
            disabled={disabled || view.attendees.length === 0}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{translate('kaigi.minutes.signatories.none')}</MenuItem>
            {view.attendees.map((a) => (
              <MenuItem key={a.conference_member_id} value={a.conference_member_id}>
                {a.company_name ? `${a.name}（${a.company_name}）` : a.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
    </Box>
  );
};
