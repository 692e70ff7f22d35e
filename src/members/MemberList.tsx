/**
 * 会員一覧 (issue 4 §3): keyword, company and "in office on" (active_on) filters; sorted by
 * フリガナ (五十音順) by default; each row shows the member's company (expand=company).
 */
import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, DateInput, FilterButton, List, SimpleList, TextInput, TopToolbar } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ExportButton } from '../exports/ExportButton';
import { useRowClick } from '../common/useRowClick';
import { CompanyReferenceInput } from './CompanyReferenceInput';
import { NameWithKana, PeriodText } from './MemberCells';
import type { Member } from './types';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const filters = [
  <TextInput key="q" source="q" sx={{ minWidth: 300 }} label="kaigi.members.filters.keyword" alwaysOn resettable />,
  <CompanyReferenceInput key="company" source="company_id" label="kaigi.members.filters.company" alwaysOn />,
  <DateInput key="active_on" source="active_on" label="kaigi.members.filters.active_on" alwaysOn />,
];

/** Short Japanese headers read better on one line. */
const NOWRAP_HEADERS = { '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' } };

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton type="members" />
  </TopToolbar>
);

/** The member's company comes with the row (expand=company). */
const PERMANENT_FILTER = { expand: 'company' };

export const MemberList = () => {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rowClick = useRowClick('members');
  return (
    <List
      filters={filters}
      filter={PERMANENT_FILTER}
      actions={<ListActions />}
      sort={{ field: 'name_kana', order: 'ASC' }}
      perPage={10}
      empty={<ListEmpty />}
    >
      {isSmall ? (
        <SimpleList<Member>
          primaryText={(record) => record.name}
          secondaryText={(record) => record.company?.name1 ?? record.company_code}
          tertiaryText={(record) => record.title ?? ''}
          linkType={rowClick || false}
          empty={<ListEmpty />}
        />
      ) : (
        <DataTable<Member>
          sx={NOWRAP_HEADERS}
          body={KeyboardDataTableBody}
          rowClick={rowClick}
          bulkActionButtons={false}
          empty={<ListEmpty />}
        >
          <DataTable.Col
            source="name_kana"
            label="resources.members.fields.name"
            render={(record) => <NameWithKana name={(record as Member).name} kana={(record as Member).name_kana} />}
          />
          <DataTable.Col
            source="company_code"
            label="resources.members.fields.company_id"
            render={(record) => <NameWithKana name={(record as Member).company?.name1} kana={(record as Member).company_code} />}
          />
          <DataTable.Col source="title" disableSort />
          <DataTable.Col source="email" disableSort />
          <DataTable.Col
            source="start_at"
            label="resources.members.fields.period"
            render={(record) => <PeriodText start={(record as Member).start_at} end={(record as Member).end_at} />}
          />
        </DataTable>
      )}
    </List>
  );
};

export default MemberList;
