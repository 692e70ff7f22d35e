/**
 * 事業所の編集 (issue 4 §3): versioned save; a 409 says another user saved first and offers to
 * reload the current version keeping what the user typed (src/common/ConflictNotice). Shows the
 * confirmation flag (spec §4) — a chamber change sets it again.
 */
import { Alert, Stack, Typography } from '@mui/material';
import { SimpleForm, useRecordContext, useTranslate } from 'react-admin';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { ConflictNotice } from '../common/ConflictNotice';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { JaDateField } from '../common/JaDateField';
import { CompanyFlagField, isPendingConfirmation } from './CompanyFlagField';
import { CompanyInputs } from './CompanyInputs';
import { toUpdateBody, type Company } from './types';
import { FormDraft } from '../common/drafts/FormDraft';

const FlagStatus = () => {
  const translate = useTranslate();
  const record = useRecordContext<Company>();
  if (!record) return null;
  const pending = isPendingConfirmation(record);
  return (
    <Stack spacing={1} sx={{ mb: 2, width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" component="span">
          {translate('resources.companies.fields.attributes.admin_changed_info_flag')}:
        </Typography>
        <CompanyFlagField />
        <Typography variant="body2" component="span" color="text.secondary">
          {translate('resources.companies.fields.updated_at')}: <JaDateField source="updated_at" format="datetime" />
        </Typography>
      </Stack>
      <Alert severity={pending ? 'warning' : 'info'} variant="outlined" role="note">
        {translate(pending ? 'kaigi.companies.flag.pending_help' : 'kaigi.companies.flag.save_notice')}
      </Alert>
    </Stack>
  );
};

export const CompanyEdit = () => (
  <ConflictAwareEdit transform={toUpdateBody} redirect="list">
    <SimpleForm noValidate toolbar={<SaveOnlyToolbar />}>
      <ConflictNotice />
      <FormDraft />
      <FlagStatus />
      <CompanyInputs />
    </SimpleForm>
  </ConflictAwareEdit>
);

export default CompanyEdit;
