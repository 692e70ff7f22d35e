/**
 * The room every layout kind shares (DESIGN.md §11.1, issue 12): staff (`admin` source, with their
 * controls in `staffSlot`), a company admin (`company`), an invitee or guest by link (`link`).
 * Loading, the failure (a link's 404 says only that the link is invalid or expired, never whether
 * the conference exists; a signed-in viewer let go by the stream is told so, with 再読み込み) and
 * the loaded room (RoomLayout). `children` render inside the room's context (useRoom), e.g. a
 * page's title.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { isHttpError } from '../api/errors';
import type { RoomSource } from './api';
import { RoomContext } from './RoomContext';
import { RoomLayout } from './RoomLayout';
import { RoomAccessRevoked } from './roomErrors';
import { useRoomStream, type RoomStream } from './useRoomStream';

export interface RoomViewProps {
  source: RoomSource;
  staffSlot?: ReactNode;
  /** above the room's panels, under the conference's name: the voter's 採決 (link source) */
  topSlot?: ReactNode;
  children?: ReactNode;
}

/** A link holder refused (404) or let go by the stream (access_revoked): the link is no longer valid. */
export const isInvalidLink = (source: RoomSource, error: unknown) =>
  source.kind === 'link' && ((isHttpError(error) && error.status === 404) || error instanceof RoomAccessRevoked);

export const InvalidLink = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('kaigi.room.link.invalid_title')}
      </Typography>
      <Typography variant="body1">{translate('kaigi.room.link.invalid_body')}</Typography>
    </Box>
  );
};

const RoomBody = ({
  source,
  stream,
  staffSlot,
  topSlot,
}: {
  source: RoomSource;
  stream: RoomStream;
  staffSlot?: ReactNode;
  topSlot?: ReactNode;
}) => {
  const translate = useTranslate();
  if (stream.room) {
    return (
      <>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {stream.room.conference.name}
        </Typography>
        {topSlot}
        <RoomLayout
          key={stream.room.kind}
          room={stream.room}
          stream={stream}
          staffSlot={staffSlot}
          canDeleteChat={source.kind === 'admin'}
        />
      </>
    );
  }
  if (isInvalidLink(source, stream.error)) return <InvalidLink />;
  if (stream.error) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={stream.reload} sx={{ whiteSpace: 'nowrap' }}>
            {translate('kaigi.room.retry')}
          </Button>
        }
      >
        {stream.error instanceof RoomAccessRevoked ? (
          translate('kaigi.room.access_revoked')
        ) : (
          <>
            {translate('kaigi.room.load_error')}
            {isHttpError(stream.error) && ` ${translate(stream.error.messageKey)}`}
          </>
        )}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={translate('kaigi.room.loading')} />
    </Box>
  );
};

export const RoomView = ({ source, staffSlot, topSlot, children }: RoomViewProps) => {
  const stream = useRoomStream(source);
  return (
    <RoomContext.Provider value={stream}>
      {children}
      <RoomBody source={source} stream={stream} staffSlot={staffSlot} topSlot={topSlot} />
    </RoomContext.Provider>
  );
};
