/**
 * 送信履歴 (DESIGN.md §11.2): every outbox row of the chamber, newest first, filterable by kind,
 * status and conference; 送付不可 and the error in Japanese; 再送 on failed rows. A simple list on
 * phones.
 */
import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, ReferenceInput, SelectInput, SimpleList, useRefresh, useTranslate } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { SearchAutocompleteInput } from '../common/SearchAutocompleteInput';
import { formatDateTimeWithWeekday } from '../utils/dates';
import type { Notification } from '../conferences/types';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES, kindLabelKey, recipientText, rowTime, statusLabelKey } from './labels';
import { ErrorText, NotificationStatusChip, RecipientText, ResendButton } from './NotificationParts';

const filters = [
  <SelectInput
    key="kind"
    source="kind"
    label="kaigi.notifications.filters.kind"
    choices={NOTIFICATION_KINDS.map((id) => ({ id, name: kindLabelKey(id) }))}
    alwaysOn
  />,
  <SelectInput
    key="status"
    source="status"
    label="kaigi.notifications.filters.status"
    choices={NOTIFICATION_STATUSES.map((id) => ({ id, name: statusLabelKey(id) }))}
    alwaysOn
  />,
  <ReferenceInput
    key="conference"
    source="conference_id"
    reference="conferences"
    sort={{ field: 'event_date', order: 'DESC' }}
    alwaysOn
  >
    <SearchAutocompleteInput label="kaigi.notifications.filters.conference" optionText="name" sx={{ minWidth: 240 }} />
  </ReferenceInput>,
];

const StatusCell = ({ record }: { record: Notification }) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <NotificationStatusChip row={record} />
    <ErrorText row={record} />
  </Stack>
);

const NotificationSimpleList = ({ onResent }: { onResent: () => void }) => {
  const translate = useTranslate();
  return (
    <SimpleList<Notification>
      linkType={false}
      primaryText={(record) => `${translate(kindLabelKey(record.kind))} ${record.company.name1}`}
      secondaryText={(record) => (
        <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{record.conference.name}</span>
          <span>{record.subject}</span>
          <span>{recipientText(record, translate)}</span>
          <span>{formatDateTimeWithWeekday(rowTime(record))}</span>
          <ErrorText row={record} />
          <ResendButton row={record} onResent={onResent} />
        </Stack>
      )}
      tertiaryText={(record) => <NotificationStatusChip row={record} />}
      empty={<ListEmpty disableCreate />}
    />
  );
};

export const NotificationList = () => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title={translate('kaigi.notifications.title')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      empty={<ListEmpty disableCreate />}
      exporter={false}
    >
      {isSmall ? (
        <NotificationSimpleList onResent={refresh} />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty disableCreate />}>
          <DataTable.Col
            source="created_at"
            label="resources.notifications.fields.time"
            render={(record) => (
              <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTimeWithWeekday(rowTime(record as Notification))}
              </Typography>
            )}
          />
          <DataTable.Col source="kind" disableSort render={(record) => translate(kindLabelKey(record.kind))} />
          <DataTable.Col source="conference" disableSort render={(record) => (record as Notification).conference.name} />
          <DataTable.Col source="company" disableSort render={(record) => (record as Notification).company.name1} />
          <DataTable.Col source="to" disableSort render={(record) => <RecipientText row={record as Notification} />} />
          <DataTable.Col source="subject" disableSort />
          <DataTable.Col source="status" disableSort render={(record) => <StatusCell record={record as Notification} />} />
          <DataTable.Col
            source="resend"
            label=""
            disableSort
            render={(record) => <ResendButton row={record as Notification} onResent={refresh} />}
          />
        </DataTable>
      )}
    </List>
  );
};

export default NotificationList;
