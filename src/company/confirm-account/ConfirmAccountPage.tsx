/**
 * /company/confirm-account (spec §2, §4): the forced confirmation step. Reads the query flags
 * version, company_id, hasChangePassword=true, hasAddEmail=true. The form comes in a later issue;
 * it must remove the link_to_confirm_account cookie once the company has confirmed.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

export interface ConfirmAccountFlags {
  version: string | null;
  companyId: string | null;
  hasChangePassword: boolean;
  hasAddEmail: boolean;
}

export const readConfirmAccountFlags = (search: string): ConfirmAccountFlags => {
  const params = new URLSearchParams(search);
  return {
    version: params.get('version'),
    companyId: params.get('company_id'),
    hasChangePassword: params.get('hasChangePassword') === 'true',
    hasAddEmail: params.get('hasAddEmail') === 'true',
  };
};

export const ConfirmAccountPage = () => {
  const translate = useTranslate();
  const flags = readConfirmAccountFlags(useLocation().search);
  const yesNo = (value: boolean) =>
    translate(value ? 'kaigi.company.confirm_account.required' : 'kaigi.company.confirm_account.not_required');

  const rows: Array<[string, string, string]> = [
    ['version', 'kaigi.company.confirm_account.version', flags.version ?? ''],
    ['company-id', 'kaigi.company.confirm_account.company_id', flags.companyId ?? ''],
    ['has-change-password', 'kaigi.company.confirm_account.has_change_password', yesNo(flags.hasChangePassword)],
    ['has-add-email', 'kaigi.company.confirm_account.has_add_email', yesNo(flags.hasAddEmail)],
  ];

  return (
    <>
      <Title title={translate('kaigi.company.confirm_account.title')} />
      <Card sx={{ mt: 2, maxWidth: 640 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('kaigi.company.confirm_account.title')}
          </Typography>
          <Typography gutterBottom>{translate('kaigi.company.confirm_account.intro')}</Typography>
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px' }}>
            {rows.map(([id, labelKey, value]) => (
              <div key={id} style={{ display: 'contents' }}>
                <dt>{translate(labelKey)}</dt>
                <dd style={{ margin: 0 }} data-testid={`confirm-account-${id}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <Typography color="text.secondary">{translate('kaigi.company.confirm_account.placeholder')}</Typography>
        </CardContent>
      </Card>
    </>
  );
};

export default ConfirmAccountPage;
