/**
 * 事業所一覧 (issue 4 §3): keyword and company-code filters, a 入会日 period (issue 33), sort by code
 * or フリガナ (五十音順, server-side ICU collation), the confirmation flag of each company; SimpleList
 * on phones.
 */
import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DateInput,
  FilterButton,
  List,
  SimpleList,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { JaDateField } from '../common/JaDateField';
import { ListEmpty } from '../common/ListEmpty';
import { ExportButton } from '../exports/ExportButton';
import { useRowClick } from '../common/useRowClick';
import { CompanyFlagField } from './CompanyFlagField';
import type { Company } from './types';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const filters = [
  <TextInput key="q" source="q" sx={{ minWidth: 300 }} label="kaigi.companies.filters.keyword" alwaysOn resettable />,
  <TextInput key="code" source="company_code__startswith" label="kaigi.companies.filters.company_code" alwaysOn resettable />,
  <DateInput key="joined_gte" source="joined_on__gte" />,
  <DateInput key="joined_lte" source="joined_on__lte" />,
];

/** Short Japanese headers read better on one line. */
const NOWRAP_HEADERS = { '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' } };

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton type="companies" />
  </TopToolbar>
);

const CompanyNameCell = ({ record }: { record: Company }) => (
  <Stack spacing={0.25}>
    <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
      {record.attributes?.name1}
    </Typography>
    {record.attributes?.name_kana && (
      <Typography variant="caption" component="span" color="text.secondary">
        {record.attributes.name_kana}
      </Typography>
    )}
  </Stack>
);

export const CompanyList = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rowClick = useRowClick('companies');
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'company_code', order: 'ASC' }}
      perPage={10}
      empty={<ListEmpty />}
    >
      {isSmall ? (
        <SimpleList<Company>
          primaryText={(record) => record.attributes?.name1 ?? ''}
          secondaryText={(record) => record.company_code}
          tertiaryText={(record) =>
            record.attributes?.admin_changed_info_flag === '1' ? translate('kaigi.companies.flag.pending') : ''
          }
          linkType={rowClick || false}
          empty={<ListEmpty />}
        />
      ) : (
        <DataTable<Company>
          sx={NOWRAP_HEADERS}
          body={KeyboardDataTableBody}
          rowClick={rowClick}
          bulkActionButtons={false}
          empty={<ListEmpty />}
        >
          <DataTable.Col source="company_code" />
          {/* sorted by フリガナ (五十音順); the API sorts by name_kana, not by the name itself */}
          <DataTable.Col
            source="name_kana"
            label="resources.companies.fields.attributes.name1"
            render={(record) => <CompanyNameCell record={record as Company} />}
          />
          <DataTable.Col source="attributes.representative" disableSort />
          <DataTable.Col source="attributes.phone" disableSort />
          <DataTable.Col source="joined_on">
            <JaDateField source="joined_on" />
          </DataTable.Col>
          <DataTable.Col source="attributes.admin_changed_info_flag" disableSort>
            <CompanyFlagField />
          </DataTable.Col>
          <DataTable.Col source="updated_at">
            <JaDateField source="updated_at" format="datetime" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};

export default CompanyList;
