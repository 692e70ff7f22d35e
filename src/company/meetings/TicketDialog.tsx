/**
 * One person's 受付票 (issue 14, DESIGN.md §11.3): GET /v1/company/conference_members/{id}/ticket
 * → {qr}, drawn as a QR code (`qrcode`) with the conference, its date and place, the person (the
 * substitute when 代理出席) and the company. 印刷 prints the ticket alone: while the dialog is
 * open a print stylesheet hides the page behind it and the dialog's buttons.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import QRCode from 'qrcode';
import { useTranslate } from 'react-admin';
import { isHttpError } from '../../api/errors';
import { httpClient } from '../../api/httpClient';
import { formatDateTimeJa } from '../format';
import type { Ticket } from '../../api/schema';

export interface TicketHolder {
  /** the conference member's id */
  id: number;
  name: string;
  /** the principal's name when a substitute comes */
  substituteOf: string | null;
  title: string | null;
  conferenceName: string;
  eventDate: string;
  place: string | null;
  companyName: string;
}

const fetchTicket = async (id: number, signal?: AbortSignal) => {
  const { qr } = await httpClient.get<Ticket>(`/v1/company/conference_members/${id}/ticket`, {
    signal,
    redirectOnNotFound: false,
  });
  return QRCode.toDataURL(qr, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
};

const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '#root': { display: 'none !important' },
        '.MuiDialog-root .MuiBackdrop-root, .ticket-no-print': { display: 'none !important' },
        '.MuiDialog-root, .MuiDialog-container': { position: 'static !important' },
        '.MuiDialog-paper': { boxShadow: 'none !important', margin: '0 !important', maxHeight: 'none !important' },
      },
    }}
  />
);

const Line = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
    <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: '0 0 4em' }}>
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
      {value}
    </Typography>
  </Box>
);

export const TicketDialog = ({ holder, onClose }: { holder: TicketHolder | null; onClose(): void }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`kaigi.company.ticket.${key}`, options);
  const ticket = useQuery({
    queryKey: ['kaigi', 'company-portal', 'ticket', holder?.id],
    queryFn: ({ signal }) => fetchTicket(holder!.id, signal),
    enabled: holder !== null,
    retry: false,
  });
  const notAttending = isHttpError(ticket.error) && ticket.error.code === 'not_attending';
  return (
    <Dialog open={holder !== null} onClose={onClose} aria-labelledby="ticket-title" fullWidth maxWidth="xs">
      {holder && printStyles}
      <DialogTitle id="ticket-title">{t('dialog_title')}</DialogTitle>
      {holder && (
        <DialogContent data-testid="ticket">
          <Typography component="p" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.4 }}>
            {holder.conferenceName}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 1, minHeight: 200, alignItems: 'center' }}>
            {ticket.data ? (
              <Box
                component="img"
                src={ticket.data}
                alt={t('qr_alt', { name: holder.name, conference: holder.conferenceName })}
                data-testid="ticket-qr"
                sx={{ width: '100%', maxWidth: 280, height: 'auto', imageRendering: 'pixelated' }}
              />
            ) : ticket.isError ? (
              <Alert
                severity={notAttending ? 'info' : 'error'}
                role="alert"
                action={
                  notAttending ? undefined : (
                    <Button color="inherit" size="small" onClick={() => void ticket.refetch()}>
                      {t('retry')}
                    </Button>
                  )
                }
              >
                {t(notAttending ? 'not_attending' : 'load_error')}
              </Alert>
            ) : (
              <CircularProgress aria-label={t('loading')} />
            )}
          </Box>
          <Box component="dl" sx={{ m: 0 }}>
            <Line label={t('name')} value={holder.title ? `${holder.name}（${holder.title}）` : holder.name} />
            {holder.substituteOf && <Line label="" value={t('substitute_of', { name: holder.substituteOf })} />}
            <Line label={t('company')} value={holder.companyName} />
            <Line label={t('date')} value={formatDateTimeJa(holder.eventDate)} />
            {holder.place && <Line label={t('place')} value={holder.place} />}
          </Box>
        </DialogContent>
      )}
      <DialogActions className="ticket-no-print">
        <Button onClick={onClose}>{t('close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!ticket.data}>
          {t('print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
