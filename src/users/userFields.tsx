/** Pieces shared by the users views: role choices and labels, the company and status fields. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ReferenceField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { CHAMBER_ROLES, ROLES, isChamberRole, isRole, roleLabelKey, type Role } from '../../access/roles';

const choicesOf = (roles: readonly Role[]) => roles.map((role) => ({ id: role, name: roleLabelKey(role) }));

/** The three roles (spec §1) with their Japanese labels (kaigi.roles.*). */
export const ROLE_CHOICES = choicesOf(ROLES);

/** The roles a staff account is created with (DESIGN.md §6). */
export const STAFF_ROLE_CHOICES = choicesOf(CHAMBER_ROLES);

/** The roles `role` may change to: a login never crosses the company / chamber sides (DESIGN.md §6). */
export const roleChoicesOnSideOf = (role: unknown) =>
  isRole(role) && !isChamberRole(role) ? choicesOf(['COMPANY_ADMIN']) : STAFF_ROLE_CHOICES;

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
