/**
 * The company's answer status of a conference (DESIGN §4 answer_status) and the days left until its
 * deadline. Colours chosen for a contrast of at least 4.5:1 (WCAG AA; MUI's filled warning/info
 * chips are below it).
 */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AnswerStatus, CompanySubConference } from '../api';
import { daysUntil } from '../format';

const TONES: Record<string, { bg: string; fg: string; border: string }> = {
  unanswered: { bg: '#fff3e0', fg: '#7a3300', border: '#e65100' },
  partial: { bg: '#e3f2fd', fg: '#0d3c7a', border: '#1565c0' },
  answered: { bg: '#e8f5e9', fg: '#1b5e20', border: '#2e7d32' },
  closed: { bg: '#eeeeee', fg: '#333333', border: '#757575' },
  cancelled: { bg: '#ffebee', fg: '#8e1111', border: '#c62828' },
  held: { bg: '#eeeeee', fg: '#333333', border: '#757575' },
};

const tone = (key: string) => {
  const t = TONES[key] ?? TONES.closed;
  return { bgcolor: t.bg, color: t.fg, border: `1px solid ${t.border}`, fontWeight: 600 };
};

export const AnswerStatusChip = ({ status }: { status: AnswerStatus }) => {
  const translate = useTranslate();
  return (
    <Chip size="small" label={translate(`kaigi.company.answer_status.${status}`)} sx={tone(status)} data-testid="answer-status" />
  );
};

/** 中止 / 開催済 next to the answer status, when the conference itself says so. */
export const ConferenceStatusChip = ({ conference }: { conference: Pick<CompanySubConference, 'status'> }) => {
  const translate = useTranslate();
  if (conference.status !== 'cancelled' && conference.status !== 'held') return null;
  return (
    <Chip size="small" label={translate(`kaigi.company.conference_status.${conference.status}`)} sx={tone(conference.status)} />
  );
};

/** 「あと3日」, 「本日締切」, 「期限切れ」 — shown only while the conference is open. */
export const DaysLeft = ({ deadline, now }: { deadline: string | null; now?: Date }) => {
  const translate = useTranslate();
  const days = daysUntil(deadline, now);
  if (days === null) return null;
  const urgent = days <= 3;
  const text =
    days < 0
      ? translate('kaigi.company.meetings.deadline_passed')
      : days === 0
        ? translate('kaigi.company.meetings.due_today')
        : translate('kaigi.company.meetings.days_left', { days });
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ ml: 1, fontWeight: urgent ? 700 : 400, color: urgent ? '#b00020' : 'text.secondary', whiteSpace: 'nowrap' }}
      data-testid="days-left"
    >
      （{text}）
    </Typography>
  );
};
