/**
 * A list of the conference screen that could not be loaded: the Japanese reason and 「再読み込み」.
 * Shared by the answers, invitees and companies tabs and the member search of 会員を選んで招待.
 */
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { problemMessage } from './problemMessage';

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}

export const LoadError = ({ error, onRetry, sx }: LoadErrorProps) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('kaigi.conferences.errors.retry')}
        </Button>
      }
    >
      {problemMessage(error, translate)}
    </Alert>
  );
};
