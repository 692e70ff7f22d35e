/** 「シングルサインオン」 on /login, and the progress of the hosted-login round trip (issue 15 item 8). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { HostedStep } from './useHostedLogin';

export const HostedLoginSection = ({
  divider,
  disabled,
  onClick,
}: {
  /** 「または」 between the password form and the button */
  divider: boolean;
  disabled: boolean;
  onClick: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: divider ? 3 : 0 }}>
      {divider && (
        <Divider sx={{ mb: 3 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.login.hosted.or')}
          </Typography>
        </Divider>
      )}
      <Button variant="outlined" size="large" fullWidth disabled={disabled} onClick={onClick}>
        {translate('kaigi.login.hosted.button')}
      </Button>
    </Box>
  );
};

export const HostedLoginProgress = ({ step }: { step: Exclude<HostedStep, 'idle'> }) => {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{translate(step === 'leaving' ? 'kaigi.login.hosted.leaving' : 'kaigi.login.hosted.returning')}</Typography>
    </Box>
  );
};
