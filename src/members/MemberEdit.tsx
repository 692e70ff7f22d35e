/**
 * 会員の編集 (issue 4 §3): versioned save with the 409 reload that keeps the user's typing, the
 * 「ログインアカウントを作成」 action, and the member's positions.
 */
import { ListButton, ShowButton, SimpleForm, TopToolbar } from 'react-admin';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { ConflictNotice } from '../common/ConflictNotice';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { CreateAccountButton } from './CreateAccountButton';
import { MemberInputs } from './MemberInputs';
import { MemberPositions } from './MemberPositions';
import { toUpdateBody } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

const Actions = () => (
  <TopToolbar>
    <CreateAccountButton />
    <ShowButton />
    <ListButton />
  </TopToolbar>
);

export const MemberEdit = () => (
  <ConflictAwareEdit transform={toUpdateBody} actions={<Actions />} redirect="list">
    <SimpleForm noValidate toolbar={<SaveOnlyToolbar />}>
      <ConflictNotice />
      <FormDraft />
      <MemberInputs />
    </SimpleForm>
    <MemberPositions />
  </ConflictAwareEdit>
);

export default MemberEdit;
