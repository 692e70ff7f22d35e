/**
 * /conferences/:id/room: staff run the live room of a conference (issue 12, DESIGN.md §11.1).
 * The staff controls (StaffPanels) over the room read by useStaffRoom. When the shared room view
 * (src/room/) is in, this page becomes
 *   <RoomView source={{ kind: 'admin', conferenceId }} staffSlot={<StaffPanels … />} />
 */
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Box, CircularProgress, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useTranslate } from 'react-admin';
import { formatDateTimeWithWeekday } from '../../utils/dates';
import { LoadError } from '../LoadError';
import { StaffPanels } from './StaffPanels';
import { useStaffRoom } from './useStaffRoom';

const Loading = ({ label }: { label: string }) => (
  <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', p: 2 }}>
    <CircularProgress size={20} />
    <Typography>{label}</Typography>
  </Stack>
);

const RoomPage = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const { room, comments, setRoom, setStopwatch, setComment } = useStaffRoom(conferenceId);
  const conference = room.data?.conference;

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, maxWidth: 1400 }}>
      <Title title={conference ? translate('kaigi.room.staff.page.title', { name: conference.name }) : ''} />
      <Link
        component={RouterLink}
        to={`/conferences/${conferenceId}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" />
        {translate('kaigi.room.staff.page.back')}
      </Link>
      {room.isPending ? (
        <Loading label={translate('kaigi.room.staff.page.loading')} />
      ) : room.isError ? (
        <LoadError error={room.error} onRetry={() => void room.refetch()} />
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {room.data.conference.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {formatDateTimeWithWeekday(room.data.conference.event_date)}
            {room.data.conference.place ? ` ${room.data.conference.place}` : ''}
          </Typography>
          {comments.isError && <LoadError error={comments.error} onRetry={() => void comments.refetch()} sx={{ mb: 2 }} />}
          <StaffPanels
            conferenceId={conferenceId}
            room={room.data}
            comments={comments.data ?? []}
            onRoomSaved={setRoom}
            onStopwatchSaved={setStopwatch}
            onCommentSaved={setComment}
          />
        </>
      )}
    </Box>
  );
};

export const ConferenceRoomPage = () => {
  const { id } = useParams();
  const conferenceId = Number(id);
  if (!Number.isInteger(conferenceId) || conferenceId <= 0) return <Navigate to="/404" replace />;
  return <RoomPage key={conferenceId} conferenceId={conferenceId} />;
};

export default ConferenceRoomPage;
