/**
 * Edit a user (CCI_ADMIN only): role (user_type), company for the COMPANY_ADMIN role, enabled,
 * display name. PUT /v1/cci/admin/master/users/{username} with `version` (the record's id is the
 * username). A 409 version_conflict offers to reload without losing the input (ConflictAwareEdit);
 * 422 cannot_change_self / invalid_company / cognito_user_missing / role_side_change get a Japanese
 * message, and invalid_company also shows on the company field. The role stays on its side
 * (DESIGN.md §6: a company admin is never turned into chamber staff, or back); raising someone to
 * スーパー管理者 asks first (issue 18 item 2). 仮パスワードを再発行 is beside 保存 (issue 15).
 */
import Stack from '@mui/material/Stack';
import {
  BooleanInput,
  Labeled,
  type RaRecord,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { SearchAutocompleteInput } from '../common/SearchAutocompleteInput';
import { ConflictNotice } from '../common/ConflictNotice';
import { CONFLICT_RESET_OPTIONS } from '../common/useConflictAwareSave';
import { problemCode, useNotifyApiError } from '../common/apiErrors';
import { useSession } from '../session/useSession';
import { roleChoicesOnSideOf } from './userFields';
import { ReissuePasswordButton } from './ReissuePasswordButton';
import { useRaiseConfirm } from './useRaiseConfirm';
import { toUserUpdate } from './userUpdate';
import { FormDraft } from '../common/drafts/FormDraft';

/** Problem codes of PUT /users/{username} with a message of their own (kaigi.users.errors.*). */
const USER_ERROR_CODES = ['cannot_change_self', 'invalid_company', 'cognito_user_missing', 'role_side_change'];

const companyLabel = (company: RaRecord) =>
  [company.attributes?.name1, company.company_code ? `(${company.company_code})` : ''].filter(Boolean).join(' ');

const companyRequired = (value: unknown, values: Record<string, unknown>) =>
  values.user_type === 'COMPANY_ADMIN' && (value === null || value === undefined || value === '')
    ? 'kaigi.users.validation.company_required'
    : undefined;

const CompanyInput = () => {
  const userType = useWatch({ name: 'user_type' });
  if (userType !== 'COMPANY_ADMIN') return null;
  return (
    <ReferenceInput source="company_id" reference="companies" sort={{ field: 'company_code', order: 'ASC' }} perPage={20}>
      <SearchAutocompleteInput
        optionText={companyLabel}
        validate={companyRequired}
        helperText="kaigi.users.helper.company_id"
        fullWidth
      />
    </ReferenceInput>
  );
};

const UserEditForm = () => {
  const record = useRecordContext();
  const session = useSession();
  const isSelf = !!record && record.username === session.cciUser?.username;
  const { onSubmit, dialog } = useRaiseConfirm(record?.user_type);
  const choices = roleChoicesOnSideOf(record?.user_type);
  return (
    // no delete: the API has no DELETE for users (disable the login instead)
    <SimpleForm
      onSubmit={onSubmit}
      resetOptions={CONFLICT_RESET_OPTIONS}
      toolbar={
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <SaveButton />
          <ReissuePasswordButton />
        </Toolbar>
      }
    >
      <ConflictNotice />
      <FormDraft />
      {dialog}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
        <Labeled source="email">
          <TextField source="email" />
        </Labeled>
        <Labeled source="username">
          <TextField source="username" />
        </Labeled>
      </Stack>
      <TextInput source="display_name" validate={maxLength(100)} helperText="kaigi.users.helper.display_name" fullWidth />
      <SelectInput
        source="user_type"
        choices={choices}
        validate={required()}
        readOnly={isSelf || choices.length < 2}
        helperText={isSelf ? 'kaigi.users.helper.self' : 'kaigi.users.helper.user_type_side'}
      />
      <CompanyInput />
      <BooleanInput
        source="enabled"
        label="kaigi.users.enabled_input"
        readOnly={isSelf}
        helperText={isSelf ? 'kaigi.users.helper.self' : 'kaigi.users.helper.enabled'}
      />
    </SimpleForm>
  );
};

const UserTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <span>{translate('kaigi.users.title.edit', { name: record?.display_name ?? record?.email ?? record?.username ?? '' })}</span>
  );
};

const UserEdit = () => {
  const notify = useNotify();
  const notifyApiError = useNotifyApiError();
  const onError = (error: unknown) => {
    const code = problemCode(error);
    if (code && USER_ERROR_CODES.includes(code)) {
      // invalid_company also names the company field; say it in the notification too in case
      // the field is not on screen (a chamber role)
      notify(`kaigi.users.errors.${code}`, { type: 'error' });
      return;
    }
    notifyApiError(error);
  };
  return (
    <ConflictAwareEdit title={<UserTitle />} transform={toUserUpdate} mutationOptions={{ onError }}>
      <UserEditForm />
    </ConflictAwareEdit>
  );
};

export default UserEdit;
