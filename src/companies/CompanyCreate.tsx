/** 事業所の登録 (issue 4 §3). Server field errors (e.g. a company code in use) land on their fields. */
import { Create, SimpleForm } from 'react-admin';
import { CompanyInputs } from './CompanyInputs';
import { toCreateBody } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

export const CompanyCreate = () => (
  <Create redirect="list" transform={toCreateBody}>
    <SimpleForm noValidate>
      <FormDraft />
      <CompanyInputs />
    </SimpleForm>
  </Create>
);

export default CompanyCreate;
