/**
 * 会議一覧 (issue 4 §3): keyword, event-date range (Asia/Tokyo days, both inclusive), status and
 * only-sub-conferences filters; dates with the Japanese weekday (spec §9).
 */
import { Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  CreateButton,
  DataTable,
  DateInput,
  FilterButton,
  List,
  ReferenceField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { JaDateField } from '../common/JaDateField';
import { formatDateTimeWithWeekday } from '../utils/dates';
import { ListEmpty } from '../common/ListEmpty';
import { CONFERENCE_STATUSES, statusLabelKey } from './conferenceStatus';
import { ConferenceStatusChip } from './ConferenceChips';
import { ConferenceExportButton } from '../exports/ConferenceExportButton';
import type { Conference } from './types';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const statusChoices = CONFERENCE_STATUSES.map((id) => ({ id, name: statusLabelKey(id) }));

/** Unchecked means "no restriction": the parameter is left out rather than sent as false. */
const checkedOrNothing = (value: unknown) => (value ? true : '');

const filters = [
  <TextInput key="q" source="q" alwaysOn resettable />,
  <DateInput key="gte" source="event_date__gte" alwaysOn />,
  <DateInput key="lte" source="event_date__lte" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <BooleanInput key="subs" source="only_sub_conferences" parse={checkedOrNothing} alwaysOn />,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="kaigi.conferences.list.create" />
  </TopToolbar>
);

const NameCell = ({ record }: { record: Conference }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
          {record.name}
        </Typography>
        {record.parent_id !== null && record.parent_id !== undefined && (
          <Chip size="small" variant="outlined" label={translate('kaigi.conferences.list.sub_badge')} />
        )}
      </Stack>
      {record.parent_id !== null && record.parent_id !== undefined && (
        <Typography variant="caption" color="text.secondary" component="span">
          <ReferenceField source="parent_id" reference="conferences" link={false} record={record}>
            <TextField source="name" variant="caption" />
          </ReferenceField>
        </Typography>
      )}
    </Stack>
  );
};

/** Phones: one line per conference (name, then date with weekday and place), the status on the right. */
const ConferenceSimpleList = () => {
  const translate = useTranslate();
  return (
    <SimpleList<Conference>
      linkType="edit"
      primaryText={(record) =>
        record.parent_id !== null ? `${record.name}（${translate('kaigi.conferences.list.sub_badge')}）` : record.name
      }
      secondaryText={(record) => [formatDateTimeWithWeekday(record.event_date), record.place].filter(Boolean).join(' ')}
      tertiaryText={(record) => <ConferenceStatusChip status={record.status} />}
      empty={<ListEmpty />}
    />
  );
};

export const ConferenceList = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title={translate('kaigi.conferences.list.title')}
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'event_date', order: 'DESC' }}
      perPage={10}
      empty={<ListEmpty />}
    >
      {isSmall ? (
        <ConferenceSimpleList />
      ) : (
        <DataTable body={KeyboardDataTableBody} rowClick="edit" bulkActionButtons={false} empty={<ListEmpty />}>
          <DataTable.Col source="name" render={(record) => <NameCell record={record as Conference} />} />
          <DataTable.Col source="event_date">
            <JaDateField source="event_date" format="datetime" />
          </DataTable.Col>
          <DataTable.Col source="place" disableSort />
          <DataTable.Col source="answer_deadline">
            <JaDateField source="answer_deadline" format="datetime" />
          </DataTable.Col>
          <DataTable.Col source="status" render={(record) => <ConferenceStatusChip status={record.status} />} />
          <DataTable.Col
            source="export"
            label="kaigi.exports.button.label"
            disableSort
            render={() => <ConferenceExportButton variant="icon" />}
          />
        </DataTable>
      )}
    </List>
  );
};

export default ConferenceList;
