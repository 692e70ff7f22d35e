/**
 * The published 議事録 in the portal (issue 35, DESIGN.md §12.2): the latest published final
 * version of this conference, for the invited company's admin. Nothing published (the API's 404,
 * as for every meeting not yet held): no section at all. It reads on a phone (375 px) as on paper.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { problemStatus } from '../../common/apiErrors';
import { minutesApi } from '../../conferences/minutes/api';
import { MinutesDocument } from '../../conferences/minutes/MinutesDocument';

export const PublishedMinutes = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['company', 'minutes', conferenceId],
    queryFn: ({ signal }) => minutesApi.forCompany(conferenceId, signal),
    retry: false,
  });
  if (query.isPending || (query.isError && problemStatus(query.error) === 404)) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="meeting-minutes-title">
      <CardContent>
        <Typography component="h2" variant="h6" id="meeting-minutes-title" sx={{ mb: 1 }}>
          {translate('kaigi.minutes.portal.heading')}
        </Typography>
        {query.data ? (
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <MinutesDocument content={query.data.content} version={query.data.version} draft={false} />
          </Box>
        ) : (
          <Alert severity="error" role="alert">
            {translate('kaigi.company.common.load_error')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
