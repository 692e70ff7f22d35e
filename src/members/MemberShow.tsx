/** 会員の詳細: for reading (CCI_CONFERENCE_USER) and the account action; the member's positions. */
import { EditButton, ListButton, ReferenceField, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { DetailShow } from '../common/DetailShow';
import { JaDateField } from '../common/JaDateField';
import { CreateAccountButton } from './CreateAccountButton';
import { MemberPositions } from './MemberPositions';

const Actions = () => (
  <TopToolbar>
    <CreateAccountButton />
    <EditButton />
    <ListButton />
  </TopToolbar>
);

export const MemberShow = () => (
  <DetailShow actions={<Actions />}>
    <SimpleShowLayout>
      <ReferenceField source="company_id" reference="companies" />
      <TextField source="company_code" />
      <TextField source="name" />
      <TextField source="name_kana" emptyText="kaigi.common.date.empty" />
      <TextField source="title" emptyText="kaigi.common.date.empty" />
      <TextField source="email" emptyText="kaigi.common.date.empty" />
      <JaDateField source="start_at" />
      <JaDateField source="end_at" />
    </SimpleShowLayout>
    <MemberPositions />
  </DetailShow>
);

export default MemberShow;
