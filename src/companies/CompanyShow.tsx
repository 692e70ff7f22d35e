/** 事業所の詳細, for users who may read but not edit master data (CCI_CONFERENCE_USER). */
import { SimpleShowLayout, TextField } from 'react-admin';
import { DetailShow } from '../common/DetailShow';
import { JaDateField } from '../common/JaDateField';
import { CompanyFlagField } from './CompanyFlagField';

export const CompanyShow = () => (
  <DetailShow>
    <SimpleShowLayout>
      <TextField source="company_code" />
      <TextField source="attributes.name1" />
      <TextField source="attributes.name_kana" emptyText="kaigi.common.date.empty" />
      <TextField source="attributes.representative" emptyText="kaigi.common.date.empty" />
      <JaDateField source="joined_on" />
      <TextField source="attributes.email" emptyText="kaigi.common.date.empty" />
      <TextField source="attributes.postal_code" emptyText="kaigi.common.date.empty" />
      <TextField source="attributes.address" emptyText="kaigi.common.date.empty" />
      <TextField source="attributes.phone" emptyText="kaigi.common.date.empty" />
      <CompanyFlagField label="resources.companies.fields.attributes.admin_changed_info_flag" />
      <JaDateField source="updated_at" format="datetime" />
    </SimpleShowLayout>
  </DetailShow>
);

export default CompanyShow;
