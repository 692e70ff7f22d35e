/** 「会議室」 on a conference's page: opens its live room (/conferences/{id}/room, issue 12). */
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';

export const ConferenceRoomButton = () => {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number; name?: string }>();
  const { canAccess } = useCanAccess({ resource: 'conference_rooms', action: 'show' });
  if (!record || !canAccess) return null;
  return (
    <Button
      size="small"
      component={RouterLink}
      to={`/conferences/${record.id}/room`}
      startIcon={<MeetingRoomIcon />}
      aria-label={translate('kaigi.room.staff.open_button_aria', { name: record.name ?? '' })}
    >
      {translate('kaigi.room.staff.open_button')}
    </Button>
  );
};
