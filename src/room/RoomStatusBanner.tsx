/** 待機中（開始前です） / 開催中 / 終了しました, and whether live updates are flowing; changes are announced. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { RoomStatus } from './api';

const SEVERITY = { waiting: 'info', open: 'success', ended: 'warning' } as const;

export const RoomStatusBanner = ({ status, connected }: { status: RoomStatus; connected: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Alert
        severity={SEVERITY[status]}
        role="status"
        data-testid="room-status"
        sx={{ py: 0, flex: '1 1 12em', fontWeight: 700 }}
      >
        {translate(`kaigi.room.status.${status}`)}
      </Alert>
      <Typography variant="caption" color={connected ? 'text.secondary' : 'warning.dark'} role="status">
        {translate(connected ? 'kaigi.room.connection.connected' : 'kaigi.room.connection.reconnecting')}
      </Typography>
    </Box>
  );
};
