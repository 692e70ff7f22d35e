/**
 * 役職一覧 (issue 4 §3): filtered by position type (Japanese names from master data), department,
 * "in office on" date, company and keyword; in protocol order (type, department, rank) by default;
 * select rows to edit their ranks and end dates in one transaction, or to delete them.
 */
import { useMediaQuery, type Theme } from '@mui/material';
import {
  BulkDeleteButton,
  CreateButton,
  DataTable,
  DateInput,
  FilterButton,
  List,
  SimpleList,
  TextInput,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { JaDateField } from '../common/JaDateField';
import { ExportButton } from '../exports/ExportButton';
import { ListEmpty } from '../common/ListEmpty';
import { useRowClick } from '../common/useRowClick';
import { CompanyReferenceInput } from '../members/CompanyReferenceInput';
import { NameWithKana } from '../members/MemberCells';
import { PositionBulkEdit, PositionBulkEditButton } from './PositionBulkEdit';
import { PositionTypeField } from './PositionTypeField';
import { PositionTypeInput } from './PositionTypeInput';
import { usePositionTypes } from './usePositionTypes';
import type { Position } from './types';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const filters = [
  <TextInput key="q" source="q" sx={{ minWidth: 300 }} label="kaigi.positions.filters.keyword" alwaysOn resettable />,
  <PositionTypeInput key="type" source="position_type" label="kaigi.positions.filters.position_type" alwaysOn />,
  <TextInput
    key="department"
    source="department_name__startswith"
    label="kaigi.positions.filters.department_name"
    alwaysOn
    resettable
  />,
  <DateInput key="active_on" source="active_on" label="kaigi.positions.filters.active_on" alwaysOn />,
  <CompanyReferenceInput key="company" source="company_id" label="kaigi.positions.filters.company" />,
];

/** Short Japanese headers read better on one line. */
const NOWRAP_HEADERS = { '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' } };

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton type="positions" />
  </TopToolbar>
);

const BulkActions = () => (
  <>
    <PositionBulkEditButton />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
);

/** Protocol order (DESIGN §4): grouped by type and department, by rank within. */
const DEFAULT_SORT = { field: 'position_type,department_name,rank', order: 'ASC' as const };

export const PositionList = () => {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rowClick = useRowClick('positions');
  const { canAccess: canEdit } = useCanAccess({ resource: 'positions', action: 'edit' });
  const { nameOf } = usePositionTypes();
  return (
    <List filters={filters} actions={<ListActions />} sort={DEFAULT_SORT} empty={<ListEmpty />}>
      <PositionBulkEdit>
        {isSmall ? (
          <SimpleList<Position>
            primaryText={(record) => `${record.member_name}（${record.company_name ?? record.company_code}）`}
            secondaryText={(record) =>
              [nameOf(record.position_type), record.department_name, record.position_name].filter(Boolean).join(' ')
            }
            linkType={rowClick || false}
            empty={<ListEmpty />}
          />
        ) : (
          <DataTable<Position>
            sx={NOWRAP_HEADERS}
            body={KeyboardDataTableBody}
            rowClick={rowClick}
            bulkActionButtons={canEdit ? <BulkActions /> : false}
            empty={<ListEmpty />}
          >
            <DataTable.Col source="position_type" field={PositionTypeField} />
            <DataTable.Col source="department_name" />
            <DataTable.Col source="position_name" disableSort />
            <DataTable.NumberCol source="rank" />
            <DataTable.Col
              source="member_name_kana"
              label="resources.positions.fields.member_name"
              render={(record) => (
                <NameWithKana name={(record as Position).member_name} kana={(record as Position).member_name_kana} />
              )}
            />
            <DataTable.Col
              source="company_code"
              label="resources.positions.fields.company_name"
              render={(record) => (
                <NameWithKana name={(record as Position).company_name} kana={(record as Position).company_code} />
              )}
            />
            <DataTable.Col source="start_at">
              <JaDateField source="start_at" />
            </DataTable.Col>
            <DataTable.Col source="end_at">
              <JaDateField source="end_at" />
            </DataTable.Col>
          </DataTable>
        )}
      </PositionBulkEdit>
    </List>
  );
};

export default PositionList;
