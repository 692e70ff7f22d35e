/** 役職の編集 (issue 4 §3): versioned save with the 409 reload; delete after confirmation. */
import { SimpleForm } from 'react-admin';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { ConflictNotice } from '../common/ConflictNotice';
import { PositionInputs } from './PositionInputs';
import { toUpdateBody } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

export const PositionEdit = () => (
  <ConflictAwareEdit transform={toUpdateBody} redirect="list">
    <SimpleForm noValidate>
      <ConflictNotice />
      <FormDraft />
      <PositionInputs />
    </SimpleForm>
  </ConflictAwareEdit>
);

export default PositionEdit;
