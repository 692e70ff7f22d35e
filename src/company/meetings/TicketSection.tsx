/**
 * 受付票 on the meeting page (issue 14): for each of the company's invitees whose saved answer is
 * 出席 or 代理出席 (the conference as loaded or as the last submit answered — never the form's
 * unsaved choices), a button opening the ticket. Sub-conferences have tickets of their own.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useTranslate } from 'react-admin';
import { COOKIE, getCookie } from '../../auth/cookies';
import { useSession } from '../../session/useSession';
import type { CompanyConference, CompanyInvitee, CompanySubConference } from '../api';
import { TicketDialog, type TicketHolder } from './TicketDialog';

const attending = (m: CompanyInvitee) => m.answer_content === 'attend' || m.answer_content === 'proxy_attend';

const holderOf = (m: CompanyInvitee, c: CompanySubConference, companyName: string): TicketHolder => {
  const substitute = m.answer_content === 'proxy_attend' && !!m.proxy_name;
  return {
    id: m.id,
    name: substitute ? m.proxy_name! : m.member.name,
    substituteOf: substitute ? m.member.name : null,
    title: substitute ? m.proxy_title : m.member.title,
    conferenceName: c.name,
    eventDate: c.event_date,
    place: c.place,
    companyName,
  };
};

export const TicketSection = ({ conference }: { conference: CompanyConference }) => {
  const translate = useTranslate();
  const session = useSession();
  const companyName = session.company?.attributes?.name1 ?? getCookie(COOKIE.companyName) ?? '';
  const [open, setOpen] = useState<TicketHolder | null>(null);
  const byId = new Map<number, CompanySubConference>([conference, ...(conference.sub_conferences ?? [])].map((c) => [c.id, c]));
  const holders = (conference.members ?? []).filter(attending).flatMap((m) => {
    const c = byId.get(m.conference_id);
    return c && c.status !== 'cancelled' ? [holderOf(m, c, companyName)] : [];
  });
  if (holders.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="tickets-title">
      <CardContent>
        <Typography component="h2" variant="h6" id="tickets-title" gutterBottom>
          {translate('kaigi.company.ticket.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('kaigi.company.ticket.help')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {holders.map((h) => (
            <Box component="li" key={h.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: '1 1 12em', minWidth: 0, overflowWrap: 'anywhere' }}>
                {h.name}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {h.conferenceName}
                </Typography>
              </Typography>
              <Button
                variant="outlined"
                startIcon={<QrCode2Icon />}
                onClick={() => setOpen(h)}
                aria-label={translate('kaigi.company.ticket.open_aria', { name: h.name, conference: h.conferenceName })}
              >
                {translate('kaigi.company.ticket.open')}
              </Button>
            </Box>
          ))}
        </Box>
      </CardContent>
      <TicketDialog holder={open} onClose={() => setOpen(null)} />
    </Card>
  );
};
