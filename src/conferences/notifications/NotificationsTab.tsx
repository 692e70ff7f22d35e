/**
 * 送信履歴 of one conference (DESIGN.md §11.2): the reminder schedule (「回答期限の3営業日前
 * 2026/12/15 09:00」), every outbox row (kind, company, recipient or 送付不可, subject, status,
 * time, the error in Japanese) with 再送 on failed rows, and 「メッセージを送信」. A table on wider
 * screens, a simple list on phones.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  List as MuiList,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { formatDateTime, formatDateTimeWithWeekday } from '../../utils/dates';
import { kindLabelKey, rowTime } from '../../notifications/labels';
import { ErrorText, NotificationStatusChip, RecipientText, ResendButton } from '../../notifications/NotificationParts';
import { LoadError } from '../LoadError';
import type { ConferenceNotificationList, Notification, ReminderSchedule } from '../types';
import { SendMessageDialog } from './SendMessageDialog';

// spec §9: list default page size 10
const PAGE_SIZE = 10;

const Reminders = ({ reminders }: { reminders: ReminderSchedule[] }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="reminder-schedule">
      <Typography variant="subtitle1" component="h3" id="reminder-schedule">
        {translate('kaigi.notifications.reminders.title')}
      </Typography>
      {reminders.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.notifications.reminders.none')}
        </Typography>
      ) : (
        <MuiList dense disablePadding aria-labelledby="reminder-schedule">
          {reminders.map((r) => (
            <ListItem key={r.days_before} disableGutters>
              <ListItemText
                primary={
                  r.scheduled_for
                    ? translate('kaigi.notifications.reminders.item', {
                        days: r.days_before,
                        at: formatDateTime(r.scheduled_for),
                      })
                    : translate('kaigi.notifications.reminders.item_none', { days: r.days_before })
                }
              />
            </ListItem>
          ))}
        </MuiList>
      )}
    </Box>
  );
};

const Rows = ({ rows, onResent }: { rows: Notification[]; onResent: () => void }) => {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const field = (name: string) => translate(`resources.notifications.fields.${name}`);
  if (isSmall) {
    return (
      <MuiList aria-label={translate('kaigi.notifications.list_label')}>
        {rows.map((row) => (
          <ListItem key={row.id} divider alignItems="flex-start" data-testid={`notification-${row.id}`}>
            <ListItemText
              primary={`${translate(kindLabelKey(row.kind))} ${row.company.name1}`}
              secondary={
                <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <span>{row.subject}</span>
                  <RecipientText row={row} />
                  <span>{formatDateTimeWithWeekday(rowTime(row))}</span>
                  <NotificationStatusChip row={row} />
                  <ErrorText row={row} />
                  <ResendButton row={row} onResent={onResent} />
                </Stack>
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </MuiList>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('kaigi.notifications.list_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{field('kind')}</TableCell>
            <TableCell>{field('company')}</TableCell>
            <TableCell>{field('to')}</TableCell>
            <TableCell>{field('subject')}</TableCell>
            <TableCell>{field('status')}</TableCell>
            <TableCell>{field('time')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`notification-${row.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(kindLabelKey(row.kind))}</TableCell>
              <TableCell>{row.company.name1}</TableCell>
              <TableCell>
                <RecipientText row={row} />
              </TableCell>
              <TableCell>{row.subject}</TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <NotificationStatusChip row={row} />
                  <ErrorText row={row} />
                </Stack>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeWithWeekday(rowTime(row))}</TableCell>
              <TableCell align="right">
                <ResendButton row={row} onResent={onResent} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export const NotificationsTab = ({ conferenceId }: { conferenceId: Identifier }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const [page, setPage] = useState(0);
  const [messageOpen, setMessageOpen] = useState(false);
  const { canAccess: canSend } = useCanAccess({ resource: 'notifications', action: 'create' });
  const query = useQuery({
    queryKey: ['conference-notifications', String(conferenceId), page],
    queryFn: ({ signal }) =>
      dataProvider.conferenceNotifications(
        conferenceId,
        { page: page + 1, page_size: PAGE_SIZE },
        signal,
      ) as Promise<ConferenceNotificationList>,
    placeholderData: keepPreviousData,
  });
  const reload = () => void query.refetch();

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('kaigi.notifications.title')}
        </Typography>
        {canSend && (
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => setMessageOpen(true)}>
            {translate('kaigi.notifications.message.open')}
          </Button>
        )}
      </Stack>
      {query.error ? (
        <LoadError error={query.error} onRetry={reload} />
      ) : !query.data ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate('kaigi.notifications.loading')}</Typography>
        </Box>
      ) : (
        <>
          <Reminders reminders={query.data.reminders} />
          {query.data.data.length === 0 ? (
            <Typography color="text.secondary" role="status">
              {translate('kaigi.notifications.empty')}
            </Typography>
          ) : (
            <Box>
              <Rows rows={query.data.data} onResent={reload} />
              {query.data.meta.total > PAGE_SIZE && (
                <TablePagination
                  component="div"
                  count={query.data.meta.total}
                  page={page}
                  rowsPerPage={PAGE_SIZE}
                  rowsPerPageOptions={[PAGE_SIZE]}
                  onPageChange={(_e, next) => setPage(next)}
                />
              )}
            </Box>
          )}
        </>
      )}
      <SendMessageDialog open={messageOpen} conferenceId={conferenceId} onClose={() => setMessageOpen(false)} onSent={reload} />
    </Stack>
  );
};
