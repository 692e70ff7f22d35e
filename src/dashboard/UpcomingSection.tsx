/**
 * 今後の会議 (issue 15 item 5): the chamber's next conferences (today on, not cancelled), soonest
 * first, each with its answer rate (回答率 = answered / invited people, as 回答状況 counts it) and
 * its 回答期限, linking to the conference; then the full list from today.
 */
import { Box, LinearProgress, Link, Stack, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { formatPercent } from '../conferences/answerTally';
import { ConferenceStatusChip } from '../conferences/ConferenceChips';
import { DashboardSection, SectionEmpty } from './DashboardSection';
import type { DashboardConference } from './useDashboard';

/** 「総会 › 懇親会」 for a sub-conference; the link's text. */
export const ConferenceLink = ({ conference, to }: { conference: DashboardConference; to: string }) => (
  <Link component={RouterLink} to={to} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
    {conference.parent_name ? `${conference.parent_name} › ${conference.name}` : conference.name}
  </Link>
);

const AnswerRate = ({ conference }: { conference: DashboardConference }) => {
  const translate = useTranslate();
  if (conference.invited === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('kaigi.dashboard.upcoming.no_invitees')}
      </Typography>
    );
  }
  const ratio = conference.answered / conference.invited;
  const text = translate('kaigi.dashboard.upcoming.rate', {
    percent: formatPercent(ratio),
    answered: conference.answered,
    invited: conference.invited,
  });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LinearProgress
        variant="determinate"
        value={Math.round(ratio * 100)}
        aria-label={translate('kaigi.dashboard.upcoming.rate_label', { name: conference.name })}
        aria-valuetext={text}
        sx={{ width: 96, flexShrink: 0, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
};

export interface UpcomingSectionProps {
  data: { today: string; upcoming: { data: DashboardConference[]; total: number } } | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  sx?: object;
}

export const UpcomingSection = ({ data, isPending, error, onRetry, sx }: UpcomingSectionProps) => {
  const translate = useTranslate();
  const items = data?.upcoming.data ?? [];
  const listUrl = data
    ? `/conferences?${new URLSearchParams({
        filter: JSON.stringify({ event_date__gte: data.today }),
        sort: 'event_date',
        order: 'ASC',
      })}`
    : '/conferences';
  return (
    <DashboardSection
      id="dashboard-upcoming"
      title={translate('kaigi.dashboard.upcoming.title')}
      icon={<EventIcon />}
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={items.length === 0 ? <SectionEmpty text={translate('kaigi.dashboard.upcoming.empty')} /> : null}
      footer={{
        to: listUrl,
        label:
          items.length > 0
            ? translate('kaigi.dashboard.upcoming.all', { count: data?.upcoming.total ?? 0 })
            : translate('kaigi.dashboard.upcoming.list'),
      }}
      sx={sx}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((conference) => (
          <Box
            component="li"
            key={conference.id}
            sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
          >
            <Stack spacing={0.5}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <ConferenceLink conference={conference} to={`/conferences/${conference.id}`} />
                {conference.status !== 'published' && <ConferenceStatusChip status={conference.status} />}
              </Stack>
              {/* date and deadline each on one line; on phones the deadline wraps whole */}
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1.5, color: 'text.secondary' }}>
                <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {translate('kaigi.dashboard.upcoming.event', { date: formatDateTimeWithWeekday(conference.event_date) })}
                </Typography>
                <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {conference.answer_deadline
                    ? translate('kaigi.dashboard.upcoming.deadline', {
                        date: formatDateTimeWithWeekday(conference.answer_deadline),
                      })
                    : translate('kaigi.dashboard.upcoming.no_deadline')}
                </Typography>
              </Stack>
              <AnswerRate conference={conference} />
            </Stack>
          </Box>
        ))}
      </Box>
    </DashboardSection>
  );
};
