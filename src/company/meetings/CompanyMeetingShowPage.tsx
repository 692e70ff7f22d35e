/**
 * /company/meetings/:id (issue 5): the conference's details, its sub-conferences, attachments (each
 * with a download button, issue 6: AttachmentList.tsx), the answer form and the 受付票 of those
 * attending (issue 14: TicketSection.tsx).
 * GET /v1/company/conferences/{id}?expand=sub_conferences,members,attachments;
 * a conference the company may not see is a 404, which the HTTP client turns into /404 (spec §2).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { fetchConferenceDetail, portalKeys, type CompanyConference, type CompanySubConference } from '../api';
import { formatDateTimeJa, formatTime, sameDay } from '../format';
import { AttachmentList } from './AttachmentList';
import { AnswerForm } from './AnswerForm';
import { AnswerStatusChip, ConferenceStatusChip, DaysLeft } from './StatusChips';
import { EnterRoomButton } from '../../room/EnterRoomButton';
import { TicketSection } from './TicketSection';
import { PublishedMinutes } from './PublishedMinutes';

// 書面議決・委任状 (issue 34): its own chunk, the page is over its bundle budget (bench/results/web.md)
const WrittenVotesSection = lazy(() => import('./votes/WrittenVotesSection'));

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, py: 0.5, minWidth: 0 }}>
    <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: '0 0 6em' }}>
      {label}
    </Typography>
    <Typography
      component="dd"
      variant="body2"
      sx={{ m: 0, flex: '1 1 14em', minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      {children}
    </Typography>
  </Box>
);

const when = (c: CompanySubConference) => {
  const start = formatDateTimeJa(c.event_date);
  if (!c.end_at) return start;
  return `${start} 〜 ${sameDay(c.event_date, c.end_at) ? formatTime(c.end_at) : formatDateTimeJa(c.end_at)}`;
};

const Details = ({ conference }: { conference: CompanyConference }) => {
  const translate = useTranslate();
  const subs = conference.sub_conferences ?? [];
  const attachments = conference.attachments ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="meeting-details-title">
      <CardContent>
        <Typography component="h2" variant="h6" id="meeting-details-title" gutterBottom>
          {translate('kaigi.company.meeting.details')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Fact label={translate('kaigi.company.meeting.date')}>{when(conference)}</Fact>
          {conference.place && <Fact label={translate('kaigi.company.meeting.place')}>{conference.place}</Fact>}
          <Fact label={translate('kaigi.company.meeting.deadline')}>
            {conference.answer_deadline
              ? formatDateTimeJa(conference.answer_deadline)
              : translate('kaigi.company.meetings.no_deadline')}
            {conference.answer_status !== 'closed' && <DaysLeft deadline={conference.answer_deadline} />}
          </Fact>
          {conference.description && <Fact label={translate('kaigi.company.meeting.description')}>{conference.description}</Fact>}
        </Box>
        {subs.map((sub) => (
          <Box key={sub.id} sx={{ mt: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider' }} data-testid="sub-conference-details">
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {translate('kaigi.company.meeting.sub_conference')}: {sub.name}
              </Typography>
              <AnswerStatusChip status={sub.answer_status} />
              <ConferenceStatusChip conference={sub} />
            </Stack>
            <Box component="dl" sx={{ m: 0 }}>
              <Fact label={translate('kaigi.company.meeting.date')}>{when(sub)}</Fact>
              {sub.place && <Fact label={translate('kaigi.company.meeting.place')}>{sub.place}</Fact>}
              {sub.answer_deadline && sub.answer_deadline !== conference.answer_deadline && (
                <Fact label={translate('kaigi.company.meeting.deadline')}>{formatDateTimeJa(sub.answer_deadline)}</Fact>
              )}
              {sub.description && <Fact label={translate('kaigi.company.meeting.description')}>{sub.description}</Fact>}
            </Box>
          </Box>
        ))}
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 700 }}>
          {translate('kaigi.company.meeting.attachments')}
        </Typography>
        {attachments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.company.meeting.no_attachments')}
          </Typography>
        ) : (
          <AttachmentList files={attachments} label={translate('kaigi.company.meeting.attachments')} />
        )}
        {subs
          .filter((sub) => (sub.attachments ?? []).length > 0)
          .map((sub) => (
            <Box key={sub.id} sx={{ mt: 2 }}>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                {translate('kaigi.company.meeting.sub_attachments', { name: sub.name })}
              </Typography>
              <AttachmentList
                files={sub.attachments ?? []}
                label={translate('kaigi.company.meeting.sub_attachments', { name: sub.name })}
              />
            </Box>
          ))}
      </CardContent>
    </Card>
  );
};

export const CompanyMeetingShowPage = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const query = useQuery({
    queryKey: portalKeys.detail(id),
    queryFn: ({ signal }) => fetchConferenceDetail(id, signal),
    enabled: validId,
  });
  const conference = query.data;
  // an id no conference can have: the not-found page, as for the API's 404 (spec §2)
  if (!validId) return <Navigate to="/404" replace />;

  return (
    <Box sx={{ mt: 2, maxWidth: 1100, minWidth: 0 }}>
      <Title title={conference?.name ?? translate('kaigi.company.meeting.title')} />
      <Link
        component={RouterLink}
        to="/company/meetings"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, color: 'primary.dark' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {translate('kaigi.company.common.back_to_list')}
      </Link>
      {!conference ? (
        query.isError ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {translate('kaigi.company.common.retry')}
              </Button>
            }
          >
            {translate('kaigi.company.common.load_error')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={translate('kaigi.company.common.loading')} />
          </Box>
        )
      ) : (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere', mr: 1 }}>
              {conference.name}
            </Typography>
            <AnswerStatusChip status={conference.answer_status} />
            <ConferenceStatusChip conference={conference} />
          </Stack>
          <EnterRoomButton conferenceId={id} />
          <Details conference={conference} />
          <AnswerForm key={conference.id} detail={conference} />
          {conference.members?.some((m) => m.category === 'principal' && m.conference_id === conference.id) && (
            <Suspense fallback={null}>
              <WrittenVotesSection detail={conference} />
            </Suspense>
          )}
          <TicketSection conference={conference} />
          <PublishedMinutes conferenceId={conference.id} />
        </Stack>
      )}
    </Box>
  );
};

export default CompanyMeetingShowPage;
