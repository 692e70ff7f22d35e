/** Says that the form holds input kept from before a sign-in (useRouteDraft). */
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';

export const DraftRestoredNotice = ({ show }: { show: boolean }) => {
  const translate = useTranslate();
  return (
    <div role="status" aria-live="polite">
      {show && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="draft-restored">
          {translate('kaigi.common.drafts.restored')}
        </Alert>
      )}
    </div>
  );
};
