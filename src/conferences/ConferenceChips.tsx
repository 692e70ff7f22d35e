/** Small chips of this area: a conference's status, an invitee's answer, a company's answer summary. */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STATUS_COLORS, isConferenceStatus, statusLabelKey } from './conferenceStatus';
import { ANSWER_COLORS, answerKeyOf, companySummaryKey } from './answerTally';

export const ConferenceStatusChip = ({ status }: { status: string | null | undefined }) => {
  const translate = useTranslate();
  if (!isConferenceStatus(status)) return null;
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(statusLabelKey(status))} />;
};

export const AnswerChip = ({ answer }: { answer: string | null | undefined }) => {
  const translate = useTranslate();
  const key = answerKeyOf(answer);
  return (
    <Chip
      size="small"
      variant={key === 'none' ? 'outlined' : 'filled'}
      color={ANSWER_COLORS[key]}
      label={translate(`kaigi.conferences.answer.${key}`)}
    />
  );
};

const SUMMARY_COLORS = { answered: 'success', partial: 'info', none: 'warning' } as const;

export const CompanyAnswerChip = ({ summary }: { summary: string | null | undefined }) => {
  const translate = useTranslate();
  const key = companySummaryKey(summary);
  return (
    <Chip
      size="small"
      variant={key === 'none' ? 'outlined' : 'filled'}
      color={SUMMARY_COLORS[key]}
      label={translate(`kaigi.conferences.company_answer.${key}`)}
    />
  );
};
