/**
 * The info panel (DESIGN.md §11.1): schedule (spec §9 date format, Asia/Tokyo), place, the online
 * meeting URL as a link opening a new tab, the description as text with its line breaks, the
 * attachments (a download link when the API signed one; link holders get names only) and the
 * agenda with the current item marked for eyes and screen readers alike.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslate } from 'react-admin';
import type { Room } from './api';
import { formatDateTimeJa, formatTime, sameDay } from '../company/format';
import { formatFileSize } from '../utils/fileSize';
import { visuallyHidden } from '../company/visuallyHidden';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ py: 0.5, minWidth: 0 }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      {children}
    </Typography>
  </Box>
);

const schedule = ({ event_date, end_at }: Room['conference']) => {
  const start = formatDateTimeJa(event_date);
  if (!end_at) return start;
  return `${start} 〜 ${sameDay(event_date, end_at) ? formatTime(end_at) : formatDateTimeJa(end_at)}`;
};

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

const Agenda = ({ room }: { room: Room }) => {
  const translate = useTranslate();
  if (room.agenda.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('kaigi.room.info.no_agenda')}
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-labelledby="room-agenda-title" sx={{ m: 0, pl: 3 }}>
      {room.agenda.map((item, index) => {
        const current = index === room.current_agenda;
        return (
          <Box
            component="li"
            key={index}
            aria-current={current ? 'step' : undefined}
            data-current={current || undefined}
            sx={{
              py: 0.5,
              pl: 0.5,
              borderLeft: 4,
              borderColor: current ? 'primary.main' : 'transparent',
              bgcolor: current ? 'action.selected' : undefined,
              fontWeight: current ? 700 : undefined,
            }}
          >
            <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit', overflowWrap: 'anywhere' }}>
              {current && (
                <Box
                  component="span"
                  sx={{
                    mr: 1,
                    px: 0.5,
                    borderRadius: 0.5,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontSize: '0.75rem',
                  }}
                >
                  {translate('kaigi.room.info.current')}
                </Box>
              )}
              {item.title}
            </Typography>
            {(item.presenter || item.minutes !== null) && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {[
                  item.presenter ? translate('kaigi.room.info.presenter', { name: item.presenter }) : null,
                  item.minutes !== null ? translate('kaigi.room.info.minutes', { minutes: item.minutes }) : null,
                ]
                  .filter(Boolean)
                  .join('　')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
};

export const InfoPanel = ({ room }: { room: Room }) => {
  const translate = useTranslate();
  const { conference } = room;
  return (
    <Box>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact label={translate('kaigi.room.info.schedule')}>{schedule(conference)}</Fact>
        {conference.place && <Fact label={translate('kaigi.room.info.place')}>{conference.place}</Fact>}
        {room.online_url && isWebUrl(room.online_url) && (
          <Fact label={translate('kaigi.room.info.online_url')}>
            <Link href={room.online_url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {room.online_url}
              <Box component="span" sx={visuallyHidden}>
                {translate('kaigi.room.info.new_tab')}
              </Box>
            </Link>
          </Fact>
        )}
        {conference.description && <Fact label={translate('kaigi.room.info.description')}>{conference.description}</Fact>}
      </Box>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, fontWeight: 700 }}>
        {translate('kaigi.room.info.attachments')}
      </Typography>
      {conference.attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.room.info.no_attachments')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {conference.attachments.map((file, index) => (
            <Box component="li" key={`${index}-${file.name}`} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, py: 0.25 }}>
              <AttachFileIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file.url ? (
                  <Link href={file.url} target="_blank" rel="noopener noreferrer" download={file.name}>
                    {file.name}
                  </Link>
                ) : (
                  file.name
                )}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {formatFileSize(file.size)}
                </Typography>
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Typography component="h3" id="room-agenda-title" variant="subtitle2" sx={{ mt: 2, fontWeight: 700 }}>
        {translate('kaigi.room.info.agenda')}
      </Typography>
      <Agenda room={room} />
    </Box>
  );
};
