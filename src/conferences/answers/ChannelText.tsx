/**
 * How an answer came in (ポータル / 会議所受付（FAX）…), who recorded it (the staff member, or the
 * company's user in the portal: `expand=recorder`, issue 33) and 期限後 when it came after the
 * deadline (DESIGN.md §11.2).
 */
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelLabel } from '../channels';
import type { ConferenceMember } from '../types';

export const ChannelText = ({
  row,
}: {
  row: Pick<ConferenceMember, 'answer_content' | 'answer_channel' | 'answered_late' | 'recorder'>;
}) => {
  const translate = useTranslate();
  const label = row.answer_content ? channelLabel(row.answer_channel, translate) : '';
  const recorder = row.answer_content ? row.recorder?.name : undefined;
  if (!label && !recorder && !row.answered_late) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {label && (
        <Typography variant="caption" color="text.secondary" component="span">
          {label}
        </Typography>
      )}
      {recorder && (
        <Typography variant="caption" color="text.secondary" component="span">
          {translate('kaigi.channels.recorded_by', { name: recorder })}
        </Typography>
      )}
      {row.answered_late && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={translate('kaigi.channels.late')}
          title={translate('kaigi.channels.late_label')}
        />
      )}
    </Stack>
  );
};
