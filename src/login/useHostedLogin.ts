/**
 * The hosted login on /login (auth/hostedLogin.ts, issue 15 item 8): the callback of a round trip
 * is completed once (authProvider.login({ hostedCallback })); with COGNITO_HOSTED_LOGIN_ONLY a
 * signed-out visit leaves for the hosted login straight away, unless it just came back with an
 * error (no loop).
 */
import { useEffect, useRef, useState } from 'react';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { hostedCallback, hostedLoginOf, startHostedLogin, takeHostedCallback } from '../auth/hostedLogin';
import { loginErrorKey } from './loginErrors';
import type { LoginParams } from '../providers/authProvider';

export type HostedStep = 'idle' | 'leaving' | 'returning';

interface Options {
  prev: string | null;
  /** react-admin's useAuthState: leave only once it is known that nobody is signed in. */
  isPending: boolean;
  authenticated: boolean | undefined;
  submit: (params: LoginParams) => Promise<void>;
  setErrorKey: (key: string | null) => void;
}

export const useHostedLogin = ({ prev, isPending, authenticated, submit, setErrorKey }: Options) => {
  const hosted = hostedLoginOf(getRuntimeConfig());
  // pure reads (StrictMode calls initialisers twice); the effect below takes the callback
  const [step, setStep] = useState<HostedStep>(() => {
    const callback = hostedCallback();
    if (callback) return callback.error ? 'idle' : 'returning';
    return hosted?.only ? 'leaving' : 'idle';
  });
  const handled = useRef(false);

  const go = () =>
    startHostedLogin(prev).catch((error: unknown) => {
      console.warn('[login] hosted login failed to start', error);
      setStep('idle');
      setErrorKey(loginErrorKey(error));
    });

  const leave = () => {
    setStep('leaving');
    setErrorKey(null);
    void go();
  };

  useEffect(() => {
    if (handled.current || !hosted) return;
    const callback = takeHostedCallback();
    if (callback) {
      handled.current = true;
      if (callback.error) {
        setErrorKey(callback.error === 'access_denied' ? 'kaigi.login.errors.hosted_cancelled' : 'kaigi.login.errors.hosted');
        return;
      }
      // step is 'returning' from the start; on success react-admin navigates away; on failure the page offers the button again
      void submit({ hostedCallback: true }).finally(() => setStep('idle'));
      return;
    }
    if (!hosted.only || isPending || authenticated) return;
    handled.current = true;
    void go();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load, when the auth state is known
  }, [isPending, authenticated]);

  return { hosted, step, leave };
};
