/**
 * 会議室に入る on the meeting page (issue 12): shown while the conference's room is open (開催中).
 * GET /v1/company/conferences/{id}/room; no room for this company (404) simply means no button,
 * never the /404 page. Asked again every 30 s so the button appears when staff open the room.
 */
import Button from '@mui/material/Button';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { fetchCompanyRoomStatus } from './api';

const RECHECK_MS = 30_000;

export const EnterRoomButton = ({ conferenceId }: { conferenceId: string }) => {
  const translate = useTranslate();
  const { data: status } = useQuery({
    queryKey: ['kaigi', 'company-portal', 'room-status', conferenceId],
    queryFn: ({ signal }) => fetchCompanyRoomStatus(conferenceId, signal),
    refetchInterval: RECHECK_MS,
  });
  if (status !== 'open') return null;
  return (
    <Button
      component={RouterLink}
      to={`/company/meetings/${conferenceId}/room`}
      variant="contained"
      startIcon={<MeetingRoomIcon aria-hidden />}
      sx={{ minHeight: 44, alignSelf: 'flex-start' }}
    >
      {translate('kaigi.room.enter')}
    </Button>
  );
};
