/** The member's positions (役職), with a link to add one for this member. */
import { Box, Typography } from '@mui/material';
import { CreateButton, DataTable, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { JaDateField } from '../common/JaDateField';
import { PositionTypeField } from '../positions/PositionTypeField';
import type { Member } from './types';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 1 }}>
      {translate('kaigi.members.positions.none')}
    </Typography>
  );
};

export const MemberPositions = () => {
  const translate = useTranslate();
  const record = useRecordContext<Member>();
  if (!record) return null;
  return (
    <Box component="section" sx={{ px: 2, pb: 2 }} aria-labelledby="member-positions-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
        <Typography id="member-positions-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('kaigi.members.positions.title')}
        </Typography>
        <CreateButton resource="positions" label="kaigi.members.positions.add" state={{ record: { member_id: record.id } }} />
      </Box>
      <ReferenceManyField reference="positions" target="member_id" sort={{ field: 'position_type', order: 'ASC' }} perPage={50}>
        <DataTable bulkActionButtons={false} body={KeyboardDataTableBody} rowClick="edit" empty={<Empty />}>
          <DataTable.Col source="position_type" disableSort field={PositionTypeField} />
          <DataTable.Col source="department_name" disableSort />
          <DataTable.Col source="position_name" disableSort />
          <DataTable.Col source="start_at" disableSort>
            <JaDateField source="start_at" />
          </DataTable.Col>
          <DataTable.Col source="end_at" disableSort>
            <JaDateField source="end_at" />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};
