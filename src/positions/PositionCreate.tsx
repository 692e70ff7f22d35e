/** 役職の登録 (issue 4 §3); opened from a member's page the member is already chosen. */
import { Create, SimpleForm } from 'react-admin';
import { PositionInputs } from './PositionInputs';
import { toCreateBody } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

export const PositionCreate = () => (
  <Create redirect="list" transform={toCreateBody}>
    <SimpleForm noValidate>
      <FormDraft />
      <PositionInputs />
    </SimpleForm>
  </Create>
);

export default PositionCreate;
