/**
 * /settings/mail (issue 33): the chamber as the sender of its mail, set by CCI_ADMIN. The sender
 * name and Reply-To go on every message; the From address stays the configured sending domain
 * (README, "Mail from the chamber"), so the page says where replies go rather than offering it.
 */
import { Alert, Typography } from '@mui/material';
import { SimpleForm, TextInput, maxLength, useRecordContext, useTranslate } from 'react-admin';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { ConflictNotice } from '../common/ConflictNotice';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { emailFormat } from '../common/validators';
import { SINGLETON_ID } from '../providers/dataProvider';

const validateSenderName = [maxLength(100)];
const validateReplyTo = [maxLength(254), emailFormat];
const validateContact = [maxLength(500)];

/** Emptied inputs clear the setting (the server then uses the chamber's name, and no Reply-To). */
const toBody = (values: Record<string, unknown>) => {
  const text = (key: string) => (typeof values[key] === 'string' && values[key].trim() !== '' ? values[key].trim() : null);
  return {
    version: values.version,
    mail_sender_name: text('mail_sender_name'),
    mail_reply_to: text('mail_reply_to'),
    mail_contact: text('mail_contact'),
  };
};

const Intro = () => {
  const translate = useTranslate();
  const record = useRecordContext<{ name?: string }>();
  return (
    <Alert severity="info" variant="outlined" role="note" sx={{ mb: 2, width: '100%' }}>
      {translate('kaigi.chamber_settings.intro', { name: record?.name ?? '' })}
    </Alert>
  );
};

export const ChamberSettingsPage = () => {
  const translate = useTranslate();
  return (
    <ConflictAwareEdit
      resource="chamber_settings"
      id={SINGLETON_ID}
      transform={toBody}
      redirect={false}
      title={translate('kaigi.chamber_settings.title')}
    >
      <SimpleForm noValidate toolbar={<SaveOnlyToolbar />}>
        <ConflictNotice />
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {translate('kaigi.chamber_settings.title')}
        </Typography>
        <Intro />
        <TextInput
          source="mail_sender_name"
          label="kaigi.chamber_settings.fields.mail_sender_name"
          helperText="kaigi.chamber_settings.helper.mail_sender_name"
          validate={validateSenderName}
          fullWidth
        />
        <TextInput
          source="mail_reply_to"
          label="kaigi.chamber_settings.fields.mail_reply_to"
          helperText="kaigi.chamber_settings.helper.mail_reply_to"
          validate={validateReplyTo}
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          autoComplete="off"
          fullWidth
        />
        <TextInput
          source="mail_contact"
          label="kaigi.chamber_settings.fields.mail_contact"
          helperText="kaigi.chamber_settings.helper.mail_contact"
          validate={validateContact}
          multiline
          minRows={3}
          fullWidth
        />
      </SimpleForm>
    </ConflictAwareEdit>
  );
};

export default ChamberSettingsPage;
