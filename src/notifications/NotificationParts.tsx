/** Pieces shared by the conference's 送信履歴 tab and the overall 送信履歴 list. */
import { useState } from 'react';
import { Button, Chip, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { KaigiDataProvider } from '../providers/dataProvider';
import { problemMessage } from '../conferences/problemMessage';
import type { Notification } from '../conferences/types';
import { errorText, recipientText, STATUS_COLORS, statusLabelKey } from './labels';

export const NotificationStatusChip = ({ row }: { row: Pick<Notification, 'status'> }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[row.status]} label={translate(statusLabelKey(row.status))} />;
};

/** The recipient, 送付不可 in the warning colour. */
export const RecipientText = ({ row }: { row: Pick<Notification, 'to'> }) => {
  const translate = useTranslate();
  return (
    <Typography
      variant="body2"
      component="span"
      color={row.to ? 'text.primary' : 'warning.main'}
      sx={{ overflowWrap: 'anywhere' }}
      title={row.to ? undefined : translate('kaigi.notifications.no_address_help')}
    >
      {recipientText(row, translate)}
    </Typography>
  );
};

export const ErrorText = ({ row }: { row: Pick<Notification, 'status' | 'error'> }) => {
  const translate = useTranslate();
  const text = errorText(row, translate);
  return text ? (
    <Typography variant="caption" color={row.status === 'failed' ? 'error' : 'text.secondary'} component="span">
      {text}
    </Typography>
  ) : null;
};

/** 再送 on a failed row (POST notifications/{id}/resend); the caller reloads after it. */
export const ResendButton = ({ row, onResent }: { row: Notification; onResent: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const [busy, setBusy] = useState(false);
  if (row.status !== 'failed') return null;
  const resend = async () => {
    setBusy(true);
    try {
      await dataProvider.resendNotification(row.id);
      notify('kaigi.notifications.resent', { type: 'success' });
      onResent();
    } catch (error) {
      notify(problemMessage(error, translate), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      loading={busy}
      onClick={(event) => {
        // inside a clickable list row: only the resend
        event.stopPropagation();
        void resend();
      }}
      aria-label={translate('kaigi.notifications.resend_label', { company: row.company.name1, subject: row.subject })}
    >
      {translate('kaigi.notifications.resend')}
    </Button>
  );
};
