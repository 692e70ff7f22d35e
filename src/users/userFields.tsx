/** Pieces shared by the users views: role choices and labels, the company and status fields. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ReferenceField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { ROLES, isRole, roleLabelKey } from '../../access/roles';

/** The three roles (spec §1) with their Japanese labels (kaigi.roles.*). */
export const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: roleLabelKey(role) }));

export const RoleField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const role = record?.user_type;
  return (
    <Typography component="span" variant="body2">
      {isRole(role) ? translate(roleLabelKey(role)) : ''}
    </Typography>
  );
};

export const EnabledField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return record.enabled ? (
    <Chip size="small" color="success" variant="outlined" label={translate('kaigi.users.enabled')} />
  ) : (
    <Chip size="small" label={translate('kaigi.users.disabled')} />
  );
};

/** The company of a COMPANY_ADMIN login (name1); nothing for chamber users. */
export const CompanyField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record?.company_id)
    return (
      <Typography component="span" variant="body2">
        {translate('kaigi.users.no_company')}
      </Typography>
    );
  return (
    <ReferenceField source="company_id" reference="companies" link={false}>
      <TextField source="attributes.name1" />
    </ReferenceField>
  );
};
