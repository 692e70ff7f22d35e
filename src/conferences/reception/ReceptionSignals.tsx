/**
 * What the desk shows of one invitee: who is expected (the principal, or the substitute when
 * 代理出席) and the signals — colour, icon and text together, never colour alone (WCAG 1.4.1).
 */
import type { ReactElement } from 'react';
import { Chip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PeopleIcon from '@mui/icons-material/People';
import BlockIcon from '@mui/icons-material/Block';
import DescriptionIcon from '@mui/icons-material/Description';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslate } from 'react-admin';
import { formatTime } from '../../company/format';
import type { ReceptionRow } from './api';

/** The person expected at the desk: the substitute's name when 代理出席, else the principal. */
export const expectedName = (row: ReceptionRow): string =>
  row.answer_content === 'proxy_attend' && row.proxy_name ? row.proxy_name : row.member_name;

export const expectedTitle = (row: ReceptionRow): string | null =>
  row.answer_content === 'proxy_attend' && row.proxy_name ? row.proxy_title : row.member_title;

/** Who came (checked in), else who is expected. */
export const shownName = (row: ReceptionRow): string => row.attended_by ?? expectedName(row);

export const checkedInTime = (row: ReceptionRow): string => formatTime(row.checked_in_at);

type SignalKey = 'attend' | 'proxy_attend' | 'absent' | 'delegate' | 'unanswered';

// the text stays text.primary (legible on the row's tint); the border and the icon carry the colour
const SIGNALS: Record<SignalKey, { color: string; icon: ReactElement }> = {
  attend: { color: 'success.dark', icon: <HowToRegIcon /> },
  proxy_attend: { color: 'info.main', icon: <PeopleIcon /> },
  absent: { color: 'error.dark', icon: <BlockIcon /> },
  delegate: { color: 'warning.main', icon: <DescriptionIcon /> },
  unanswered: { color: 'text.secondary', icon: <HelpOutlineIcon /> },
};

export const answerKey = (answer: ReceptionRow['answer_content']): SignalKey => answer ?? 'unanswered';

/** The answer as a chip: 出席 / 代理出席 / 欠席 / 委任状 / 未回答. */
export const AnswerSignal = ({ answer }: { answer: ReceptionRow['answer_content'] }) => {
  const translate = useTranslate();
  const key = answerKey(answer);
  const { color, icon } = SIGNALS[key];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={icon}
      label={translate(`kaigi.reception.signal.${key}`)}
      data-testid="answer-signal"
      sx={{ borderColor: color, borderWidth: 2, color: 'text.primary', '& .MuiChip-icon': { color } }}
    />
  );
};

/** 受付済 HH:mm, filled. */
export const CheckedInSignal = ({ row }: { row: ReceptionRow }) => {
  const translate = useTranslate();
  return (
    <Chip
      color="success"
      icon={<CheckCircleIcon />}
      label={translate('kaigi.reception.row.checked_in_at', { time: checkedInTime(row) })}
      data-testid="checked-in-signal"
      sx={{ fontWeight: 700 }}
    />
  );
};
