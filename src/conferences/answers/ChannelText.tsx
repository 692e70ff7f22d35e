/** How an answer came in (ポータル / 会議所受付（FAX）…) and 期限後 when it came after the deadline (DESIGN.md §11.2). */
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelLabel } from '../channels';
import type { ConferenceMember } from '../types';

export const ChannelText = ({ row }: { row: Pick<ConferenceMember, 'answer_content' | 'answer_channel' | 'answered_late'> }) => {
  const translate = useTranslate();
  const label = row.answer_content ? channelLabel(row.answer_channel, translate) : '';
  if (!label && !row.answered_late) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {label && (
        <Typography variant="caption" color="text.secondary" component="span">
          {label}
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
