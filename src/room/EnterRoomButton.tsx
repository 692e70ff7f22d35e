/**
 * 会議室に入る on the meeting page (issue 12), in every state of the room (issue 29 §6): while it
 * waits (待機中, the admin finds it before the start), while it is open, and after it ended
 * (会議の記録を見る: the agenda, the chat read-only and the company's own comments, DESIGN.md §11.1).
 * GET /v1/company/conferences/{id}/room; no room for this company (404) simply means no button,
 * never the /404 page. Asked again every 30 s so the button follows staff opening or ending it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
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
  if (!status) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Button
        component={RouterLink}
        to={`/company/meetings/${conferenceId}/room`}
        variant={status === 'ended' ? 'outlined' : 'contained'}
        startIcon={<MeetingRoomIcon aria-hidden />}
        aria-describedby="enter-room-status"
        sx={{ minHeight: 44 }}
      >
        {translate(status === 'ended' ? 'kaigi.room.enter_record' : 'kaigi.room.enter')}
      </Button>
      <Typography id="enter-room-status" variant="body2" color="text.secondary" data-testid="enter-room-status">
        {translate(`kaigi.room.status.${status}`)}
      </Typography>
    </Box>
  );
};
