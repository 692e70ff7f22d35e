/** 会員の登録 (issue 4 §3): the company is picked by keyword; server field errors land on their fields. */
import { Create, SimpleForm } from 'react-admin';
import { MemberInputs } from './MemberInputs';
import { toCreateBody } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

export const MemberCreate = () => (
  <Create redirect="edit" transform={toCreateBody}>
    <SimpleForm noValidate>
      <FormDraft />
      <MemberInputs />
    </SimpleForm>
  </Create>
);

export default MemberCreate;
