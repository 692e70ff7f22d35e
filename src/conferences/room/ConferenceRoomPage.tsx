/**
 * /conferences/:id/room: staff run the live room of a conference (issue 12, DESIGN.md §11.1). The
 * room every viewer sees (src/room/ RoomView: status, stopwatch, info, chat with deletion, all
 * comments), live on its event stream, with the staff controls in its staff column. A control's
 * saved answer goes into the room's state at once (apply), so the next save carries the new version.
 */
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Box, Link } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useTranslate } from 'react-admin';
import { RoomView } from '../../room/RoomView';
import { useRoom } from '../../room/RoomContext';
import { StaffPanels } from './StaffPanels';

const LiveStaffPanels = ({ conferenceId }: { conferenceId: number }) => {
  const stream = useRoom();
  if (!stream.room) return null;
  return (
    <StaffPanels
      conferenceId={conferenceId}
      room={stream.room}
      comments={stream.comments}
      onRoomSaved={(room) => stream.apply('room', room)}
      onStopwatchSaved={(stopwatch) => stream.apply('stopwatch', stopwatch)}
      onCommentSaved={(comment) => stream.apply('comment', comment)}
      reception={stream.reception}
      quorum={stream.quorum}
    />
  );
};

const RoomTitle = () => {
  const translate = useTranslate();
  const { room } = useRoom();
  return <Title title={room ? translate('kaigi.room.staff.page.title', { name: room.conference.name }) : ''} />;
};

export const ConferenceRoomPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const conferenceId = Number(id);
  if (!Number.isInteger(conferenceId) || conferenceId <= 0) return <Navigate to="/404" replace />;
  return (
    <Box key={conferenceId} sx={{ py: 2, px: { xs: 0, sm: 1 }, maxWidth: 1600 }}>
      <Link
        component={RouterLink}
        to={`/conferences/${conferenceId}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" />
        {translate('kaigi.room.staff.page.back')}
      </Link>
      <RoomView source={{ kind: 'admin', conferenceId }} staffSlot={<LiveStaffPanels conferenceId={conferenceId} />}>
        <RoomTitle />
      </RoomView>
    </Box>
  );
};

export default ConferenceRoomPage;
