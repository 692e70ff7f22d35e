/**
 * 確認コードを再送する on the reset page (issue 18 item 4): calls forget_password again for the
 * e-mail, then waits before allowing another. The server allows 5 requests per account in 15
 * minutes (server/routes/company/common/users.ts); one a minute keeps a user inside it, and a 429
 * waits for its Retry-After instead.
 */
import { useEffect, useState } from 'react';
import { isHttpError } from '../api/errors';
import { requestResetCode } from './passwordReset';

export const RESEND_WAIT_SECONDS = 60;

const retryAfterSeconds = (error: unknown): number | null => {
  if (!isHttpError(error) || error.status !== 429) return null;
  const seconds = Number(error.headers?.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : RESEND_WAIT_SECONDS;
};

export type ResendState = 'idle' | 'sending' | 'sent' | 'limited' | 'failed';

export const useResendCode = (email: string) => {
  const [state, setState] = useState<ResendState>('idle');
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const resend = async () => {
    setState('sending');
    try {
      await requestResetCode(email.normalize('NFKC').trim());
      setState('sent');
      setWait(RESEND_WAIT_SECONDS);
    } catch (error) {
      const limited = retryAfterSeconds(error);
      setState(limited === null ? 'failed' : 'limited');
      if (limited !== null) setWait(limited);
    }
  };

  return { state, wait, resend, disabled: state === 'sending' || wait > 0 };
};
