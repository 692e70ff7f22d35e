/**
 * /company/meetings/:id/room (DESIGN.md §11.1): the room of a conference the company is invited to,
 * inside the portal's layout. A conference without a room for this company is the API's 404,
 * which the HTTP client turns into /404 (spec §2), as on the meeting page.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { RoomView } from './RoomView';
import { useRoom } from './RoomContext';

const PageTitle = () => {
  const translate = useTranslate();
  const { room } = useRoom();
  const name = room?.conference.name;
  return <Title title={name ? `${name}｜${translate('kaigi.room.title')}` : translate('kaigi.room.title')} />;
};

export const CompanyMeetingRoomPage = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Navigate to="/404" replace />;
  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={`/company/meetings/${id}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, color: 'primary.dark' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {translate('kaigi.room.back_to_meeting')}
      </Link>
      <RoomView key={id} source={{ kind: 'company', conferenceId: id }}>
        <PageTitle />
      </RoomView>
    </Box>
  );
};

export default CompanyMeetingRoomPage;
