/**
 * In a confirmation dialog (issue 33): which message the change sends and to how many companies,
 * as the server counts them (POST …/conferences/{id}/mail_preview, the same rule as the save), so
 * nobody publishes or reopens without knowing who will be mailed. Loading and failure are said too.
 */
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../providers/dataProvider';

export const MailPreviewText = ({ conferenceId, body }: { conferenceId: Identifier; body: Record<string, unknown> }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const query = useQuery({
    queryKey: ['conferences', 'mail_preview', String(conferenceId), body],
    queryFn: () => dataProvider.mailPreview(conferenceId, body),
    staleTime: 0,
    gcTime: 0,
  });
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} role="status">
        <CircularProgress size={16} />
        <Typography variant="body2">{translate('kaigi.conferences.mail_preview.loading')}</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="warning" sx={{ mt: 1 }} role="status">
        {translate('kaigi.conferences.mail_preview.error')}
      </Alert>
    );
  }
  const { kind, recipients, companies } = query.data;
  const text =
    kind === null || companies === 0
      ? translate('kaigi.conferences.mail_preview.none')
      : translate(`kaigi.conferences.mail_preview.${recipients === 'unanswered' ? 'unanswered' : 'invited'}`, {
          count: companies,
          kind: translate(`kaigi.conferences.mail_preview.kinds.${kind}`),
        });
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 1 }} role="status">
      {text}
    </Alert>
  );
};
