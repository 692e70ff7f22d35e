/**
 * /room/:token (DESIGN.md §11.1): the room for an invitee's personal link or a guest's link. Public,
 * without the app's layout or a sign-in; the token is the credential. A bad, expired or revoked
 * token is the API's 404, shown as 「このリンクは無効か、期限が切れています」 and nothing more. While a
 * vote is under way the voter casts theirs above the panels (vote/VoterPanel.tsx, issue 34).
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RoomView, isInvalidLink } from './RoomView';
import { useRoom } from './RoomContext';
import type { RoomSource } from './api';
import { VoterPanel } from './vote/VoterPanel';

/** The browser tab's title: the conference, the invalid-link notice, or the app while loading. */
const DocumentTitle = ({ source }: { source: RoomSource }) => {
  const translate = useTranslate();
  const { room, error } = useRoom();
  const app = translate('kaigi.app.title');
  const title = room
    ? `${room.conference.name}｜${translate('kaigi.room.title')}｜${app}`
    : isInvalidLink(source, error)
      ? `${translate('kaigi.room.link.invalid_title')}｜${app}`
      : `${translate('kaigi.room.title')}｜${app}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
};

export const LinkRoomPage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const source: RoomSource = { kind: 'link', token };
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1 }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {translate('kaigi.app.title')}
        </Typography>
      </Box>
      <Container component="main" maxWidth="xl" sx={{ py: 2, px: { xs: 1.5, sm: 2 } }}>
        <RoomView key={token} source={source} topSlot={<VoterPanel token={token} />}>
          <DocumentTitle source={source} />
        </RoomView>
      </Container>
    </Box>
  );
};

export default LinkRoomPage;
