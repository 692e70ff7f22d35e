/** One conference of /company/meetings, with its sub-conferences grouped under it. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { CompanyConference, CompanySubConference } from '../api';
import { formatDateTimeJa, formatTime, sameDay } from '../format';
import { AnswerStatusChip, ConferenceStatusChip, DaysLeft } from './StatusChips';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
    <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: '0 0 5em' }}>
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, flex: '1 1 12em', minWidth: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

const SubConference = ({ sub, parent }: { sub: CompanySubConference; parent: CompanyConference }) => {
  const translate = useTranslate();
  const when = sameDay(sub.event_date, parent.event_date) ? formatTime(sub.event_date) : formatDateTimeJa(sub.event_date);
  return (
    <Box component="li" sx={{ py: 0.5 }} data-testid="sub-conference">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {sub.name}
        </Typography>
        <AnswerStatusChip status={sub.answer_status} />
        <ConferenceStatusChip conference={sub} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {when}
        {sub.place ? ` ／ ${translate('kaigi.company.meetings.place')}: ${sub.place}` : ''}
      </Typography>
    </Box>
  );
};

export const MeetingCard = ({ conference, now }: { conference: CompanyConference; now?: Date }) => {
  const translate = useTranslate();
  const to = `/company/meetings/${conference.id}`;
  const headingId = `meeting-${conference.id}-name`;
  const subs = conference.sub_conferences ?? [];
  return (
    <Card component="article" aria-labelledby={headingId} data-testid="meeting-card" variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography
            component="h2"
            variant="h6"
            id={headingId}
            sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere', mr: 'auto' }}
          >
            <Link component={RouterLink} to={to} underline="hover">
              {conference.name}
            </Link>
          </Typography>
          <AnswerStatusChip status={conference.answer_status} />
          <ConferenceStatusChip conference={conference} />
        </Stack>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
          <Fact label={translate('kaigi.company.meetings.date')}>{formatDateTimeJa(conference.event_date)}</Fact>
          {conference.place && <Fact label={translate('kaigi.company.meetings.place')}>{conference.place}</Fact>}
          <Fact label={translate('kaigi.company.meetings.deadline')}>
            {conference.answer_deadline
              ? formatDateTimeJa(conference.answer_deadline)
              : translate('kaigi.company.meetings.no_deadline')}
            {conference.answer_status !== 'closed' && <DaysLeft deadline={conference.answer_deadline} now={now} />}
          </Fact>
        </Box>
        {subs.length > 0 && (
          <Box sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
            <Typography component="h3" variant="body2" color="text.secondary">
              {translate('kaigi.company.meetings.sub_conferences')}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {subs.map((sub) => (
                <SubConference key={sub.id} sub={sub} parent={conference} />
              ))}
            </Box>
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <Button
          component={RouterLink}
          to={to}
          variant="outlined"
          size="small"
          aria-label={translate('kaigi.company.meetings.open_detail_of', { name: conference.name })}
        >
          {translate('kaigi.company.meetings.open_detail')}
        </Button>
      </CardActions>
    </Card>
  );
};
