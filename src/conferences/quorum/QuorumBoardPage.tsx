/**
 * /conferences/:id/quorum: the live 定足数 board (issue 14, DESIGN.md §11.3), meant for a large
 * screen at the front of the hall or the staff table: 成立 / 不足 and the figures behind it, kept
 * current by the room's staff stream, with the printable 定足数確認表. A conference without a
 * quorum says where to set one. Below, the vote under way or the last one taken (issue 34).
 */
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { Conference } from '../types';
import { QuorumBoard, isSet } from './QuorumBoard';
import { QuorumPrint } from './QuorumSheet';
import { useQuorumStream } from './useQuorumStream';
import { BoardPollView } from '../votes/BoardPoll';
import { useVoteDeskState } from '../votes/useVoteDesk';

const EmptyState = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('kaigi.quorum.board.empty_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('kaigi.quorum.board.empty_body')}</Typography>
      <Button component={RouterLink} to={`/conferences/${conferenceId}`} variant="contained">
        {translate('kaigi.quorum.board.empty_link')}
      </Button>
    </Paper>
  );
};

const Board = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const votes = useVoteDeskState(conferenceId);
  const { quorum, error, interrupted, reload } = useQuorumStream(conferenceId, votes.handlers);
  const { data: conference } = useGetOne<Conference>('conferences', { id: conferenceId });
  const name = conference?.name ?? '';

  return (
    <>
      <Title title={name ? translate('kaigi.quorum.board.title', { name }) : ''} />
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {translate('kaigi.quorum.board.heading')}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            {name}
          </Typography>
        </Box>
        {quorum && isSet(quorum) && (
          <Box>
            <QuorumPrint conferenceId={conferenceId} name={name} eventDate={conference?.event_date ?? null} />
          </Box>
        )}
      </Stack>
      {quorum && interrupted && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('kaigi.quorum.board.disconnected')}
        </Alert>
      )}
      {error && !quorum ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('kaigi.quorum.board.retry')}
            </Button>
          }
        >
          {translate('kaigi.quorum.board.load_error')}
        </Alert>
      ) : !quorum ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('kaigi.quorum.board.loading')} />
        </Box>
      ) : isSet(quorum) ? (
        <QuorumBoard quorum={quorum} />
      ) : (
        <EmptyState conferenceId={conferenceId} />
      )}
      <BoardPollView desk={votes.desk} />
    </>
  );
};

export const QuorumBoardPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const conferenceId = Number(id);
  if (!Number.isInteger(conferenceId) || conferenceId <= 0) return <Navigate to="/404" replace />;
  return (
    <Box key={conferenceId} sx={{ py: 2, px: { xs: 1, sm: 2 }, maxWidth: 1600 }}>
      <Link
        component={RouterLink}
        to={`/conferences/${conferenceId}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" />
        {translate('kaigi.quorum.board.back')}
      </Link>
      <Board conferenceId={conferenceId} />
    </Box>
  );
};

export default QuorumBoardPage;
