/**
 * Edit a user (CCI_ADMIN only): role (user_type), company for the COMPANY_ADMIN role, enabled,
 * display name. PUT /v1/cci/admin/master/users/{username} with `version` (the record's id is the
 * username). A 409 version_conflict offers to reload without losing the input (ConflictAwareEdit);
 * 422 cannot_change_self / invalid_company / cognito_user_missing get a Japanese message, and
 * invalid_company also shows on the company field.
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
import { ROLE_CHOICES } from './userFields';
import { toUserUpdate } from './userUpdate';
import { FormDraft } from '../common/drafts/FormDraft';

/** Problem codes of PUT /users/{username} with a message of their own (kaigi.users.errors.*). */
const USER_ERROR_CODES = ['cannot_change_self', 'invalid_company', 'cognito_user_missing'];

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
  return (
    // no delete: the API has no DELETE for users (disable the login instead)
    <SimpleForm
      resetOptions={CONFLICT_RESET_OPTIONS}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <ConflictNotice />
      <FormDraft />
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
        choices={ROLE_CHOICES}
        validate={required()}
        readOnly={isSelf}
        helperText={isSelf ? 'kaigi.users.helper.self' : 'kaigi.users.helper.user_type'}
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
