/** The preview of 「メッセージを送信」: the recipients (送付不可 where a company has no address) and the rendered text. */
import { Box, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ManualNotificationResult } from '../types';

export const MessagePreview = ({ result }: { result: ManualNotificationResult }) => {
  const translate = useTranslate();
  const undeliverable = result.recipients.filter((r) => r.to === null).length;
  return (
    <Stack spacing={2}>
      <Box component="section" aria-labelledby="message-preview-recipients">
        <Typography variant="subtitle2" component="h3" id="message-preview-recipients">
          {translate('kaigi.notifications.message.preview_recipients', { count: result.recipients.length })}
        </Typography>
        {undeliverable > 0 && (
          <Typography variant="body2" color="warning.main">
            {translate('kaigi.notifications.message.preview_undeliverable', { count: undeliverable })}
          </Typography>
        )}
        {result.recipients.length === 0 ? (
          <Typography color="text.secondary">{translate('kaigi.notifications.message.no_recipients')}</Typography>
        ) : (
          <MuiList dense aria-labelledby="message-preview-recipients" sx={{ maxHeight: 200, overflowY: 'auto' }}>
            {result.recipients.map((r) => (
              <ListItem key={r.company_id} disableGutters>
                <ListItemText
                  primary={`${r.name1}（${r.company_code}）`}
                  secondary={r.to ?? translate('kaigi.notifications.no_address')}
                  slotProps={{ secondary: { color: r.to ? 'text.secondary' : 'warning.main', sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </MuiList>
        )}
      </Box>
      <Box component="section" aria-labelledby="message-preview-text">
        <Typography variant="subtitle2" component="h3" id="message-preview-text">
          {translate('kaigi.notifications.message.preview_subject', { subject: result.preview.subject })}
        </Typography>
        <Box
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', bgcolor: 'action.hover', p: 1.5, m: 0 }}
        >
          {result.preview.text}
        </Box>
      </Box>
    </Stack>
  );
};
