/** The inputs of 事業所 (create and edit), with the server's rules (server/schemas/company.ts) as client validation. */
import { Typography } from '@mui/material';
import { DateInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { code, emailFormat, kana, phone, postalCode } from '../common/validators';

const validateCode = [required(), maxLength(20), code];
const validateName = [required(), maxLength(200)];
const validateKana = [maxLength(200), kana];
const validateEmail = [maxLength(254), emailFormat];
const validateRepresentative = [maxLength(100)];
const validatePostalCode = [postalCode];
const validateAddress = [maxLength(300)];
const validatePhone = [phone];

const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ mt: 1, mb: 1, fontWeight: 600 }}>
      {translate(title)}
    </Typography>
  );
};

export const CompanyInputs = () => (
  <>
    <Section title="kaigi.companies.sections.basic" />
    <TextInput
      source="company_code"
      validate={validateCode}
      helperText="kaigi.companies.helper.company_code"
      autoComplete="off"
      sx={{ maxWidth: 320 }}
    />
    <TextInput source="attributes.name1" validate={validateName} fullWidth />
    <TextInput source="attributes.name_kana" validate={validateKana} helperText="kaigi.companies.helper.name_kana" fullWidth />
    <TextInput source="attributes.representative" validate={validateRepresentative} fullWidth />
    <DateInput source="joined_on" helperText="kaigi.companies.helper.joined_on" sx={{ maxWidth: 240 }} />
    <Section title="kaigi.companies.sections.contact" />
    <TextInput
      source="attributes.email"
      slotProps={{ htmlInput: { inputMode: 'email' } }}
      validate={validateEmail}
      helperText="kaigi.companies.helper.email"
      autoComplete="off"
      fullWidth
    />
    <TextInput
      source="attributes.postal_code"
      validate={validatePostalCode}
      helperText="kaigi.companies.helper.postal_code"
      autoComplete="off"
      sx={{ maxWidth: 240 }}
    />
    <TextInput source="attributes.address" validate={validateAddress} fullWidth />
    <TextInput
      source="attributes.phone"
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
      validate={validatePhone}
      helperText="kaigi.companies.helper.phone"
      autoComplete="off"
      sx={{ maxWidth: 320 }}
    />
  </>
);
