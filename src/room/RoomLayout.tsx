/**
 * A loaded room's screen (DESIGN.md §11.1; spec §3 client state): status, the stopwatch always at
 * the top, a toolbar of panel toggles (info, chat, comment; aria-pressed) and the layout open flag
 * (folds the whole panel area away), both kept per layout kind (panelPrefs.ts). Below the md
 * breakpoint (phones at 375 px) the shown panels are tabs, one at a time; wider they sit side by
 * side in a grid, with the staff column (RoomView's staff slot) beside them.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { useTranslate } from 'react-admin';
import { ChatPanel } from './ChatPanel';
import { CommentPanel } from './CommentPanel';
import { InfoPanel } from './InfoPanel';
import { RoomStatusBanner } from './RoomStatusBanner';
import { StopwatchDisplay } from './StopwatchDisplay';
import { ROOM_PANELS, panelShown, usePanelPrefs, type RoomPanel } from './panelPrefs';
import type { Room } from './api';
import type { RoomStream } from './useRoomStream';
import { visuallyHidden } from '../company/visuallyHidden';

type PanelId = RoomPanel | 'staff';

export interface RoomLayoutProps {
  room: Room;
  stream: RoomStream;
  staffSlot?: ReactNode;
  /** staff may delete chat messages */
  canDeleteChat: boolean;
}

const PanelSection = ({
  id,
  title,
  hideTitle,
  children,
}: {
  id: PanelId;
  title: string;
  hideTitle: boolean;
  children: ReactNode;
}) => (
  <Paper
    variant="outlined"
    component="section"
    aria-labelledby={`room-panel-${id}-title`}
    data-testid={`room-panel-${id}`}
    sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }}
  >
    <Typography
      component="h2"
      variant="h6"
      id={`room-panel-${id}-title`}
      sx={hideTitle ? visuallyHidden : { mb: 1, fontSize: '1.1rem' }}
    >
      {title}
    </Typography>
    {children}
  </Paper>
);

export const RoomLayout = ({ room, stream, staffSlot, canDeleteChat }: RoomLayoutProps) => {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { prefs, togglePanel, toggleOpen } = usePanelPrefs(room.kind);
  const [tab, setTab] = useState<PanelId>('info');
  const staff = room.kind === 'admin';
  const ended = room.status === 'ended';

  const closedNote = (panel: 'chat' | 'comment') =>
    ended
      ? translate(`kaigi.room.${panel}.ended`)
      : !staff && !room.panels[panel]
        ? translate(`kaigi.room.${panel}.closed`)
        : null;

  const content: Record<PanelId, ReactNode> = {
    info: <InfoPanel room={room} />,
    chat: (
      <ChatPanel
        messages={stream.chat}
        readOnlyNote={closedNote('chat')}
        onSend={stream.sendChat}
        onRoomEnded={stream.markEnded}
        onDelete={canDeleteChat ? stream.deleteChat : undefined}
      />
    ),
    comment: (
      <CommentPanel
        comments={stream.comments}
        staff={staff}
        readOnlyNote={closedNote('comment')}
        onSend={stream.sendComment}
        onRoomEnded={stream.markEnded}
      />
    ),
    staff: staffSlot,
  };
  const panels = ROOM_PANELS.filter((panel) => prefs.panels[panel]);
  const shown: PanelId[] = [...panels, ...(staffSlot ? ['staff' as const] : [])];
  const current = shown.includes(tab) ? tab : shown[0];
  const titleOf = (id: PanelId) => translate(`kaigi.room.panels.${id}`);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <RoomStatusBanner status={room.status} connected={stream.connected} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <StopwatchDisplay stopwatch={room.stopwatch} clockOffset={stream.clockOffset} ended={room.status === 'ended'} />
      </Paper>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Box role="group" aria-label={translate('kaigi.room.panels.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {ROOM_PANELS.map((panel) => (
            <ToggleButton
              key={panel}
              value={panel}
              size="small"
              selected={panelShown(prefs, panel)}
              onChange={() => togglePanel(panel)}
              color="primary"
              sx={{ minHeight: 40, px: 1.5, gap: 0.5 }}
            >
              {/* shown or not is said by the mark too, not by colour alone */}
              {panelShown(prefs, panel) && <CheckIcon fontSize="small" aria-hidden />}
              {titleOf(panel)}
            </ToggleButton>
          ))}
        </Box>
        <Button
          size="small"
          onClick={toggleOpen}
          aria-expanded={prefs.open}
          aria-controls="room-panels"
          startIcon={prefs.open ? <UnfoldLessIcon aria-hidden /> : <UnfoldMoreIcon aria-hidden />}
          sx={{ ml: 'auto', minHeight: 40 }}
        >
          {translate(prefs.open ? 'kaigi.room.panels.hide_all' : 'kaigi.room.panels.show_all')}
        </Button>
      </Box>
      <Box id="room-panels" sx={{ minWidth: 0 }}>
        {!prefs.open ? (
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.room.panels.hidden')}
          </Typography>
        ) : shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.room.panels.none')}
          </Typography>
        ) : narrow ? (
          <>
            <Tabs
              value={current}
              onChange={(_, value: PanelId) => setTab(value)}
              variant="fullWidth"
              aria-label={translate('kaigi.room.panels.toolbar')}
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
            >
              {shown.map((id) => (
                <Tab
                  key={id}
                  value={id}
                  label={titleOf(id)}
                  id={`room-tab-${id}`}
                  aria-controls={`room-tabpanel-${id}`}
                  sx={{ minWidth: 0, px: 1 }}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`room-tabpanel-${current}`} aria-labelledby={`room-tab-${current}`}>
              <PanelSection id={current} title={titleOf(current)} hideTitle>
                {content[current]}
              </PanelSection>
            </Box>
          </>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: staffSlot ? 'minmax(0, 1fr) minmax(320px, 400px)' : '1fr',
            }}
          >
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'start',
                // side by side while each gets 280 px, else one above the other (beside the staff column)
                gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
              }}
            >
              {panels.map((id) => (
                <PanelSection key={id} id={id} title={titleOf(id)} hideTitle={false}>
                  {content[id]}
                </PanelSection>
              ))}
            </Box>
            {staffSlot && (
              <PanelSection id="staff" title={titleOf('staff')} hideTitle={false}>
                {staffSlot}
              </PanelSection>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
};
