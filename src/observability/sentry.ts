/**
 * Error reporting (spec §9, DESIGN §3): initialised only when config.json has a DSN, through a
 * dynamic import so @sentry/react stays out of the initial bundle (DESIGN §9 budget).
 */
import type { RuntimeConfig } from '../config/runtimeConfig';

export const SENTRY_RATES = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

export const initSentry = async (config: RuntimeConfig['sentry']): Promise<boolean> => {
  if (!config.dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment || 'production',
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    ...SENTRY_RATES,
  });
  return true;
};
