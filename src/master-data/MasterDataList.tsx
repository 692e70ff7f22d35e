/**
 * Master data browser (spec §7 GET /v1/cci/{cci_code}/master/{master_type_code}; DESIGN §4):
 * read-only for both chamber roles. The master type is chosen with tabs and kept in react-admin's
 * store; it is a permanent filter of the list (the dataProvider puts it in the path), so the
 * user's filters — master_code and master_code__startswith — can be cleared without losing it.
 * Rows come in the server's order (sort_order, then master_code) until a column header is clicked.
 */
import type { SyntheticEvent } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataTable, List, type RaRecord, SimpleList, TextInput, useListContext, useStore, useTranslate } from 'react-admin';
import { JaDateField } from '../common/JaDateField';
import { ListEmpty } from '../common/ListEmpty';
import { CONFERENCE_TEMPLATE_MASTER, MASTER_TYPES, POSITION_TYPE_MASTER, masterCodeOf } from './masterTypes';
import { useCciCode } from './useCciCode';

/** No sort sent: the server's own order (sort_order, master_code) — valid for every master type. */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

const filters = [
  <TextInput
    key="master_code__startswith"
    source="master_code__startswith"
    helperText="kaigi.master_data.helper.master_code__startswith"
    alwaysOn
  />,
  <TextInput key="master_code" source="master_code" helperText="kaigi.master_data.helper.master_code" alwaysOn />,
];

const MasterTypeTabs = ({ value, onChange }: { value: string; onChange: (next: string) => void }) => {
  const translate = useTranslate();
  const { setSort } = useListContext();
  const change = (_event: SyntheticEvent, next: string) => {
    // sort fields differ between types (templates have no sort_order): back to the server's order
    setSort(SERVER_ORDER);
    onChange(next);
  };
  return (
    <Tabs
      value={(MASTER_TYPES as readonly string[]).includes(value) ? value : false}
      onChange={change}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('resources.master_data.fields.master_type_code')}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {MASTER_TYPES.map((type) => (
        <Tab key={type} value={type} label={translate(`kaigi.master_data.types.${type}`)} />
      ))}
    </Tabs>
  );
};

const MasterRows = ({ masterType }: { masterType: string }) => {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const isTemplate = masterType === CONFERENCE_TEMPLATE_MASTER;
  if (isSmall) {
    return (
      <SimpleList
        primaryText={(record: RaRecord) => String(record.name ?? '')}
        secondaryText={(record: RaRecord) => masterCodeOf(record)}
        tertiaryText={(record: RaRecord) => (record.sort_order != null ? String(record.sort_order) : '')}
        linkType={false}
        empty={<ListEmpty />}
      />
    );
  }
  return (
    <DataTable rowClick={false} bulkActionButtons={false} empty={<ListEmpty />}>
      <DataTable.Col
        source={isTemplate ? 'conference_template_code' : 'master_code'}
        label="resources.master_data.fields.master_code"
        render={(record: RaRecord) => masterCodeOf(record)}
      />
      <DataTable.Col source="name" />
      {!isTemplate && <DataTable.NumberCol source="sort_order" />}
      <DataTable.Col source="updated_at">
        <JaDateField source="updated_at" format="datetime" />
      </DataTable.Col>
    </DataTable>
  );
};

const MasterDataList = () => {
  const translate = useTranslate();
  const cciCode = useCciCode();
  const [masterType, setMasterType] = useStore<string>('master_data.master_type_code', POSITION_TYPE_MASTER);
  return (
    <List
      resource="master_data"
      title={translate('kaigi.master_data.title')}
      filters={filters}
      filter={{ master_type_code: masterType }}
      sort={SERVER_ORDER}
      exporter={false}
      actions={false}
      empty={false}
      queryOptions={{ enabled: cciCode !== null }}
    >
      <MasterTypeTabs value={masterType} onChange={setMasterType} />
      <MasterRows masterType={masterType} />
    </List>
  );
};

export default MasterDataList;
