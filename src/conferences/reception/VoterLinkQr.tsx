/**
 * After a check-in, the voter's personal room link as a QR code for their phone (issue 34, DESIGN.md
 * §12.1: 「受付で個人リンクのQRコードを読み取る」). Only for a principal: a 代理出席 substitute is
 * checked in on the principal's row, so they get the principal's link, which votes for the principal
 * (decision 0028). The link is the invitee's live one (not revoked, not expired) from the room's
 * links, or one issued now (POST …/room/links, with an Idempotency-Key so a second tap makes none
 * twice). One tap: the desk's flow stays as fast for a conference without 議案.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useTranslate } from 'react-admin';
import { roomApi } from '../room/api';
import type { RoomLink } from '../room/types';
import type { ReceptionRow } from './api';
import { apiErrorMessage } from '../../common/apiErrors';
import { shownName } from './ReceptionSignals';

const liveLinkOf = (links: RoomLink[], memberId: number, now: number) =>
  links.find((l) => l.kind === 'user' && l.conference_member_id === memberId && !l.revoked_at && Date.parse(l.expires_at) > now);

type State =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'shown'; url: string; image: string } | { kind: 'error'; message: string };

export const VoterLinkQr = ({ conferenceId, row }: { conferenceId: number; row: ReceptionRow }) => {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [key] = useState(() => crypto.randomUUID());
  if (row.category !== 'principal') return null;

  const show = async () => {
    setState({ kind: 'busy' });
    try {
      const found = liveLinkOf(await roomApi.getLinks(conferenceId), row.id, Date.now());
      const link = found ?? (await roomApi.createLink(conferenceId, { kind: 'user', conference_member_id: row.id }, key));
      const { default: QRCode } = await import('qrcode');
      const image = await QRCode.toDataURL(link.url, { width: 280, margin: 2, errorCorrectionLevel: 'M' });
      setState({ kind: 'shown', url: link.url, image });
    } catch (error) {
      setState({
        kind: 'error',
        message: translate(apiErrorMessage(error), { _: translate('kaigi.reception.voter_link.failed') }),
      });
    }
  };

  return (
    <Box data-testid="voter-link" sx={{ mt: 1 }}>
      {state.kind === 'shown' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Box
            component="img"
            src={state.image}
            alt={translate('kaigi.reception.voter_link.alt', { name: shownName(row) })}
            sx={{ width: 220, height: 220, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
          />
          <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{translate('kaigi.reception.voter_link.scan')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
              {state.url}
            </Typography>
            <Button size="small" sx={{ mt: 1 }} onClick={() => setState({ kind: 'idle' })}>
              {translate('kaigi.reception.voter_link.hide')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Button
          variant="outlined"
          size="large"
          onClick={() => void show()}
          disabled={state.kind === 'busy'}
          startIcon={state.kind === 'busy' ? <CircularProgress size={18} aria-hidden /> : <QrCode2Icon aria-hidden />}
          sx={{ minHeight: 48 }}
        >
          {translate('kaigi.reception.voter_link.show', { name: shownName(row) })}
        </Button>
      )}
      {state.kind === 'error' && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {state.message}
        </Alert>
      )}
    </Box>
  );
};
