/**
 * Users of the chamber (DESIGN §4 "user"): both chamber roles may list and view them, only
 * CCI_ADMIN edits (access/permissions.ts). Filters: keyword (e-mail or display name), role, status.
 */
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataTable,
  List,
  NullableBooleanInput,
  type RaRecord,
  SelectInput,
  SimpleList,
  TextInput,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { isRole, roleLabelKey } from '../../access/roles';
import { JaDateField } from '../common/JaDateField';
import { ListEmpty } from '../common/ListEmpty';
import { CompanyField, EnabledField, ROLE_CHOICES, RoleField } from './userFields';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const userFilters = (translate: (key: string) => string) => [
  <TextInput key="q" source="q" alwaysOn placeholder={translate('kaigi.users.helper.q')} />,
  <SelectInput key="user_type" source="user_type" choices={ROLE_CHOICES} alwaysOn />,
  <NullableBooleanInput
    key="enabled"
    source="enabled"
    trueLabel="kaigi.users.enabled"
    falseLabel="kaigi.users.disabled"
    alwaysOn
  />,
];

const UserList = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
  const rowClick = canEdit ? 'edit' : 'show';
  return (
    <List filters={userFilters(translate)} sort={{ field: 'email', order: 'ASC' }} exporter={false} empty={<ListEmpty />}>
      {isSmall ? (
        <SimpleList
          primaryText={(record: RaRecord) => String(record.display_name ?? record.email ?? record.username)}
          secondaryText={(record: RaRecord) => String(record.email ?? '')}
          tertiaryText={(record: RaRecord) =>
            [
              isRole(record.user_type) ? translate(roleLabelKey(record.user_type)) : '',
              translate(record.enabled ? 'kaigi.users.enabled' : 'kaigi.users.disabled'),
            ].join(' / ')
          }
          linkType={rowClick}
          empty={<ListEmpty />}
        />
      ) : (
        <DataTable body={KeyboardDataTableBody} rowClick={rowClick} bulkActionButtons={false} empty={<ListEmpty />}>
          <DataTable.Col source="email" />
          <DataTable.Col source="display_name" />
          <DataTable.Col source="user_type">
            <RoleField />
          </DataTable.Col>
          <DataTable.Col source="company_id" disableSort>
            <CompanyField />
          </DataTable.Col>
          <DataTable.Col source="enabled">
            <EnabledField />
          </DataTable.Col>
          <DataTable.Col source="updated_at">
            <JaDateField source="updated_at" format="datetime" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};

export default UserList;
