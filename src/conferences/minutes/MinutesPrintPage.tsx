/**
 * The 議事録's A4 print view (issue 35, DESIGN.md §12.2): /conferences/{id}/minutes/print, without
 * the console's frame; 「印刷 / PDF 保存」 opens the browser's print dialog (A4, 30 mm binding margin).
 */
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, CircularProgress, GlobalStyles, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoadError } from '../LoadError';
import { minutesApi } from './api';
import { MinutesDocument } from './MinutesDocument';

const MinutesPrintPage = () => {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const query = useQuery({ queryKey: ['minutes', id], queryFn: ({ signal }) => minutesApi.get(id, signal) });
  const view = query.data;
  return (
    <Box sx={{ bgcolor: 'grey.200', minHeight: '100vh', py: { xs: 0, sm: 3 }, '@media print': { bgcolor: 'white', py: 0 } }}>
      <GlobalStyles styles={{ '@page': { size: 'A4', margin: '25mm 25mm 25mm 30mm' } }} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mb: 2, '@media print': { display: 'none' } }}>
        <Button component={RouterLink} to={`/conferences/${id}/minutes`}>
          {translate('kaigi.minutes.back')}
        </Button>
        <Button variant="contained" onClick={() => window.print()} disabled={!view}>
          {translate('kaigi.minutes.print_now')}
        </Button>
      </Stack>
      <Box
        component="main"
        sx={{
          bgcolor: 'white',
          mx: 'auto',
          width: { xs: '100%', sm: '210mm' },
          minHeight: { sm: '297mm' },
          boxSizing: 'border-box',
          p: { xs: 2, sm: '25mm 25mm 25mm 30mm' },
          boxShadow: { sm: 2 },
          '@media print': { width: 'auto', minHeight: 0, p: 0, boxShadow: 'none' },
        }}
      >
        {query.error ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : view ? (
          <MinutesDocument
            content={view.minutes.content}
            version={view.minutes.version}
            draft={view.minutes.status === 'draft'}
          />
        ) : (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label={translate('kaigi.minutes.loading')} />
          </Box>
        )}
      </Box>
    </Box>
  );
};
export default MinutesPrintPage;
