/**
 * admin_changed_info_flag (spec §4): '1' = the chamber changed the company's data, the company
 * admin confirms at the next sign-in; '0' = confirmed.
 */
import { Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Company } from './types';

export const isPendingConfirmation = (record: Partial<Company> | undefined | null) =>
  record?.attributes?.admin_changed_info_flag === '1';

export const CompanyFlagField = ({ record: recordProp }: { record?: Company; label?: string }) => {
  const translate = useTranslate();
  const fromContext = useRecordContext<Company>();
  const record = recordProp ?? fromContext;
  if (!record) return null;
  const pending = isPendingConfirmation(record);
  const help = translate(pending ? 'kaigi.companies.flag.pending_help' : 'kaigi.companies.flag.confirmed_help');
  return (
    <Tooltip title={help}>
      <Chip
        size="small"
        color={pending ? 'warning' : 'default'}
        variant={pending ? 'filled' : 'outlined'}
        label={translate(pending ? 'kaigi.companies.flag.pending' : 'kaigi.companies.flag.confirmed')}
        aria-label={`${translate(pending ? 'kaigi.companies.flag.pending' : 'kaigi.companies.flag.confirmed')}: ${help}`}
      />
    </Tooltip>
  );
};
