/**
 * 「受付」 and 「定足数」 on a conference's page, beside 会議室 (issue 14): the reception desk
 * (/conferences/{id}/reception) and the quorum board (/conferences/{id}/quorum).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import GavelIcon from '@mui/icons-material/Gavel';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';

export const ReceptionButtons = () => {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number; name?: string }>();
  const { canAccess } = useCanAccess({ resource: 'conference_receptions', action: 'show' });
  if (!record || !canAccess) return null;
  const name = record.name ?? '';
  return (
    <>
      <Button
        size="small"
        component={RouterLink}
        to={`/conferences/${record.id}/reception`}
        startIcon={<HowToRegIcon />}
        aria-label={translate('kaigi.reception.open_button_aria', { name })}
      >
        {translate('kaigi.reception.open_button')}
      </Button>
      <Button
        size="small"
        component={RouterLink}
        to={`/conferences/${record.id}/quorum`}
        startIcon={<GavelIcon />}
        aria-label={translate('kaigi.reception.quorum_button_aria', { name })}
      >
        {translate('kaigi.reception.quorum_button')}
      </Button>
    </>
  );
};
