/**
 * 会議所ユーザーの作成 (DESIGN.md §6 "Staff accounts", issue 18 item 2): e-mail, display name and one
 * of the chamber roles; POST /v1/cci/admin/master/users. The answer's temporary password is shown
 * once on this page. Making someone スーパー管理者 asks first. Company logins are created from a
 * member (会員 → ログインアカウントを作成), never here.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Create,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  email,
  maxLength,
  required,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { CreatedUser as CreatedUserBody } from '../api/schema';
import { useNotifyApiError } from '../common/apiErrors';
import { STAFF_ROLE_CHOICES } from './userFields';
import { TemporaryPassword } from './TemporaryPassword';
import { useRaiseConfirm } from './useRaiseConfirm';

/** react-admin's record: the created user under its username as id (the dataProvider's toRecord). */
type CreatedUser = CreatedUserBody & RaRecord;

const toStaffCreate = (data: Record<string, unknown>) => ({
  email: String(data.email ?? '').trim(),
  display_name: String(data.display_name ?? '').trim(),
  user_type: data.user_type,
});

const StaffForm = () => {
  const translate = useTranslate();
  const { onSubmit, dialog } = useRaiseConfirm(null);
  return (
    <SimpleForm onSubmit={onSubmit} defaultValues={{ user_type: 'CCI_CONFERENCE_USER' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('kaigi.users.create.intro')}
      </Typography>
      {dialog}
      <TextInput
        source="email"
        type="email"
        validate={[required(), email(), maxLength(254)]}
        helperText="kaigi.users.helper.email"
        autoComplete="off"
        fullWidth
      />
      <TextInput
        source="display_name"
        validate={[required(), maxLength(100)]}
        helperText="kaigi.users.helper.display_name"
        fullWidth
      />
      <SelectInput
        source="user_type"
        choices={STAFF_ROLE_CHOICES}
        validate={required()}
        helperText="kaigi.users.helper.user_type"
      />
    </SimpleForm>
  );
};

const Created = ({ user, onAnother }: { user: CreatedUser; onAnother: () => void }) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="kaigi.users.title.create" />
      <CardContent>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {translate('kaigi.users.create.created')}
          </Alert>
          <Typography variant="subtitle1" component="p">
            {user.display_name}
          </Typography>
          <TemporaryPassword password={user.temporary_password} email={user.email} />
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <MuiButton variant="contained" onClick={() => redirect('list', 'users')}>
          {translate('kaigi.users.create.to_list')}
        </MuiButton>
        <MuiButton onClick={onAnother}>{translate('kaigi.users.create.another')}</MuiButton>
      </CardActions>
    </Card>
  );
};

const UserCreate = () => {
  const notifyApiError = useNotifyApiError();
  const [created, setCreated] = useState<CreatedUser | null>(null);
  if (created) return <Created user={created} onAnother={() => setCreated(null)} />;
  return (
    <Create
      title="kaigi.users.title.create"
      transform={toStaffCreate}
      mutationOptions={{ onSuccess: (data: CreatedUser) => setCreated(data), onError: (error) => notifyApiError(error) }}
    >
      <StaffForm />
    </Create>
  );
};

export default UserCreate;
