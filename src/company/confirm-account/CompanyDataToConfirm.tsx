/**
 * The confirm-account screen's company data (issue 18 item 6): what the admin confirms (name, kana,
 * address, phone, e-mail, representative), with each field the chamber changed since the last
 * confirmation marked and its former value shown (GET …/companies/{id}/chamber_changes).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { httpClient } from '../../api/httpClient';
import type { ChamberChanges, Company } from '../../api/schema';
import { portalKeys } from '../api';

const FIELDS = ['name1', 'name_kana', 'postal_code', 'address', 'phone', 'email', 'representative'] as const;

export const CompanyDataToConfirm = ({ company }: { company: Company & { id: number } }) => {
  const translate = useTranslate();
  const changes = useQuery({
    queryKey: [...portalKeys.all, 'chamber_changes', company.id, company.version],
    queryFn: async () => (await httpClient.request<ChamberChanges>(`/v1/company/companies/${company.id}/chamber_changes`)).json,
  });
  const changed = new Map((changes.data?.fields ?? []).map((f) => [f.field, f]));
  const empty = translate('kaigi.company.confirm_account.empty_value');
  return (
    <Box component="section" aria-labelledby="confirm-account-company-data" sx={{ mt: 2 }}>
      <Typography id="confirm-account-company-data" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate('kaigi.company.confirm_account.company_data')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(
          changed.size > 0
            ? 'kaigi.company.confirm_account.company_data_changed'
            : 'kaigi.company.confirm_account.company_data_help',
        )}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, gap: { xs: 0, sm: '6px 24px' }, m: 0 }}
      >
        {FIELDS.map((field) => {
          const change = changed.get(field);
          const value = company.attributes?.[field];
          return (
            <Box key={field} sx={{ display: 'contents' }} data-testid={`confirm-field-${field}`}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 700, mt: { xs: 1, sm: 0 } }}>
                {translate(`kaigi.company.profile.fields.${field}`)}
              </Typography>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <Typography component="span" variant="body2">
                  {typeof value === 'string' && value !== '' ? value : empty}
                </Typography>
                {change && (
                  <>
                    {' '}
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={translate('kaigi.company.confirm_account.changed_by_chamber')}
                    />
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {translate('kaigi.company.confirm_account.before', { value: change.before ?? empty })}
                    </Typography>
                  </>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
