/**
 * /conferences/:id/reception (issue 14, DESIGN.md §11.3): the reception desk, made for a phone or
 * a tablet. Counters (予定 / 受付済 / 未着) live from the room's staff stream; reading a 受付票 by
 * camera or photo; a search by name, kana, company or 事業所コード (full-width typing is folded
 * here, kana by the server); each invitee with 受付 or, once checked in, the time and 取消; and
 * 当日参加 for people who were not expected.
 */
import { useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';
import { ReceptionCounters } from './ReceptionCounters';
import { ReceptionRowItem } from './ReceptionRowItem';
import { ScanPanel } from './ScanPanel';
import { ScanResult } from './ScanResult';
import { VoterLinkQr } from './VoterLinkQr';
import { WalkInDialog } from './WalkInDialog';
import { useDeskActions } from './useDeskActions';
import { useReceptionDesk } from './useReceptionDesk';
import { useDebounced } from '../../common/useDebounced';

const Desk = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const { data: conference } = useGetOne<{ id: number; name: string }>('conferences', { id: conferenceId });
  const [input, setInput] = useState('');
  const q = useDebounced(input.normalize('NFKC').trim(), 250);
  const desk = useReceptionDesk(conferenceId, q);
  const rows = desk.search.data?.data ?? [];
  const actions = useDeskActions(conferenceId, desk.apply, (id) => rows.find((r) => r.id === id));
  const [walkIn, setWalkIn] = useState(false);
  const text = actions.question ? actions.questionText(actions.question) : null;
  const total = desk.search.data?.meta.total ?? 0;

  return (
    <Stack spacing={2}>
      {conference && <Title title={translate('kaigi.reception.page.title', { name: conference.name })} />}
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {conference
          ? translate('kaigi.reception.page.title', { name: conference.name })
          : translate('kaigi.reception.page.heading')}
      </Typography>
      <ReceptionCounters counts={desk.counts} live={desk.stream === 'open'} />
      {desk.stream === 'lost' && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('kaigi.reception.page.offline')}
        </Typography>
      )}
      {/* the camera keeps reading: nothing new while a check-in is on its way or a question is open */}
      <ScanPanel onStart={actions.clearResult} onScan={(qr) => !actions.busy && !actions.question && actions.checkIn({ qr })} />
      <ScanResult result={actions.result} />
      {actions.result && 'row' in actions.result && actions.result.kind !== 'undone' && (
        <VoterLinkQr
          key={`${actions.result.row.id}-${actions.result.row.checked_in_at}`}
          conferenceId={conferenceId}
          row={actions.result.row}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          label={translate('kaigi.reception.search.label')}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            actions.clearResult();
          }}
          fullWidth
          autoComplete="off"
          slotProps={{
            // the API's limit for q
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="outlined"
          size="large"
          startIcon={<PersonAddIcon />}
          onClick={() => setWalkIn(true)}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          {translate('kaigi.reception.walk_in.open')}
        </Button>
      </Stack>
      <Box component="section" aria-labelledby="reception-results-title">
        <Typography component="h2" variant="subtitle1" id="reception-results-title" sx={{ fontWeight: 700 }}>
          {translate('kaigi.reception.search.results')}
        </Typography>
        {desk.search.isError && !desk.search.data ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void desk.search.refetch()}>
                {translate('kaigi.reception.search.retry')}
              </Button>
            }
          >
            {translate('kaigi.reception.search.load_error')}
          </Alert>
        ) : !desk.search.data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('kaigi.reception.search.loading')} />
          </Box>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate('kaigi.reception.search.empty')}
          </Typography>
        ) : (
          <>
            <Box
              component="ul"
              sx={{ p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}
              aria-labelledby="reception-results-title"
            >
              {rows.map((row) => (
                <ReceptionRowItem
                  key={row.id}
                  row={row}
                  busy={actions.busy}
                  onCheckIn={(r) => actions.checkIn({ conference_member_id: r.id })}
                  onUndo={actions.askUndo}
                />
              ))}
            </Box>
            {total > rows.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('kaigi.reception.search.all_shown', { total, shown: rows.length })}
              </Typography>
            )}
          </>
        )}
      </Box>
      <ConfirmDialog
        open={!!actions.question}
        title={text?.title ?? ''}
        body={text?.body ?? ''}
        confirmLabel={text?.confirmLabel ?? ''}
        busy={actions.busy}
        onCancel={actions.cancel}
        onConfirm={actions.confirm}
      />
      <WalkInDialog
        conferenceId={conferenceId}
        open={walkIn}
        onClose={() => setWalkIn(false)}
        onCheckInInvited={(id) => {
          setWalkIn(false);
          actions.checkIn({ conference_member_id: id });
        }}
        onDone={(answer) => {
          setWalkIn(false);
          actions.walkedIn(answer);
          desk.refetch();
        }}
      />
    </Stack>
  );
};

export const ReceptionPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const conferenceId = Number(id);
  if (!Number.isInteger(conferenceId) || conferenceId <= 0) return <Navigate to="/404" replace />;
  return (
    <Box key={conferenceId} sx={{ py: 2, px: { xs: 0, sm: 1 }, maxWidth: 960 }}>
      <Link
        component={RouterLink}
        to={`/conferences/${conferenceId}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" />
        {translate('kaigi.reception.page.back')}
      </Link>
      <Desk conferenceId={conferenceId} />
    </Box>
  );
};

export default ReceptionPage;
