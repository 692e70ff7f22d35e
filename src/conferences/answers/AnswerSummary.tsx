/**
 * One invitee's answer as the console lists it (回答状況 and 招待者 tabs): the answer, the substitute
 * for 代理出席, how it came in and who recorded it (DESIGN.md §11.2, issue 33).
 */
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AnswerChip } from '../ConferenceChips';
import type { InviteeRecord } from '../useConferenceMembers';
import { ChannelText } from './ChannelText';

const proxyText = (row: InviteeRecord, translate: ReturnType<typeof useTranslate>) =>
  row.answer_content === 'proxy_attend' && row.proxy_name
    ? row.proxy_title
      ? translate('kaigi.conferences.answer.proxy_with_title', { name: row.proxy_name, title: row.proxy_title })
      : translate('kaigi.conferences.answer.proxy', { name: row.proxy_name })
    : '';

export const AnswerSummary = ({ row }: { row: InviteeRecord }) => {
  const translate = useTranslate();
  const proxy = proxyText(row, translate);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <AnswerChip answer={row.answer_content} />
      {proxy && (
        <Typography variant="body2" component="span">
          {proxy}
        </Typography>
      )}
      <ChannelText row={row} />
    </Stack>
  );
};
