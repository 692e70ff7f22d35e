/** A user, read-only (both chamber roles; the edit button shows for CCI_ADMIN only, via canAccess). */
import { EditButton, Labeled, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { DetailShow } from '../common/DetailShow';
import { JaDateField } from '../common/JaDateField';
import { CompanyField, EnabledField, RoleField } from './userFields';

const UserTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <span>{translate('kaigi.users.title.show', { name: record?.display_name ?? record?.email ?? record?.username ?? '' })}</span>
  );
};

const UserShow = () => (
  <DetailShow
    title={<UserTitle />}
    actions={
      <TopToolbar>
        <EditButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="email" />
      <TextField source="display_name" emptyText="—" />
      <TextField source="username" />
      <Labeled source="user_type">
        <RoleField />
      </Labeled>
      <Labeled source="company_id">
        <CompanyField />
      </Labeled>
      <Labeled source="enabled">
        <EnabledField />
      </Labeled>
      <JaDateField source="created_at" format="datetime" />
      <JaDateField source="updated_at" format="datetime" />
    </SimpleShowLayout>
  </DetailShow>
);

export default UserShow;
