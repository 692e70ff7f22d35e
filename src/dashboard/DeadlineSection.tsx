/**
 * 締切が近い未回答 (issue 15 item 5): conferences open for answers whose 回答期限 is within the
 * server's window (DEADLINE_SOON_DAYS, said on the screen) and that still have 未回答 invitees,
 * most urgent first; each opens the conference's 回答状況 filtered to 未回答.
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import AlarmIcon from '@mui/icons-material/Alarm';
import { useTranslate } from 'react-admin';
import { formatDateTimeWithWeekday, toDisplayDate } from '../utils/dates';
import { DashboardSection, SectionEmpty } from './DashboardSection';
import { ConferenceLink } from './UpcomingSection';
import type { DashboardConference } from './useDashboard';

/** Calendar days (Asia/Tokyo) from today to the deadline: 0 = 本日締切. */
const daysLeft = (deadline: string, now: Date) => {
  const end = toDisplayDate(deadline);
  const today = toDisplayDate(now);
  return end && today ? end.startOf('day').diff(today.startOf('day'), 'day') : 0;
};

export interface DeadlineSectionProps {
  data: { deadline_soon: { days: number; data: DashboardConference[]; total: number } } | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** when the data was read: the 「あと N 日」 count from then */
  readAt: number;
  sx?: object;
}

export const DeadlineSection = ({ data, isPending, error, onRetry, readAt, sx }: DeadlineSectionProps) => {
  const translate = useTranslate();
  const soon = data?.deadline_soon;
  const items = soon?.data ?? [];
  const days = soon?.days ?? 7;
  const now = new Date(readAt);
  return (
    <DashboardSection
      id="dashboard-deadline"
      title={translate('kaigi.dashboard.deadline.title')}
      icon={<AlarmIcon />}
      intro={translate('kaigi.dashboard.deadline.intro', { days })}
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={items.length === 0 ? <SectionEmpty text={translate('kaigi.dashboard.deadline.empty', { days })} /> : null}
      sx={sx}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((conference) => {
          const left = conference.answer_deadline ? daysLeft(conference.answer_deadline, now) : 0;
          return (
            <Box
              component="li"
              key={conference.id}
              sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
            >
              <Stack spacing={0.5}>
                <ConferenceLink conference={conference} to={`/conferences/${conference.id}/answers?answer=none`} />
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    color="warning"
                    label={translate('kaigi.dashboard.deadline.unanswered', {
                      count: conference.invited - conference.answered,
                    })}
                  />
                  <Typography variant="body2" color="text.secondary" component="span">
                    {translate('kaigi.dashboard.deadline.of_invited', { invited: conference.invited })}
                  </Typography>
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ fontWeight: 500, color: left <= 1 ? 'error.main' : 'text.primary' }}
                  >
                    {left <= 0
                      ? translate('kaigi.dashboard.deadline.today')
                      : translate('kaigi.dashboard.deadline.days_left', { days: left })}
                  </Typography>
                </Stack>
                {conference.answer_deadline && (
                  <Typography variant="body2" color="text.secondary">
                    {translate('kaigi.dashboard.deadline.deadline', {
                      date: formatDateTimeWithWeekday(conference.answer_deadline),
                    })}
                  </Typography>
                )}
              </Stack>
            </Box>
          );
        })}
      </Box>
      {soon && soon.total > items.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('kaigi.dashboard.deadline.more', { count: soon.total - items.length })}
        </Typography>
      )}
    </DashboardSection>
  );
};
