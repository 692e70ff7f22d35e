/** The inputs of 会員 (create and edit), with the server's rules (server/schemas/member.ts) as client validation. */
import { Stack } from '@mui/material';
import { DateInput, TextInput, maxLength, required } from 'react-admin';
import { emailFormat, kana, notBefore } from '../common/validators';
import { CompanyReferenceInput } from './CompanyReferenceInput';

const validateCompany = [required()];
const validateName = [required(), maxLength(100)];
const validateShort = [maxLength(100)];
const validateKana = [maxLength(100), kana];
const validateEmail = [maxLength(254), emailFormat];
const validateEnd = [notBefore('start_at')];

export const MemberInputs = () => (
  <>
    <CompanyReferenceInput validate={validateCompany} helperText="kaigi.members.helper.company" fullWidth />
    <TextInput source="name" validate={validateName} autoComplete="off" fullWidth />
    <TextInput
      source="name_kana"
      validate={validateKana}
      helperText="kaigi.members.helper.name_kana"
      autoComplete="off"
      fullWidth
    />
    <TextInput source="title" validate={validateShort} fullWidth />
    <TextInput
      source="email"
      slotProps={{ htmlInput: { inputMode: 'email' } }}
      validate={validateEmail}
      helperText="kaigi.members.helper.email"
      autoComplete="off"
      fullWidth
    />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
      <DateInput source="start_at" helperText="kaigi.members.helper.start_at" />
      <DateInput source="end_at" validate={validateEnd} helperText="kaigi.members.helper.end_at" />
    </Stack>
  </>
);
